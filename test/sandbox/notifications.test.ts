import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createSandbox,
  type NotificationRecord,
  SANDBOX_USER_ID,
  SANDBOX_USERS,
  type SkuRecord,
} from '../../src/sandbox/index.js';
import { errorOf, get, getJson, type Json, linkRel, send } from './helpers.js';

const sandbox = createSandbox();
let alice: string;
let bob: string;

beforeEach(() => {
  sandbox.reset();
  alice = sandbox.issueUserToken({ scope: 'public notifications favorites' }).access_token;
  bob = sandbox.issueUserToken({ userId: SANDBOX_USERS.bob, scope: 'public notifications' }).access_token;
});

afterEach(() => {
  vi.useRealTimers();
});

const recordedNotification = (): Json =>
  JSON.parse(readFileSync(new URL('../fixtures/recorded/notifications_show.json', import.meta.url), 'utf8'))
    .response.body.notification;

const seeded = (userId = SANDBOX_USER_ID): NotificationRecord[] =>
  sandbox.data.notifications.filter((n) => n.user_id === userId);
const ofType = (etype: string, userId = SANDBOX_USER_ID): NotificationRecord => {
  const found = seeded(userId).find((n) => n.etype === etype && (etype !== 'sku_review' || !n.aggregated));
  if (!found) throw new Error(`no ${etype}`);
  return found;
};
const skuOf = (id: number): SkuRecord => {
  const sku = sandbox.data.skus.find((s) => s.id === id);
  if (!sku) throw new Error(`no SKU ${id}`);
  return sku;
};

async function list(token = alice, query = ''): Promise<Json[]> {
  return (await getJson<{ notifications: Json[] }>(sandbox, token, `/notifications${query}`)).notifications;
}

async function one(id: number, token = alice): Promise<Json> {
  return (await getJson<{ notification: Json }>(sandbox, token, `/notifications/${id}`)).notification;
}

describe('reading notifications', () => {
  it('GET /notifications: the user’s own, newest first, several etypes', async () => {
    const notifications = await list();
    const ids = notifications.map((n) => n.id as number);
    expect(ids).toEqual(
      seeded()
        .map((n) => n.id)
        .sort((a, b) => b - a),
    );
    expect(new Set(notifications.map((n) => n.etype))).toEqual(
      new Set(['price_drop', 'price_up', 'availability_true', 'sku_release', 'sku_review']),
    );
    expect((await list(bob)).every((n) => seeded(SANDBOX_USERS.bob).some((s) => s.id === n.id))).toBe(true);
    const carol = sandbox.issueUserToken({
      userId: SANDBOX_USERS.carol,
      scope: 'notifications',
    }).access_token;
    expect(await list(carol)).toEqual([]);
  });

  it('is paginated with meta and Link', async () => {
    const response = await get(sandbox, alice, '/notifications?per=2');
    const body = (await response.json()) as { notifications: Json[]; meta: Json };
    expect(body.notifications).toHaveLength(2);
    expect(body.meta).toEqual({
      pagination: {
        total_results: seeded().length,
        total_pages: Math.ceil(seeded().length / 2),
        page: 1,
        per: 2,
      },
    });
    expect(linkRel(response.headers.get('link'), 'next')).toMatch(/page=2/);
  });

  it('a price notification has the recorded shape: snapshot, reduced sku, category_name', async () => {
    const drop = ofType('price_drop');
    const listed = (await list()).find((n) => n.id === drop.id) as Json;
    const recorded = recordedNotification();
    expect(Object.keys(listed)).toEqual(Object.keys(recorded));
    expect(Object.keys(listed.snapshot as Json)).toEqual(Object.keys(recorded.snapshot as Json));
    expect(Object.keys(listed.sku as Json)).toEqual(Object.keys(recorded.sku as Json));
    const sku = skuOf(drop.eventable_id);
    expect(listed).toMatchObject({
      etype: 'price_drop',
      eventable_type: 'Sku',
      eventable_name: sku.display_name,
      category_name: 'Κινητά Τηλέφωνα',
      sku: { id: sku.id, category_id: 40, display_name: sku.display_name },
    });
    // The snapshot ends at the SKU's current price.
    expect((listed.snapshot as Json).price_min).toBe(sku.price_min);
    expect(await one(drop.id)).toEqual(listed);
  });

  it('sku_review carries review_rating, and when not aggregated review_text and user', async () => {
    const notifications = await list();
    const reviews = notifications.filter((n) => n.etype === 'sku_review');
    const single = reviews.find((n) => n.aggregated === false) as Json;
    const aggregated = reviews.find((n) => n.aggregated === true) as Json;
    expect(single).toMatchObject({
      review_rating: expect.any(Number),
      review_text: expect.any(String),
      user: { id: expect.any(Number), username: expect.any(String), avatar: expect.any(String) },
      sku: expect.any(Object),
    });
    expect(aggregated.review_rating).toEqual(expect.any(Number));
    expect(aggregated).not.toHaveProperty('review_text');
    expect(aggregated).not.toHaveProperty('user');
    expect(single).not.toHaveProperty('category_name');
  });

  it('sku_release embeds no sku; availability_true does', async () => {
    const release = await one(ofType('sku_release').id);
    expect(release).not.toHaveProperty('sku');
    expect(release.snapshot).toEqual({});
    expect(await one(ofType('availability_true').id)).toHaveProperty('sku');
  });

  it('GET /notifications/:id of another user or unknown is a 404', async () => {
    const bobs = ofType('price_drop', SANDBOX_USERS.bob);
    expect((await errorOf(await get(sandbox, alice, `/notifications/${bobs.id}`), 404)).code).toBe(
      'RecordNotFound',
    );
    expect((await get(sandbox, alice, '/notifications/1')).status).toBe(404);
  });
});

describe('POST /notifications/view', () => {
  it('marks the given ids viewed: 204, empty body', async () => {
    const unviewed = seeded().filter((n) => !n.is_viewed);
    expect(unviewed.length).toBeGreaterThan(1);
    const [first, second] = unviewed as [NotificationRecord, NotificationRecord];
    const response = await send(sandbox, alice, 'POST', '/notifications/view', {
      ids: [first.id, second.id],
    });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const after = await one(first.id);
    expect(after.is_viewed).toBe(true);
    expect(after.updated_at).not.toBe(first.updated_at);
    expect((await one(second.id)).is_viewed).toBe(true);
    const rest = unviewed.slice(2);
    for (const n of rest) expect((await one(n.id)).is_viewed).toBe(false);
  });

  it('takes ids[] in the query too', async () => {
    const target = seeded().filter((n) => !n.is_viewed)[0] as NotificationRecord;
    const response = await send(sandbox, alice, 'POST', `/notifications/view?ids[]=${target.id}`);
    expect(response.status).toBe(204);
    expect((await one(target.id)).is_viewed).toBe(true);
  });

  it('ignores ids that are not the user’s; no ids at all is a 400', async () => {
    const bobs = seeded(SANDBOX_USERS.bob).find((n) => !n.is_viewed) as NotificationRecord;
    const response = await send(sandbox, alice, 'POST', '/notifications/view', { ids: [bobs.id, 1] });
    expect(response.status).toBe(204);
    expect((await one(bobs.id, bob)).is_viewed).toBe(false);
    expect(
      (await errorOf(await send(sandbox, alice, 'POST', '/notifications/view', { ids: [] }), 400)).code,
    ).toBe('InvalidParameter');
    expect((await send(sandbox, alice, 'POST', '/notifications/view', { ids: ['x'] })).status).toBe(400);
  });
});

describe('setPrice', () => {
  /** The SKU alice and bob both have among favorites. */
  function shared(): SkuRecord {
    const aliceSkus = new Set(
      sandbox.data.favorites.filter((f) => f.user_id === SANDBOX_USER_ID).map((f) => f.sku_id),
    );
    const favorite = sandbox.data.favorites.find(
      (f) => f.user_id === SANDBOX_USERS.bob && aliceSkus.has(f.sku_id),
    );
    return skuOf(favorite?.sku_id ?? 0);
  }

  it('a drop: SKU and products show the new price; each user with the favorite gets price_drop', async () => {
    vi.useFakeTimers({ now: Date.UTC(2025, 2, 10, 12) });
    const sku = shared();
    const reader = sandbox.issueToken();
    const newPrice = Math.round(sku.price_min * 80) / 100;
    const change = sandbox.setPrice(sku.id, newPrice);
    expect(change).toEqual({
      productId: expect.any(Number),
      priceMin: newPrice,
      priceMax: sku.price_max,
      notificationIds: [expect.any(Number), expect.any(Number)],
    });

    const { sku: wire } = await getJson<{ sku: Json }>(sandbox, reader, `/skus/${sku.id}`);
    expect(wire).toMatchObject({ price_min: newPrice, price_max: sku.price_max });
    const { product } = await getJson<{ product: Json }>(sandbox, reader, `/products/${change.productId}`);
    expect(product.price).toBe(newPrice);
    const { products } = await getJson<{ products: Json[] }>(sandbox, reader, `/skus/${sku.id}/products`);
    expect(products[0]).toMatchObject({ id: change.productId, price: newPrice });
    const prices = products.map((p) => p.price as number);
    expect(Math.min(...prices)).toBe(wire.price_min);
    expect(Math.max(...prices)).toBe(wire.price_max);

    const [newest] = await list();
    expect(newest).toMatchObject({
      id: change.notificationIds[0],
      etype: 'price_drop',
      eventable_id: sku.id,
      is_viewed: false,
      created_at: '2025-03-10T14:00:00+02:00',
      snapshot: { price_min: newPrice, latest_price: sku.price_min, change_rate: expect.any(Number) },
      sku: { id: sku.id },
      category_name: 'Κινητά Τηλέφωνα',
    });
    expect(((newest as Json).snapshot as Json).change_rate).toBeCloseTo(0.2, 2);
    expect((await list(bob))[0]).toMatchObject({ etype: 'price_drop', eventable_id: sku.id });
    const carol = sandbox.issueUserToken({
      userId: SANDBOX_USERS.carol,
      scope: 'notifications',
    }).access_token;
    expect(await list(carol)).toEqual([]);
  });

  it('a rise above the next offer: price_up, and price_min becomes the next cheapest', async () => {
    const sku = shared();
    const change = sandbox.setPrice(sku.id, sku.price_max + 50);
    const reader = sandbox.issueToken();
    const { sku: wire } = await getJson<{ sku: Json }>(sandbox, reader, `/skus/${sku.id}`);
    expect(wire.price_max).toBe(sku.price_max + 50);
    expect(wire.price_min).toBe(change.priceMin);
    expect(change.priceMin).toBeGreaterThan(sku.price_min);
    const [newest] = await list();
    expect(newest).toMatchObject({
      etype: 'price_up',
      snapshot: { price_min: change.priceMin, latest_price: sku.price_min },
    });
  });

  it('notifies a favorite created during the test, and nobody when price_min does not move', async () => {
    const carol = sandbox.issueUserToken({ userId: SANDBOX_USERS.carol, scope: 'favorites notifications' });
    const sku = sandbox.data.skus.find(
      (s) => s.category_id === 1105 && !s.future && s.shop_count >= 2,
    ) as SkuRecord;
    await send(sandbox, carol.access_token, 'POST', '/favorites', { favorite: { sku_id: sku.id } });
    const drop = sandbox.setPrice(sku.id, sku.price_min - 1);
    expect(drop.notificationIds).toHaveLength(1);
    expect(await list(carol.access_token)).toHaveLength(1);
    expect(sandbox.setPrice(sku.id, sku.price_min - 1).notificationIds).toEqual([]);
  });

  it('is undone by reset(); refuses unknown SKUs, future SKUs and prices <= 0', async () => {
    const sku = shared();
    sandbox.setPrice(sku.id, 1);
    sandbox.reset();
    const { sku: wire } = await getJson<{ sku: Json }>(sandbox, sandbox.issueToken(), `/skus/${sku.id}`);
    expect(wire.price_min).toBe(sku.price_min);
    expect(() => sandbox.setPrice(1, 10)).toThrow(/no SKU/);
    const future = sandbox.data.skus.find((s) => s.future) as SkuRecord;
    expect(() => sandbox.setPrice(future.id, 10)).toThrow(/no products/);
    expect(() => sandbox.setPrice(sku.id, 0)).toThrow(RangeError);
  });
});
