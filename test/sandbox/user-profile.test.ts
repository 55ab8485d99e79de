import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { AVATAR_PRESETS, createSandbox, SANDBOX_USER_ID, SANDBOX_USERS } from '../../src/sandbox/index.js';
import { ACCEPT, errorOf, get, getJson, type Json, send } from './helpers.js';

const sandbox = createSandbox();
let alice: string;

beforeEach(() => {
  sandbox.reset();
  alice = sandbox.issueUserToken({ scope: 'public' }).access_token;
});

const recorded = (name: string): { response: { body: Json } } =>
  JSON.parse(readFileSync(new URL(`../fixtures/recorded/${name}.json`, import.meta.url), 'utf8'));

/** A 1×1 PNG, base64. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function user(token = alice): Promise<Json> {
  return (await getJson<{ user: Json }>(sandbox, token, '/user')).user;
}

async function patch(body: unknown): Promise<Response> {
  return send(sandbox, alice, 'PATCH', '/user', body);
}

describe('GET /user', () => {
  it('answers {user} with every profile field of the spec', async () => {
    const profile = await user();
    expect(Object.keys(profile)).toEqual([
      'id',
      'username',
      'type',
      'sex',
      'avatar',
      'created_at',
      'email',
      'birthyear',
      'mobile',
      'stats',
      'email_notifications',
      'is_staff',
      'resend_verification_email',
    ]);
    expect(profile).toMatchObject({
      id: SANDBOX_USER_ID,
      username: 'alice',
      sex: 'female',
      birthyear: 1988,
      is_staff: false,
      stats: { sku_review_count: 0, shop_review_count: 4, sku_comment_count: 2, received_votes: 17 },
    });
    expect(profile.email_notifications).toContainEqual({
      field: 'price_alerts',
      label: expect.any(String),
      description: expect.any(String),
      enabled: true,
    });
  });

  it('shows each seeded user their own profile; blank fields are null', async () => {
    const carol = await user(
      sandbox.issueUserToken({ userId: SANDBOX_USERS.carol, scope: 'public' }).access_token,
    );
    expect(carol).toMatchObject({
      id: SANDBOX_USERS.carol,
      username: 'carol',
      sex: null,
      birthyear: null,
      mobile: null,
    });
  });

  it('leaves is_staff out before 3.2.1', async () => {
    const response = await get(sandbox, alice, '/user', { Accept: ACCEPT('3.1') });
    const { user: old } = (await response.json()) as { user: Json };
    expect(old).not.toHaveProperty('is_staff');
  });

  it('counts the user’s reviews live in stats.sku_review_count', async () => {
    const sku = sandbox.data.skus.find((s) => s.reviewable && !s.future && s.category_id === 40);
    const response = await send(sandbox, alice, 'POST', `/skus/${sku?.id}/reviews`, {
      review: { rating: 4, review: 'Πολύ καλό τηλέφωνο, η μπαταρία κρατάει δύο μέρες.', answer_ids: [] },
    });
    expect(response.status).toBe(201);
    expect(((await user()).stats as Json).sku_review_count).toBe(1);
  });
});

describe('PATCH /user', () => {
  it('changes sex, birthyear, mobile and e-mail settings; later reads show them', async () => {
    const response = await patch({
      sex: 'male',
      birthyear: 1990,
      mobile: '6970000000',
      email_notifications: { newsletter: true },
    });
    expect(response.status).toBe(200);
    const { user: answered } = (await response.json()) as { user: Json };
    expect(answered).toMatchObject({ sex: 'male', birthyear: 1990, mobile: '6970000000' });
    const later = await user();
    expect(later).toMatchObject({ sex: 'male', birthyear: 1990, mobile: '6970000000' });
    expect(later.email_notifications).toContainEqual(
      expect.objectContaining({ field: 'newsletter', enabled: true }),
    );
  });

  it('reads fields under user[...] too, and null clears sex, birthyear and mobile', async () => {
    expect((await patch({ user: { sex: null, birthyear: null, mobile: null } })).status).toBe(200);
    expect(await user()).toMatchObject({ sex: null, birthyear: null, mobile: null });
  });

  it('refuses bad values with 422 RecordInvalid listing every problem, changing nothing', async () => {
    const error = await errorOf(await patch({ sex: 'other', birthyear: 1850, mobile: 'call me' }), 422);
    expect(error.code).toBe('RecordInvalid');
    expect(error.messages).toHaveLength(3);
    expect(await user()).toMatchObject({ sex: 'female', birthyear: 1988, mobile: '6941234567' });
    const taken = await errorOf(await patch({ username: 'bob' }), 422);
    expect(taken.messages).toEqual(['Username has already been taken']);
  });

  it('avatar_preset must be a file name of GET /user/avatars', async () => {
    const { avatars } = await getJson<{ avatars: string[] }>(sandbox, alice, '/user/avatars');
    const chosen = AVATAR_PRESETS[5] as string;
    const ok = await patch({ avatar_preset: chosen });
    expect(ok.status).toBe(200);
    const avatar = (await user()).avatar as string;
    expect(avatar.endsWith(`/${chosen}`)).toBe(true);
    expect(avatars).toContain(avatar);
    expect((await errorOf(await patch({ avatar_preset: 'mine.jpg' }), 422)).code).toBe('RecordInvalid');
    expect((await patch({ avatar_preset: avatars[0] })).status).toBe(422);
  });

  it('avatar is base64 without a data: preamble; a preamble or invalid base64 is a 422', async () => {
    const ok = await patch({ avatar: PNG });
    expect(ok.status).toBe(200);
    const avatar = (await user()).avatar as string;
    expect(avatar).toMatch(/^https:\/\/.+\.png$/);
    const preamble = await errorOf(await patch({ avatar: `data:image/png;base64,${PNG}` }), 422);
    expect(preamble.messages[0]).toMatch(/preamble/);
    expect((await patch({ avatar: 'not base64!' })).status).toBe(422);
    expect((await patch({ avatar: btoa('plain text, not an image') })).status).toBe(422);
    expect((await user()).avatar).toBe(avatar);
  });
});

describe('avatars, addresses, saved orders', () => {
  it('GET /user/avatars lists the presets in the recorded shape', async () => {
    const body = await getJson<{ avatars: string[] }>(sandbox, alice, '/user/avatars');
    const names = (urls: string[]) => urls.map((url) => url.slice(url.lastIndexOf('/') + 1));
    expect(Object.keys(body)).toEqual(['avatars']);
    expect(names(body.avatars)).toEqual(names(recorded('user_avatars').response.body.avatars as string[]));
  });

  it('GET /user/addresses and the form', async () => {
    const { addresses } = await getJson<{ addresses: Json[] }>(sandbox, alice, '/user/addresses');
    expect(addresses.map((a) => a.label)).toEqual(['home', 'work']);
    expect(addresses[0]).toMatchObject({
      full: expect.stringContaining('Αθήνα'),
      lat: '37.9838',
      lng: '23.7275',
    });
    const keys = Object.keys(recorded('user_addresses_update').response.body.address as Json);
    for (const key of keys) expect(addresses[0]).toHaveProperty(key);
    expect(await getJson(sandbox, alice, '/user/addresses/new')).toEqual({
      address_form: { required: ['label', 'full'] },
    });
  });

  it('POST /user/addresses: label and full required; lat/lng filled for a known city, else null', async () => {
    const missing = await errorOf(await send(sandbox, alice, 'POST', '/user/addresses', { label: 'x' }), 422);
    expect(missing).toEqual({ code: 'RecordInvalid', messages: ["Full can't be blank"] });
    const both = await errorOf(await send(sandbox, alice, 'POST', '/user/addresses', {}), 422);
    expect(both.messages).toHaveLength(2);
    const known = await send(sandbox, alice, 'POST', '/user/addresses', {
      label: 'parents',
      full: 'Κορίνθου 5, Πάτρα',
    });
    expect(known.status).toBe(201);
    const { address } = (await known.json()) as { address: Json };
    expect(address).toMatchObject({
      id: expect.any(Number),
      label: 'parents',
      lat: '38.2466',
      lng: '21.7346',
    });
    const unknown = await send(sandbox, alice, 'POST', '/user/addresses', {
      address: { label: 'cabin', full: 'Somewhere 1, Nowhere' },
    });
    expect(((await unknown.json()) as { address: Json }).address).toMatchObject({ lat: null, lng: null });
    const { addresses } = await getJson<{ addresses: Json[] }>(sandbox, alice, '/user/addresses');
    expect(addresses.map((a) => a.label)).toEqual(['home', 'work', 'parents', 'cabin']);
  });

  it('PUT /user/addresses/:id is partial; lat/lng follow a change of full', async () => {
    const bob = sandbox.issueUserToken({ userId: SANDBOX_USERS.bob, scope: 'public' }).access_token;
    // As recorded: one part changed, the rest kept.
    const part = await send(sandbox, bob, 'PUT', '/user/addresses/48937', { street_number: '62' });
    expect(part.status).toBe(200);
    expect(((await part.json()) as { address: Json }).address).toMatchObject({
      id: 48937,
      label: 'home',
      street_number: '62',
      first_name: 'bill',
      lat: null,
      lng: null,
    });
    const moved = await send(sandbox, bob, 'PUT', '/user/addresses/48937', {
      full: 'Τσιμισκή 20, Θεσσαλονίκη',
    });
    expect(((await moved.json()) as { address: Json }).address).toMatchObject({
      lat: '40.6401',
      lng: '22.9444',
    });
    const blank = await send(sandbox, bob, 'PUT', '/user/addresses/48937', { label: '' });
    expect((await errorOf(blank, 422)).messages).toEqual(["Label can't be blank"]);
    // Another user's address does not exist for alice.
    expect((await send(sandbox, alice, 'PUT', '/user/addresses/48937', { label: 'x' })).status).toBe(404);
  });

  it('DELETE /user/addresses/:id: 204, then 404', async () => {
    const response = await send(sandbox, alice, 'DELETE', '/user/addresses/48121');
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await send(sandbox, alice, 'DELETE', '/user/addresses/48121')).status).toBe(404);
    const { addresses } = await getJson<{ addresses: Json[] }>(sandbox, alice, '/user/addresses');
    expect(addresses.map((a) => a.id)).toEqual([48120]);
  });

  it('GET /user/saved_orders: newest first, paginated, line items of real SKUs and products', async () => {
    const body = await getJson<{ saved_orders: Json[]; meta: Json }>(sandbox, alice, '/user/saved_orders');
    expect(body.saved_orders).toHaveLength(3);
    expect(body.meta).toEqual({ pagination: { total_results: 3, total_pages: 1, page: 1, per: 25 } });
    const dates = body.saved_orders.map((o) => Date.parse(o.date as string));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const order of body.saved_orders) {
      expect(Object.keys(order)).toEqual([
        'date',
        'products_cost',
        'shipping_cost',
        'total_cost',
        'line_items',
        'shop_id',
        'order_code',
      ]);
      for (const item of order.line_items as Json[]) {
        const product = sandbox.data.products.find((p) => p.id === item.product_id);
        expect(product).toMatchObject({
          sku_id: item.sku_id,
          category_id: item.category_id,
          shop_id: order.shop_id,
        });
      }
    }
    const carol = sandbox.issueUserToken({ userId: SANDBOX_USERS.carol, scope: 'public' }).access_token;
    expect(
      (await getJson<{ saved_orders: Json[] }>(sandbox, carol, '/user/saved_orders')).saved_orders,
    ).toEqual([]);
  });

  it('DELETE /user/logout: 200 with an empty body, then the token is refused', async () => {
    const response = await send(sandbox, alice, 'DELETE', '/user/logout');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect((await errorOf(await get(sandbox, alice, '/user'), 401)).code).toBe('Unauthorized');
  });
});
