import { describe, expect, it } from 'vitest';
import { ENDPOINTS, matchEndpoint, stalePaths } from '../../src/index.js';
import { userClient } from '../helpers/users.js';

const PHONE = 2119391; // a SKU of category 40
const OTHER_SKU = 2161866; // a SKU with reviews

/** A user's client with the SDK's cache on. */
function cachedUserClient() {
  return userClient('carol', undefined, { cache: {} });
}

describe('a write makes stale the cached reads that show what it changed, and no other', () => {
  it('after favorites.create, a cached category and SKU are served with 0 calls; the favorites are asked afresh', async () => {
    const { api, sandbox } = cachedUserClient();
    await api.catalog.categories.get(40);
    await api.skus.get(PHONE);
    await api.favorites.list();
    await api.favorites.forSku(PHONE);
    // Fresh in the cache: no call.
    sandbox.clearRequests();
    await api.catalog.categories.get(40);
    await api.skus.get(PHONE);
    expect(sandbox.apiCalls()).toHaveLength(0);

    const favorite = await api.favorites.create({ sku_id: PHONE });
    sandbox.clearRequests();
    const category = await api.catalog.categories.get(40);
    const sku = await api.skus.get(PHONE);
    expect(category.id).toBe(40);
    expect(sku.id).toBe(PHONE);
    expect(sandbox.apiCalls()).toHaveLength(0);

    const favorites = await api.favorites.list();
    const ofSku = await api.favorites.forSku(PHONE);
    expect(favorites.items.map((f) => f.id)).toContain(favorite.id);
    expect(ofSku.map((f) => f.id)).toContain(favorite.id);
    const calls = sandbox.apiCalls();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /favorites',
      `GET /skus/${PHONE}/favorite`,
    ]);
    // Dropped from the cache, not revalidated: no If-None-Match, a full answer.
    expect(calls.map((c) => c.headers.get('if-none-match'))).toEqual([null, null]);
    expect(calls.map((c) => c.status)).toEqual([200, 200]);
  });

  it("a review makes stale that SKU's reviews and record, not another SKU's", async () => {
    const { api, sandbox } = cachedUserClient();
    await api.skus.get(PHONE);
    await api.skus.get(OTHER_SKU);
    await api.skus.reviews.list(PHONE);
    await api.skus.reviews.list(OTHER_SKU);
    await api.catalog.categories.get(40);

    await api.skus.reviews.create(PHONE, { rating: 4, review: 'Lasts two days on a charge.' });
    sandbox.clearRequests();
    await api.skus.get(OTHER_SKU);
    await api.skus.reviews.list(OTHER_SKU);
    await api.catalog.categories.get(40);
    expect(sandbox.apiCalls()).toHaveLength(0);
    await api.skus.get(PHONE);
    await api.skus.reviews.list(PHONE);
    expect(sandbox.apiCalls().map((c) => c.path)).toEqual([`/skus/${PHONE}`, `/skus/${PHONE}/reviews`]);
  });

  it('a favorite list created makes the lists stale, not the favorites', async () => {
    const { api, sandbox } = cachedUserClient();
    await api.favorites.lists.list();
    await api.catalog.categories.get(40);
    await api.favorites.lists.create({ name: 'Gifts' });
    sandbox.clearRequests();
    await api.catalog.categories.get(40);
    expect(sandbox.apiCalls()).toHaveLength(0);
    const lists = await api.favorites.lists.list();
    expect(lists.items.map((l) => l.name)).toContain('Gifts');
    expect(sandbox.apiCalls().map((c) => [c.path, c.headers.get('if-none-match')])).toEqual([
      ['/favorite_lists', null],
    ]);
  });

  it('stalePaths names the same reads as path patterns, for caches outside the SDK', () => {
    expect(stalePaths(ENDPOINTS['favorites.create'], {})).toEqual([
      '/favorites',
      '/categories/:id/favorites',
      '/skus/:sku_id/favorite',
      '/favorite_lists',
      '/favorite_lists/:id/favorites',
      '/categories/:id/skus',
    ]);
    expect(stalePaths(ENDPOINTS['favorites.update'], { id: '12' })).toContain('/favorites/12');
    const match = matchEndpoint('DELETE', '/skus/7/reviews/3');
    expect(match?.row.name).toBe('skus.reviews.delete');
    expect(stalePaths(match?.row ?? ENDPOINTS['skus.get'], match?.params ?? {})).toEqual([
      '/skus/7/reviews',
      '/skus/7/reviews/new',
      '/skus/7/reviews/:review_id/edit',
      '/skus/7',
    ]);
    // A read makes nothing stale.
    expect(stalePaths(ENDPOINTS['user.addresses.list'], {})).toEqual([]);
  });
});
