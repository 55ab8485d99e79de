import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import {
  createClient,
  ENDPOINT_ROWS,
  type EndpointName,
  type EndpointRow,
  matchEndpoint,
  type Product,
} from '../../src/index.js';
import { catalogQueries } from '../../src/query/index.js';
import { createSandbox, SANDBOX_USERS } from '../../src/sandbox/index.js';

const PHONE = 2119391; // a SKU of category 40
const SHOP = 452;

/**
 * The query params a read is refused without (the literals do not say which are required). A read
 * missing here is answered 400 and the test names it.
 */
const REQUIRED: Partial<Record<EndpointName, Record<string, unknown>>> = {
  'catalog.search': { q: 'iphone' },
  'catalog.autocomplete': { q: 'iph' },
  'skus.shopProducts': { shop_uid: 'none' },
  'shops.search': { q: 'shop' },
  'shops.findLocations': { lat: 37.98, lng: 23.73 },
};

type Made = { queryKey: readonly unknown[]; staleTime: number };

/**
 * The query options of a read, called as its literal's `args` say: a path parameter takes the id
 * recorded for the resource it follows, `params` the read's required ones. A string says why not.
 */
function queryOf(queries: object, row: EndpointRow, idsByResource: Record<string, number>): Made | string {
  let method: unknown = queries;
  for (const part of row.name.split('.')) method = (method as Record<string, unknown> | undefined)?.[part];
  if (typeof method !== 'function') return `no query ${row.name} in catalogQueries`;
  const segments = row.path.split('/');
  const args: unknown[] = [];
  for (const arg of row.args) {
    if (arg === 'params') {
      args.push(REQUIRED[row.name as EndpointName]);
      continue;
    }
    const at = segments.indexOf(`:${arg}`);
    if (at < 1) return `argument ${arg} is not a path parameter of ${row.path}`;
    const resource = segments[at - 1] as string;
    const id = idsByResource[resource];
    if (id === undefined) return `no id recorded for /${resource}/:${arg}`;
    args.push(id);
  }
  while (args.length > 0 && args.at(-1) === undefined) args.pop();
  return (method as (...values: unknown[]) => Made)(...args);
}

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

    // The id a path parameter takes, by the resource it follows (`/skus/:sku_id` is the SKU).
    const idsByResource: Record<string, number> = {
      categories: 40,
      skus: PHONE,
      shops: SHOP,
      manufacturers: manufacturer,
      products: product.id,
      locations: location,
      reviews: review.id,
      favorites: favorite.id,
      favorite_lists: favorite.favorite_list_id as number,
      notifications: notification,
    };

    const reads = ENDPOINT_ROWS.filter((row) => row.method === 'GET');
    const wrong: string[] = [];
    let checked = 0;
    for (const row of reads) {
      const made = queryOf(q, row, idsByResource);
      if (typeof made === 'string') {
        wrong.push(`${row.name}: cannot call it: ${made}`);
        continue;
      }
      const before = seen.length;
      const failed = await client.fetchQuery(made as never).then(
        () => undefined,
        (error: unknown) => error,
      );
      const answer = seen[before];
      if (answer?.status !== 200) {
        // Refused before sending or answered an error: most likely a required param not in REQUIRED.
        const why = answer === undefined ? `not sent (${String(failed)})` : `answered ${answer.status}`;
        wrong.push(`${row.name}: ${why}`);
        continue;
      }
      const maxAge = Number(/max-age=(\d+)/.exec(answer.cacheControl ?? '')?.[1] ?? 0);
      if (maxAge * 1000 !== made.staleTime)
        wrong.push(`${row.name}: ${made.staleTime / 1000} s, answered ${maxAge} s`);
      // The path asked is the row's (invalidation matches reads by it).
      const matched = matchEndpoint('GET', answer.path)?.row.name;
      if (matched !== row.name) wrong.push(`${row.name}: path ${answer.path} is the row of ${matched}`);
      if (row.maxAge * 1000 !== made.staleTime) wrong.push(`${row.name}: staleTime is not the row's max-age`);
      checked += 1;
    }
    expect(wrong).toEqual([]);
    // Every read of the table was asked and checked, none left out.
    expect(checked).toBe(reads.length);
    client.clear();
  });
});
