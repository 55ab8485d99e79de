import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import { createClient, ENDPOINT_ROWS, ENDPOINTS, matchEndpoint, type Product } from '../../src/index.js';
import { catalogQueries } from '../../src/query/index.js';
import { createSandbox, SANDBOX_USERS } from '../../src/sandbox/index.js';

const PHONE = 2119391; // a SKU of category 40
const SHOP = 452;

describe('staleTime of every read is the max-age the API answers it with', () => {
  it('matches the Cache-Control of the sandbox (which answers as recorded) for every read', async () => {
    const sandbox = createSandbox();
    // alice has notifications; every read of the table is asked once.
    const userId = SANDBOX_USERS.alice;
    const grant = sandbox.issueUserToken({ userId });
    const seen: { path: string; cacheControl: string | null; status: number }[] = [];
    const api = createClient({
      baseUrl: sandbox.baseUrl,
      getToken: () => grant,
      cache: false,
      fetch: async (input, init) => {
        const response = await sandbox.fetch(input, init);
        seen.push({
          path: new URL(new Request(input, init).url).pathname,
          cacheControl: response.headers.get('cache-control'),
          status: response.status,
        });
        return response;
      },
    });
    const client = new QueryClient();
    const q = catalogQueries(api, { user: userId });
    // Records the ids the later calls need.
    const manufacturer = (await api.catalog.manufacturers.list({ per: 1 })).items[0]?.id as number;
    const product = (await api.skus.products(PHONE)).items[0] as Product;
    const location = (await api.shops.locations(SHOP)).items[0]?.id as number;
    const favorite = await api.favorites.create({ sku_id: PHONE });
    const review = await api.skus.reviews.create(PHONE, { review: 'Fine phone, lasts for days.', rating: 4 });
    await api.user.addresses
      .create({ address: 'Odos 1', city: 'Athina', postcode: '10431' } as never)
      .catch(() => undefined);
    const notification = (await api.notifications.list()).items[0]?.id as number;

    const reads: Record<string, () => { queryKey: readonly unknown[]; staleTime: number }> = {
      'catalog.search': () => q.catalog.search({ q: 'iphone' }),
      'catalog.autocomplete': () => q.catalog.autocomplete({ q: 'iph' }),
      'catalog.categories.list': () => q.catalog.categories.list(),
      'catalog.categories.get': () => q.catalog.categories.get(40),
      'catalog.categories.root': () => q.catalog.categories.root(),
      'catalog.categories.parent': () => q.catalog.categories.parent(40),
      'catalog.categories.children': () => q.catalog.categories.children(40),
      'catalog.categories.specifications': () => q.catalog.categories.specifications(40),
      'catalog.categories.manufacturers': () => q.catalog.categories.manufacturers(40),
      'catalog.categories.skus': () => q.catalog.categories.skus(40),
      'catalog.categories.filterGroups': () => q.catalog.categories.filterGroups(40),
      'catalog.manufacturers.list': () => q.catalog.manufacturers.list(),
      'catalog.manufacturers.get': () => q.catalog.manufacturers.get(manufacturer),
      'catalog.manufacturers.categories': () => q.catalog.manufacturers.categories(manufacturer),
      'catalog.manufacturers.skus': () => q.catalog.manufacturers.skus(manufacturer),
      'skus.get': () => q.skus.get(PHONE),
      'skus.products': () => q.skus.products(PHONE),
      'skus.productCards': () => q.skus.productCards(PHONE),
      'skus.specifications': () => q.skus.specifications(PHONE),
      'skus.priceHistory': () => q.skus.priceHistory(PHONE),
      'skus.similar': () => q.skus.similar(PHONE),
      'skus.product': () => q.skus.product(product.id),
      'skus.shopProducts': () => q.skus.shopProducts(product.shop_id, { shop_uid: 'none' }),
      'skus.flags': () => q.skus.flags(),
      'skus.reviews.list': () => q.skus.reviews.list(PHONE),
      'skus.reviews.newForm': () => q.skus.reviews.newForm(PHONE),
      'skus.reviews.editForm': () => q.skus.reviews.editForm(PHONE, review.id),
      'shops.get': () => q.shops.get(SHOP),
      'shops.reviews': () => q.shops.reviews(SHOP),
      'shops.locations': () => q.shops.locations(SHOP),
      'shops.location': () => q.shops.location(SHOP, location),
      'shops.findLocations': () => q.shops.findLocations({ lat: 37.98, lng: 23.73 }),
      'shops.search': () => q.shops.search({ q: 'shop' }),
      'favorites.list': () => q.favorites.list(),
      'favorites.forSku': () => q.favorites.forSku(PHONE),
      'favorites.get': () => q.favorites.get(favorite.id),
      'favorites.inCategory': () => q.favorites.inCategory(40),
      'favorites.lists.list': () => q.favorites.lists.list(),
      'favorites.lists.favorites': () => q.favorites.lists.favorites(favorite.favorite_list_id as number),
      'user.get': () => q.user.get(),
      'user.avatars': () => q.user.avatars(),
      'user.savedOrders': () => q.user.savedOrders(),
      'user.addresses.list': () => q.user.addresses.list(),
      'user.addresses.form': () => q.user.addresses.form(),
      'notifications.list': () => q.notifications.list(),
      'notifications.get': () => q.notifications.get(notification),
    };
    const readNames = ENDPOINT_ROWS.filter((row) => row.method === 'GET').map((row) => row.name);
    expect(Object.keys(reads).sort()).toEqual(readNames.sort());

    const wrong: string[] = [];
    for (const [name, options] of Object.entries(reads)) {
      const before = seen.length;
      const made = options();
      await client.fetchQuery(made as never);
      const answer = seen[before];
      expect(answer?.status, name).toBe(200);
      const maxAge = Number(/max-age=(\d+)/.exec(answer?.cacheControl ?? '')?.[1] ?? 0);
      if (maxAge * 1000 !== made.staleTime)
        wrong.push(`${name}: ${made.staleTime / 1000} s, answered ${maxAge} s`);
      // The path asked is the row's (invalidation matches reads by it).
      const asked = matchEndpoint('GET', answer?.path ?? '')?.row.name;
      if (asked !== name) wrong.push(`${name}: path ${answer?.path} is the row of ${asked}`);
      if (ENDPOINTS[name as keyof typeof ENDPOINTS].maxAge * 1000 !== made.staleTime)
        wrong.push(`${name}: staleTime is not the row's max-age`);
    }
    expect(wrong).toEqual([]);
    client.clear();
  });
});
