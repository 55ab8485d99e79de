import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSandbox,
  type FavoriteRecord,
  SANDBOX_USER_ID,
  SANDBOX_USERS,
  type SkuRecord,
} from '../../src/sandbox/index.js';
import { ACCEPT, errorOf, get, getJson, type Json, linkRel, type Pagination, send } from './helpers.js';

const sandbox = createSandbox();
let alice: string;

beforeEach(() => {
  sandbox.reset();
  alice = sandbox.issueUserToken({ scope: 'public favorites' }).access_token;
});

const GIFTS = 861_839;
const HOME = 902_114;
const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[23]:00$/;

interface FavoriteWire {
  id: number;
  have_it: boolean | null;
  user_id: number;
  sku_id: number;
  created_at: string;
  updated_at: string;
  favorite_list_id: number | null;
}

const seeded = (userId = SANDBOX_USER_ID): FavoriteRecord[] =>
  sandbox.data.favorites.filter((f) => f.user_id === userId);
const skuOf = (id: number): SkuRecord => {
  const sku = sandbox.data.skus.find((s) => s.id === id);
  if (!sku) throw new Error(`no SKU ${id}`);
  return sku;
};
/** A released SKU of a category that none of alice's favorites is in. */
function freshSku(categoryId: number, skip = 0): SkuRecord {
  const taken = new Set(seeded().map((f) => f.sku_id));
  const sku = sandbox.data.skus.filter((s) => s.category_id === categoryId && !s.future && !taken.has(s.id))[
    skip
  ];
  if (!sku) throw new Error(`no SKU in ${categoryId}`);
  return sku;
}
const aFavoriteIn = (listId: number): FavoriteRecord => {
  const favorite = seeded().find((f) => f.favorite_list_id === listId);
  if (!favorite) throw new Error(`nothing in list ${listId}`);
  return favorite;
};
const anOwned = (): FavoriteRecord => {
  const favorite = seeded().find((f) => f.have_it === true);
  if (!favorite) throw new Error('nothing owned');
  return favorite;
};

async function favorites(path: string, token = alice): Promise<{ favorites: FavoriteWire[]; meta?: Json }> {
  return getJson(sandbox, token, path);
}

async function created(body: unknown, path = '/favorites'): Promise<FavoriteWire> {
  const response = await send(sandbox, alice, 'POST', path, body);
  expect(response.status).toBe(201);
  return ((await response.json()) as { favorite: FavoriteWire }).favorite;
}

async function updated(id: number, body: unknown, query = ''): Promise<FavoriteWire> {
  const response = await send(sandbox, alice, 'PUT', `/favorites/${id}${query}`, body);
  expect(response.status).toBe(200);
  return ((await response.json()) as { favorite: FavoriteWire }).favorite;
}

async function lists(): Promise<{ id: number; name: string; category_id: number | null }[]> {
  return (
    await getJson<{ favorite_lists: { id: number; name: string; category_id: number | null }[] }>(
      sandbox,
      alice,
      '/favorite_lists',
    )
  ).favorite_lists;
}

describe('favorite lists', () => {
  it('GET /favorite_lists: custom and auto lists (negative ids) as {id, name, category_id}, with meta', async () => {
    const body = await getJson<{ favorite_lists: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      alice,
      '/favorite_lists',
    );
    expect(body.favorite_lists).toEqual([
      { id: GIFTS, name: 'Δώρα', category_id: null },
      { id: HOME, name: 'Για το σπίτι', category_id: null },
      { id: -40, name: 'Κινητά Τηλέφωνα', category_id: 40 },
      { id: -88, name: 'SSD Σκληροί Δίσκοι', category_id: 88 },
    ]);
    expect(body.meta.pagination).toEqual({ total_results: 4, total_pages: 1, page: 1, per: 25 });
  });

  it('POST /favorite_lists creates a custom list: 201 {favorite_list: {id, name, category_id: null, type}}', async () => {
    const response = await send(sandbox, alice, 'POST', '/favorite_lists', {
      favorite_list: { name: 'Διακοπές' },
    });
    expect(response.status).toBe(201);
    const { favorite_list: list } = (await response.json()) as { favorite_list: Json };
    expect(list).toEqual({ id: expect.any(Number), name: 'Διακοπές', category_id: null, type: 'custom' });
    expect(list.id).toBeGreaterThan(0);
    expect(await lists()).toContainEqual({ id: list.id, name: 'Διακοπές', category_id: null });
  });

  it('refuses a custom list whose name is taken with 422 RecordInvalid; an auto list name is free', async () => {
    const taken = await errorOf(
      await send(sandbox, alice, 'POST', '/favorite_lists', { favorite_list: { name: 'Δώρα' } }),
      422,
    );
    expect(taken).toEqual({ code: 'RecordInvalid', messages: ['Name has already been taken'] });
    const blank = await errorOf(
      await send(sandbox, alice, 'POST', '/favorite_lists', { favorite_list: {} }),
      422,
    );
    expect(blank.messages).toEqual(["Name can't be blank"]);
    const autoName = await send(sandbox, alice, 'POST', '/favorite_lists', {
      favorite_list: { name: 'Κινητά Τηλέφωνα' },
    });
    expect(autoName.status).toBe(201);
  });

  it('DELETE a custom list: 204, and its favorites move to the auto lists of their categories', async () => {
    const inGifts = seeded().filter((f) => f.favorite_list_id === GIFTS);
    expect(inGifts.length).toBeGreaterThan(1);
    const response = await send(sandbox, alice, 'DELETE', `/favorite_lists/${GIFTS}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await lists()).map((l) => l.id)).not.toContain(GIFTS);
    expect((await get(sandbox, alice, `/favorite_lists/${GIFTS}/favorites`)).status).toBe(404);
    for (const favorite of inGifts) {
      const { favorite: now } = await getJson<{ favorite: FavoriteWire }>(
        sandbox,
        alice,
        `/favorites/${favorite.id}`,
      );
      expect(now.favorite_list_id).toBe(-skuOf(favorite.sku_id).category_id);
    }
    const names = (await lists()).map((l) => l.id);
    for (const favorite of inGifts) expect(names).toContain(-skuOf(favorite.sku_id).category_id);
  });

  it('DELETE an auto list is a 422, an unknown list a 404', async () => {
    expect((await errorOf(await send(sandbox, alice, 'DELETE', '/favorite_lists/-40'), 422)).code).toBe(
      'RecordInvalid',
    );
    expect((await errorOf(await send(sandbox, alice, 'DELETE', '/favorite_lists/123'), 404)).code).toBe(
      'RecordNotFound',
    );
  });

  it('GET /favorite_lists/:id/favorites: that list only, oldest first; auto lists by negative id', async () => {
    const gifts = await favorites(`/favorite_lists/${GIFTS}/favorites`);
    const expected = seeded().filter((f) => f.favorite_list_id === GIFTS);
    expect(gifts.favorites.map((f) => f.id)).toEqual(expected.map((f) => f.id).sort((a, b) => a - b));
    expect(gifts.meta).toMatchObject({ pagination: { total_results: expected.length } });
    const phones = await favorites('/favorite_lists/-40/favorites');
    expect(phones.favorites.length).toBeGreaterThan(0);
    expect(phones.favorites.every((f) => f.favorite_list_id === -40 && f.have_it !== true)).toBe(true);
    expect((await get(sandbox, alice, '/favorite_lists/-1105/favorites')).status).toBe(404);
  });
});

describe('reading favorites', () => {
  it('GET /favorites: owned left out, newest first, order_dir=asc, paginated', async () => {
    const notOwned = seeded().filter((f) => f.have_it !== true);
    const body = await favorites('/favorites');
    expect(body.favorites.map((f) => f.id)).toEqual(notOwned.map((f) => f.id).sort((a, b) => b - a));
    const asc = await favorites('/favorites?order_dir=asc');
    expect(asc.favorites.map((f) => f.id)).toEqual(notOwned.map((f) => f.id).sort((a, b) => a - b));
    const page = await get(sandbox, alice, '/favorites?per=3');
    expect(linkRel(page.headers.get('link'), 'next')).toMatch(/page=2/);
    expect(page.headers.get('cache-control')).toBe('max-age=0, private, must-revalidate');
    expect(((await page.json()) as { favorites: unknown[] }).favorites).toHaveLength(3);
  });

  it('GET /favorites?owned=true: owned ones only', async () => {
    const owned = seeded().filter((f) => f.have_it === true);
    expect(owned.length).toBe(2);
    const body = await favorites('/favorites?owned=true');
    expect(body.favorites.map((f) => f.id).sort()).toEqual(owned.map((f) => f.id).sort());
    expect(body.favorites.every((f) => f.have_it === true && f.favorite_list_id === null)).toBe(true);
  });

  it('before 3.2.0 the default list still holds owned favorites (spec, Contract changes)', async () => {
    const response = await get(sandbox, alice, '/favorites', { Accept: ACCEPT('3.1') });
    const body = (await response.json()) as { favorites: FavoriteWire[] };
    expect(body.favorites).toHaveLength(seeded().length);
  });

  it('GET /favorites/:id in the recorded shape plus favorite_list_id; another user’s is a 404', async () => {
    const favorite = aFavoriteIn(-40);
    const { favorite: wire } = await getJson<{ favorite: Json }>(sandbox, alice, `/favorites/${favorite.id}`);
    expect(Object.keys(wire)).toEqual([
      'id',
      'have_it',
      'user_id',
      'user_notes',
      'sku_id',
      'created_at',
      'updated_at',
      'get_absolute_threshold',
      'favorite_list_id',
    ]);
    expect(wire).toMatchObject({ id: favorite.id, user_id: SANDBOX_USER_ID, favorite_list_id: -40 });
    const bob = sandbox.issueUserToken({ userId: SANDBOX_USERS.bob }).access_token;
    expect((await errorOf(await get(sandbox, bob, `/favorites/${favorite.id}`), 404)).code).toBe(
      'RecordNotFound',
    );
  });

  it('GET /categories/:id/favorites: favorites of SKUs in the category or below it, owned too', async () => {
    const inPhones = seeded().filter((f) => skuOf(f.sku_id).category_id === 40);
    const phones = await favorites('/categories/40/favorites');
    expect(phones.favorites.map((f) => f.id).sort()).toEqual(inPhones.map((f) => f.id).sort());
    expect(phones.favorites.some((f) => f.have_it === true)).toBe(true);
    const cases = seeded().filter((f) => skuOf(f.sku_id).category_id === 579);
    // 86 is the parent of phones (40) and phone cases (579).
    const parent = await favorites('/categories/86/favorites');
    expect(parent.favorites).toHaveLength(inPhones.length + cases.length);
    expect((await get(sandbox, alice, '/categories/999999/favorites')).status).toBe(404);
  });

  it('GET /skus/:id/favorite: {favorites} for that SKU, without meta', async () => {
    const favorite = aFavoriteIn(-40);
    const body = await getJson<Json>(sandbox, alice, `/skus/${favorite.sku_id}/favorite`);
    expect(Object.keys(body)).toEqual(['favorites']);
    expect(body.favorites).toEqual([expect.objectContaining({ id: favorite.id, sku_id: favorite.sku_id })]);
    expect(await getJson(sandbox, alice, `/skus/${freshSku(1105).id}/favorite`)).toEqual({ favorites: [] });
    expect((await get(sandbox, alice, '/skus/1/favorite')).status).toBe(404);
  });
});

describe('favorite states and transitions', () => {
  it('created without a list: in the auto list of the SKU’s category (negative id), created if needed', async () => {
    const sku = freshSku(1608);
    expect((await lists()).map((l) => l.id)).not.toContain(-1608);
    const favorite = await created({ favorite: { sku_id: sku.id } });
    expect(favorite).toMatchObject({
      sku_id: sku.id,
      user_id: SANDBOX_USER_ID,
      have_it: false,
      favorite_list_id: -1608,
      user_notes: null,
      get_absolute_threshold: null,
    });
    expect(favorite.created_at).toMatch(STAMP);
    expect(favorite.updated_at).toBe(favorite.created_at);
    const autoLists = (await lists()).filter((l) => l.id === -1608);
    expect(autoLists).toEqual([{ id: -1608, name: 'Θήκες Tablet', category_id: 1608 }]);
    // The next one in that category reuses the list.
    await created({ favorite: { sku_id: freshSku(1608, 1).id } });
    expect((await lists()).filter((l) => l.id === -1608)).toHaveLength(1);
    expect((await favorites('/favorite_lists/-1608/favorites')).favorites).toHaveLength(2);
  });

  it('created with favorite_list_id: in that list, from a JSON body or the query', async () => {
    const one = await created({ favorite: { sku_id: freshSku(1105).id }, favorite_list_id: HOME });
    expect(one).toMatchObject({ favorite_list_id: HOME, have_it: false });
    const two = await created(
      undefined,
      `/favorites?favorite[sku_id]=${freshSku(1105, 1).id}&favorite_list_id=${GIFTS}`,
    );
    expect(two.favorite_list_id).toBe(GIFTS);
    // The auto list of the SKU's own category is accepted by id too.
    const three = await created({ favorite: { sku_id: freshSku(40).id, favorite_list_id: -40 } });
    expect(three.favorite_list_id).toBe(-40);
  });

  it('created with new_list_name: in that custom list (created if absent), have_it null', async () => {
    const first = await created({ favorite: { sku_id: freshSku(1105).id }, new_list_name: 'Γενέθλια' });
    expect(first.have_it).toBeNull();
    const list = (await lists()).find((l) => l.name === 'Γενέθλια');
    expect(list?.id).toBe(first.favorite_list_id);
    const second = await created({ favorite: { sku_id: freshSku(1105, 1).id }, new_list_name: 'Γενέθλια' });
    expect(second.favorite_list_id).toBe(first.favorite_list_id);
    expect((await lists()).filter((l) => l.name === 'Γενέθλια')).toHaveLength(1);
  });

  it('create refuses a SKU already favorited (422), an unknown SKU (404), a missing one (400)', async () => {
    const favorite = aFavoriteIn(-40);
    const twice = await errorOf(
      await send(sandbox, alice, 'POST', '/favorites', { favorite: { sku_id: favorite.sku_id } }),
      422,
    );
    expect(twice.code).toBe('RecordInvalid');
    const owned = await send(sandbox, alice, 'POST', '/favorites', {
      favorite: { sku_id: anOwned().sku_id },
    });
    expect(owned.status).toBe(422);
    expect(
      (await errorOf(await send(sandbox, alice, 'POST', '/favorites', { favorite: { sku_id: 1 } }), 404))
        .code,
    ).toBe('RecordNotFound');
    expect(
      (await errorOf(await send(sandbox, alice, 'POST', '/favorites', { favorite: {} }), 400)).code,
    ).toBe('InvalidParameter');
  });

  it('a failed list assignment on create is a 400 with errors: unknown list, another category’s auto list', async () => {
    const sku = freshSku(1105);
    const unknown = await send(sandbox, alice, 'POST', '/favorites', {
      favorite: { sku_id: sku.id },
      favorite_list_id: 5,
    });
    expect((await errorOf(unknown, 400)).code).toBe('InvalidFavoriteList');
    const wrongAuto = await send(sandbox, alice, 'POST', '/favorites', {
      favorite: { sku_id: sku.id },
      favorite_list_id: -40,
    });
    expect((await errorOf(wrongAuto, 400)).code).toBe('InvalidFavoriteList');
    expect(
      (await getJson<{ favorites: unknown[] }>(sandbox, alice, `/skus/${sku.id}/favorite`)).favorites,
    ).toEqual([]);
  });

  it('in a list → have_it true: owned, in no list; a favorite_list_id sent with it is ignored', async () => {
    const favorite = aFavoriteIn(GIFTS);
    const owned = await updated(favorite.id, { favorite: { have_it: true }, favorite_list_id: HOME });
    expect(owned).toMatchObject({ id: favorite.id, have_it: true, favorite_list_id: null });
    expect(owned.updated_at).not.toBe(favorite.updated_at);
    expect(owned.created_at).toBe(favorite.created_at);
    expect((await favorites('/favorites')).favorites.map((f) => f.id)).not.toContain(favorite.id);
    expect((await favorites('/favorites?owned=true')).favorites.map((f) => f.id)).toContain(favorite.id);
    expect((await favorites(`/favorite_lists/${GIFTS}/favorites`)).favorites.map((f) => f.id)).not.toContain(
      favorite.id,
    );
    expect((await favorites(`/favorite_lists/${HOME}/favorites`)).favorites.map((f) => f.id)).not.toContain(
      favorite.id,
    );
  });

  it('have_it also comes as a query param', async () => {
    const favorite = aFavoriteIn(-40);
    const owned = await updated(favorite.id, undefined, '?have_it=true');
    expect(owned).toMatchObject({ have_it: true, favorite_list_id: null });
  });

  it('in a list → favorite_list_id (not owned): moved to that list', async () => {
    const favorite = aFavoriteIn(GIFTS);
    const moved = await updated(favorite.id, { favorite_list_id: HOME });
    expect(moved).toMatchObject({ favorite_list_id: HOME, have_it: favorite.have_it });
    expect((await favorites(`/favorite_lists/${HOME}/favorites`)).favorites.map((f) => f.id)).toContain(
      favorite.id,
    );
    expect((await favorites(`/favorite_lists/${GIFTS}/favorites`)).favorites.map((f) => f.id)).not.toContain(
      favorite.id,
    );
  });

  it('owned → favorite_list_id alone is a 400 (it belongs to no list); with have_it false it moves', async () => {
    const favorite = anOwned();
    const refused = await send(sandbox, alice, 'PUT', `/favorites/${favorite.id}`, {
      favorite_list_id: HOME,
    });
    expect((await errorOf(refused, 400)).code).toBe('InvalidFavoriteList');
    const moved = await updated(favorite.id, { favorite: { have_it: false }, favorite_list_id: HOME });
    expect(moved).toMatchObject({ have_it: false, favorite_list_id: HOME });
  });

  it('owned → have_it false alone: back in the auto list of its category', async () => {
    const favorite = anOwned();
    const back = await updated(favorite.id, { favorite: { have_it: false } });
    expect(back).toMatchObject({ have_it: false, favorite_list_id: -skuOf(favorite.sku_id).category_id });
  });

  it('any state → new_list_name: in that custom list (created if absent), have_it null', async () => {
    const inList = aFavoriteIn(-40);
    const first = await updated(inList.id, { new_list_name: 'Να αγοράσω' });
    expect(first.have_it).toBeNull();
    const list = (await lists()).find((l) => l.name === 'Να αγοράσω');
    expect(first.favorite_list_id).toBe(list?.id);
    const owned = anOwned();
    const second = await updated(owned.id, { new_list_name: 'Να αγοράσω' });
    expect(second).toMatchObject({ have_it: null, favorite_list_id: list?.id });
    const existing = await updated(aFavoriteIn(-88).id, { new_list_name: 'Δώρα' });
    expect(existing.favorite_list_id).toBe(GIFTS);
  });

  it('a failed list assignment on update is a 400 with errors and changes nothing', async () => {
    const favorite = aFavoriteIn(GIFTS);
    const unknown = await send(sandbox, alice, 'PUT', `/favorites/${favorite.id}`, { favorite_list_id: 77 });
    expect(await errorOf(unknown, 400)).toEqual({
      code: 'InvalidFavoriteList',
      messages: ["Couldn't find FavoriteList with 'id'=77"],
    });
    const tooLong = await send(sandbox, alice, 'PUT', `/favorites/${favorite.id}`, {
      new_list_name: 'x'.repeat(101),
    });
    expect((await errorOf(tooLong, 400)).code).toBe('InvalidFavoriteList');
    const { favorite: after } = await getJson<{ favorite: FavoriteWire }>(
      sandbox,
      alice,
      `/favorites/${favorite.id}`,
    );
    expect(after).toMatchObject({ favorite_list_id: GIFTS, updated_at: favorite.updated_at });
  });

  it('DELETE /favorites/:id: 204, then 404', async () => {
    const favorite = aFavoriteIn(-40);
    const response = await send(sandbox, alice, 'DELETE', `/favorites/${favorite.id}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect((await get(sandbox, alice, `/favorites/${favorite.id}`)).status).toBe(404);
    expect((await send(sandbox, alice, 'DELETE', `/favorites/${favorite.id}`)).status).toBe(404);
    // The SKU can be favorited again.
    expect(
      (await send(sandbox, alice, 'POST', '/favorites', { favorite: { sku_id: favorite.sku_id } })).status,
    ).toBe(201);
  });

  it('changes are per user and undone by reset()', async () => {
    const bob = sandbox.issueUserToken({ userId: SANDBOX_USERS.bob, scope: 'favorites' }).access_token;
    const bobBefore = await favorites('/favorites', bob);
    await created({ favorite: { sku_id: freshSku(1105).id } });
    expect(await favorites('/favorites', bob)).toEqual(bobBefore);
    sandbox.reset();
    const fresh = sandbox.issueUserToken({ scope: 'favorites' }).access_token;
    expect((await favorites('/favorites', fresh)).favorites).toHaveLength(
      seeded().filter((f) => !f.have_it).length,
    );
  });
});
