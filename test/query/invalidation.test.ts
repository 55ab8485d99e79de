import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/query-core';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogQueries } from '../../src/query/index.js';
import { userClient } from '../helpers/users.js';

const PHONE = 2119391; // a SKU of category 40
const OTHER_SKU = 2161866;

const clients: QueryClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

/** Observes every query until it has data; returns the unsubscribers. */
async function observeAll(client: QueryClient, all: readonly object[]): Promise<(() => void)[]> {
  return Promise.all(
    all.map(
      (options) =>
        new Promise<() => void>((resolve) => {
          const observer = new QueryObserver(client, options as never);
          const unsubscribe = observer.subscribe((result) => {
            if (result.status === 'success') resolve(unsubscribe);
          });
        }),
    ),
  );
}

describe('a mutation invalidates only the queries that show what it changed', () => {
  it('favorites.create refetches the favorites, the SKU favorite and the category favorites; not the category or the SKU', async () => {
    const { api, sandbox, userId } = userClient();
    const q = catalogQueries(api, { user: userId });
    const client = new QueryClient();
    clients.push(client);
    const queries = {
      category: q.catalog.categories.get(40),
      sku: q.skus.get(PHONE),
      favorites: q.favorites.list(),
      skuFavorite: q.favorites.forSku(PHONE),
      categoryFavorites: q.favorites.inCategory(40),
    };
    const unsubscribe = await observeAll(client, Object.values(queries));
    sandbox.clearRequests();

    await new MutationObserver(client, q.favorites.create.mutation()).mutate({ sku_id: PHONE });

    const calls = sandbox.apiCalls().map((c) => `${c.method} ${c.path}`);
    expect(calls[0]).toBe('POST /favorites');
    expect(calls.slice(1).sort()).toEqual(
      ['GET /favorites', `GET /skus/${PHONE}/favorite`, 'GET /categories/40/favorites'].sort(),
    );
    const invalidated = Object.entries(queries)
      .filter(([, options]) => client.getQueryState(options.queryKey)?.isInvalidated)
      .map(([name]) => name);
    expect(invalidated).toEqual([]);
    expect(client.getQueryData(queries.skuFavorite.queryKey)?.map((f) => f.sku_id)).toEqual([PHONE]);
    for (const stop of unsubscribe) stop();
  });

  it("a review refetches that SKU's reviews and record, not another SKU's", async () => {
    const { api, sandbox, userId } = userClient();
    const q = catalogQueries(api, { user: userId });
    const client = new QueryClient();
    clients.push(client);
    const unsubscribe = await observeAll(client, [
      q.skus.get(PHONE),
      q.skus.get(OTHER_SKU),
      q.skus.reviews.list(PHONE),
      q.skus.reviews.list(OTHER_SKU),
    ]);
    sandbox.clearRequests();
    await new MutationObserver(client, q.skus.reviews.create.mutation()).mutate([
      PHONE,
      { rating: 5, review: 'Bright screen, fair price.' },
    ]);
    const calls = sandbox.apiCalls().map((c) => `${c.method} ${c.path}`);
    expect(calls[0]).toBe(`POST /skus/${PHONE}/reviews`);
    expect(calls.slice(1).sort()).toEqual([`GET /skus/${PHONE}`, `GET /skus/${PHONE}/reviews`]);
    for (const stop of unsubscribe) stop();
  });
});
