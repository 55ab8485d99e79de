import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  InvalidRequestError,
  NotFoundError,
  stalePaths,
  UnprocessableEntityError,
} from '../../src/index.js';
import { replayAsUser, type sandboxClient } from '../helpers/index.js';
import { userClient } from '../helpers/users.js';

const PHONE = 2119391; // a SKU of category 40

async function categoryOf(api: ReturnType<typeof userClient>['api'], skuId: number) {
  return (await api.skus.get(skuId)).category_id;
}

describe('favorites: the spec state transitions, one by one', () => {
  it('created without a list, a favorite lands in the auto list of its category (negative id)', async () => {
    const { api, bodies } = userClient();
    const favorite = await api.favorites.create({ sku_id: PHONE });
    expect(bodies.at(-1)).toEqual({
      method: 'POST',
      path: '/favorites',
      body: { favorite: { sku_id: PHONE } },
    });
    expect(favorite.favorite_list_id).toBeLessThan(0);
    const lists = await api.favorites.lists.list().toArray();
    const auto = lists.find((l) => l.id === favorite.favorite_list_id);
    expect(auto).toBeDefined();
    const inAuto = await api.favorites.lists.favorites(favorite.favorite_list_id as number).toArray();
    expect(inAuto.map((f) => f.id)).toEqual([favorite.id]);
    const category = await categoryOf(api, PHONE);
    expect((await api.favorites.inCategory(category).toArray()).map((f) => f.sku_id)).toEqual([PHONE]);
  });

  it('new_list_name creates the custom list if absent and puts the favorite there, have_it null', async () => {
    const { api, bodies } = userClient();
    const favorite = await api.favorites.create({ sku_id: PHONE, new_list_name: 'Gifts' });
    expect(bodies.at(-1)?.body).toEqual({ favorite: { sku_id: PHONE }, new_list_name: 'Gifts' });
    expect(favorite.have_it).toBeNull();
    const lists = await api.favorites.lists.list().toArray();
    const gifts = lists.find((l) => l.name === 'Gifts');
    expect(gifts?.id).toBeGreaterThan(0);
    expect(favorite.favorite_list_id).toBe(gifts?.id);
    // The same name again reuses the list rather than making a second one.
    const second = await api.favorites.create({ sku_id: 2184146, new_list_name: 'Gifts' });
    expect(second.favorite_list_id).toBe(gifts?.id);
    expect((await api.favorites.lists.list().toArray()).filter((l) => l.name === 'Gifts')).toHaveLength(1);
  });

  it('moves between lists with favorite_list_id', async () => {
    const { api } = userClient();
    const list = await api.favorites.lists.create({ name: 'Later' });
    const favorite = await api.favorites.create({ sku_id: PHONE });
    const moved = await api.favorites.update(favorite.id, { favorite_list_id: list.id });
    expect(moved.favorite_list_id).toBe(list.id);
    expect((await api.favorites.lists.favorites(list.id).toArray()).map((f) => f.id)).toEqual([favorite.id]);
    expect(await api.favorites.lists.favorites(favorite.favorite_list_id as number).toArray()).toEqual([]);
  });

  it('have_it: true makes it owned and list-less, ignoring a list id sent with it; owned ones are left out of lists', async () => {
    const { api, bodies, sandbox } = userClient();
    const list = await api.favorites.lists.create({ name: 'Wishlist' });
    const favorite = await api.favorites.create({ sku_id: PHONE, favorite_list_id: list.id });
    const owned = await api.favorites.update(favorite.id, { have_it: true, favorite_list_id: list.id });
    expect(bodies.at(-1)?.body).toEqual({ favorite: { have_it: true }, favorite_list_id: list.id });
    expect(owned).toMatchObject({ have_it: true, favorite_list_id: null });
    expect((await api.favorites.list().toArray()).map((f) => f.id)).not.toContain(favorite.id);
    expect((await api.favorites.list({ owned: true }).toArray()).map((f) => f.id)).toEqual([favorite.id]);
    expect(await api.favorites.lists.favorites(list.id).toArray()).toEqual([]);
    expect(sandbox.apiCalls({ path: '/favorites' }).at(-1)?.query.get('owned')).toBe('true');
  });

  it('a custom list whose name exists gives the server error; deletes answer 204 then 404', async () => {
    const { api } = userClient();
    const list = await api.favorites.lists.create({ name: 'Books' });
    expect(list).toMatchObject({ name: 'Books', type: 'custom' });
    const taken = await api.favorites.lists.create({ name: 'Books' }).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(UnprocessableEntityError);
    expect((taken as UnprocessableEntityError).messages.join(' ')).toMatch(/taken/);
    const favorite = await api.favorites.create({ sku_id: PHONE });
    await expect(api.favorites.delete(favorite.id)).resolves.toBeUndefined();
    await expect(api.favorites.get(favorite.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(api.favorites.lists.delete(list.id)).resolves.toBeUndefined();
    expect((await api.favorites.lists.list().toArray()).map((l) => l.id)).not.toContain(list.id);
  });

  it('lists newest first by default, oldest first with order_dir asc', async () => {
    const { api } = userClient('alice');
    const newest = await api.favorites.list().toArray();
    const oldest = await api.favorites.list({ order_dir: 'asc' }).toArray();
    expect(newest.length).toBeGreaterThan(1);
    expect(oldest.map((f) => f.id)).toEqual([...newest].reverse().map((f) => f.id));
  });

  it('category SKU listings mark the user favorites', async () => {
    const { api } = userClient();
    await api.favorites.create({ sku_id: PHONE });
    const skus = await api.catalog.categories.skus(await categoryOf(api, PHONE)).toArray();
    expect(skus.find((s) => s.id === PHONE)?.favorited).toBe(true);
    expect(skus.filter((s) => s.favorited)).toHaveLength(1);
  });

  it("a favorite write makes a user's cached category SKU listings stale: their favorited flag changed", () => {
    for (const name of ['favorites.create', 'favorites.update', 'favorites.delete'] as const) {
      expect(stalePaths(ENDPOINTS[name], { id: '5' })).toContain('/categories/:id/skus');
    }
  });

  it('refuses bad input before sending', async () => {
    const { api, sandbox } = userClient();
    await expect(
      // @ts-expect-error: one placement at a time
      api.favorites.create({ sku_id: PHONE, favorite_list_id: 5, new_list_name: 'x' }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(api.favorites.lists.create({ name: ' ' })).rejects.toThrow(/name/);
    await expect(api.favorites.lists.favorites(0)).rejects.toThrow(/non-zero/);
    await expect(api.favorites.get(-3)).rejects.toThrow(/positive integer/);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe('favorites recordings', () => {
  for (const [name, call] of [
    ['favorites_index', (api: ReturnType<typeof sandboxClient>) => api.favorites.list().then((p) => p.body)],
    [
      'favorites_show',
      (api: ReturnType<typeof sandboxClient>) => api.favorites.get(5896665).then((f) => ({ favorite: f })),
    ],
    [
      'favorite_create',
      (api: ReturnType<typeof sandboxClient>) =>
        api.favorites.create({ sku_id: 7957675 }).then((f) => ({ favorite: f })),
    ],
    [
      'favorite_update',
      (api: ReturnType<typeof sandboxClient>) =>
        api.favorites.update(17832353, { have_it: true }).then((f) => ({ favorite: f })),
    ],
    [
      'favorite_list_favorites',
      (api: ReturnType<typeof sandboxClient>) => api.favorites.lists.favorites(861839).then((p) => p.body),
    ],
  ] as const) {
    it(`${name} parses and comes back untouched`, async () => {
      const { api, recording } = replayAsUser(name);
      expect(await call(api)).toEqual(recording.response.body);
    });
  }
});
