import { describe, expect, expectTypeOf, it } from 'vitest';
import { type LocationAddress, NotFoundError, type ShopRatingBreakdown } from '../../src/index.js';
import { expectRefused, newSandbox, sandboxClient } from '../helpers/index.js';

// Seed 1: the first shop, with structured locations (2500 among them).
const SHOP_ID = 452;

function setup() {
  const sandbox = newSandbox();
  return { sandbox, api: sandboxClient(sandbox, { cache: false }) };
}

describe('shops', () => {
  it('a shop by id', async () => {
    const { api, sandbox } = setup();
    const shop = await api.shops.get(SHOP_ID);
    expect(shop.id).toBe(SHOP_ID);
    expect(shop.review_score).toBeGreaterThanOrEqual(0);
    expect(shop.review_score).toBeLessThanOrEqual(5);
    expect(typeof shop.payment_methods.credit_card).toBe('boolean');
    expect(typeof shop.shipping.shipping_cost_enabled).toBe('boolean');
    const [call] = sandbox.apiCalls({ path: `/shops/${SHOP_ID}` });
    expect(call?.method).toBe('GET');
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('reviews: every review once, and a typed rating breakdown', async () => {
    const { api, sandbox } = setup();
    const shop = await api.shops.get(SHOP_ID);
    const page = await api.shops.reviews(SHOP_ID, { include_meta: 'shop_rating_breakdown', per: 50 });
    const breakdown = page.body.meta.shop_rating_breakdown;
    expectTypeOf(breakdown).toEqualTypeOf<ShopRatingBreakdown[]>();
    expect(breakdown.map((b) => b.impression)).toEqual(['positive', 'negative']);
    expect(breakdown.reduce((sum, b) => sum + b.percentage, 0)).toBe(100);
    expect(breakdown.reduce((sum, b) => sum + b.count, 0)).toBe(shop.latest_reviews_count);

    const all = await api.shops.reviews(SHOP_ID, { per: 50 }).toArray();
    expect(all).toHaveLength(shop.reviews_count ?? -1);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    expect(all.every((r) => r.rating >= 1 && r.rating <= 5 && Array.isArray(r.reasons))).toBe(true);

    const calls = sandbox.apiCalls({ path: `/shops/${SHOP_ID}/reviews` });
    expect(calls[0]?.query.get('include_meta')).toBe('shop_rating_breakdown');
    expect(calls.slice(1).map((c) => c.query.get('include_meta'))).toEqual(calls.slice(1).map(() => null));
    expect(calls).toHaveLength(1 + Math.ceil(Number(shop.reviews_count) / 50));
  });

  it('locations: the address with embed, filled only for structured ones', async () => {
    const { api, sandbox } = setup();
    const plain = await api.shops.locations(SHOP_ID).toArray();
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((l) => !('address' in l))).toBe(true);

    const withAddress = await api.shops.locations(SHOP_ID, { embed: 'address' }).toArray();
    expectTypeOf(withAddress[0]?.address).toEqualTypeOf<LocationAddress | undefined>();
    expect(withAddress.map((l) => l.id)).toEqual(plain.map((l) => l.id));
    for (const location of withAddress) {
      expect(location.address.id).toBe(location.id);
      if (location.format === 'structured') expect(location.address.city).toBeTruthy();
    }
    const calls = sandbox.apiCalls({ path: `/shops/${SHOP_ID}/locations` });
    expect(calls.map((c) => c.query.get('embed'))).toEqual([null, 'address']);

    // Somewhere in the seed an unstructured location: its address parts are all null.
    const record = sandbox.data.shopLocations.find((l) => l.format === 'unstructured');
    expect(record).toBeDefined();
    const unstructured = await api.shops.location(record?.shop_id as number, record?.id as number, {
      embed: 'address',
    });
    const { id, ...parts } = unstructured.address;
    expect(id).toBe(unstructured.id);
    expect(Object.values(parts).every((v) => v === null)).toBe(true);
  });

  it('one location, with and without its address', async () => {
    const { api, sandbox } = setup();
    const [first] = await api.shops.locations(SHOP_ID, { embed: 'address', per: 1 }).toArray({ limit: 1 });
    const one = await api.shops.location(SHOP_ID, first?.id as number, { embed: 'address' });
    expectTypeOf(one.address).toEqualTypeOf<LocationAddress>();
    expect(one).toEqual(first);
    const bare = await api.shops.location(SHOP_ID, first?.id as number);
    expectTypeOf(bare).not.toHaveProperty('address');
    expect(bare).not.toHaveProperty('address');
    expect(
      sandbox.apiCalls({ path: `/shops/${SHOP_ID}/locations/${first?.id}` }).map((c) => c.query.get('embed')),
    ).toEqual(['address', null]);
    // A location of another shop is not this shop's.
    const other = sandbox.data.shopLocations.find((l) => l.shop_id !== SHOP_ID);
    await expect(api.shops.location(SHOP_ID, other?.id as number)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('search by name', async () => {
    const { api, sandbox } = setup();
    const shop = await api.shops.get(SHOP_ID);
    const word = shop.name.split(' ')[0] as string;
    const found = await api.shops.search({ q: word }).toArray();
    expect(found.map((s) => s.id)).toContain(SHOP_ID);
    expect(found.every((s) => s.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect(sandbox.apiCalls({ path: '/shops/search' })[0]?.query.get('q')).toBe(word);
    expect((await api.shops.search({ q: 'zzqqxxyy' })).items).toEqual([]);
  });

  it('unknown ids are 404; bad ids and an empty search never leave', async () => {
    const { api, sandbox } = setup();
    const error = await api.shops.get(987_654_321).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'RecordNotFound' });
    await expect(api.shops.reviews(987_654_321)).rejects.toBeInstanceOf(NotFoundError);
    await expect(api.shops.location(SHOP_ID, 987_654_321)).rejects.toBeInstanceOf(NotFoundError);

    const before = sandbox.requests.length;
    await expectRefused(sandbox, () => api.shops.get(0), 'InvalidId');
    await expectRefused(sandbox, () => api.shops.locations(-1), 'InvalidId');
    await expectRefused(sandbox, () => api.shops.location(SHOP_ID, 2.5), 'InvalidId');
    await expectRefused(sandbox, () => api.shops.search({ q: ' ' }), 'InvalidSearch');
    // @ts-expect-error: not a meta of shop reviews
    const skuMeta = () => api.shops.reviews(SHOP_ID, { include_meta: 'sku_rating_breakdown' });
    await expectRefused(sandbox, skuMeta, 'InvalidParam');
    // @ts-expect-error: locations embed only the address
    await expectRefused(sandbox, () => api.shops.location(SHOP_ID, 2500, { embed: 'shop' }), 'InvalidParam');
    expect(sandbox.requests).toHaveLength(before);
  });
});
