import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_ROWS } from '../../src/endpoints/table.js';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ACCEPT, get, type Json, obtainToken, send, signIn } from './helpers.js';

// A Product is one object: every endpoint of the table that answers products (found by walking
// every GET of src/endpoints, not by a list written here) gives it the same fields at a version,
// and, for a signed-in user, says in `meta.personalization` what its `blp` is computed for.

let sandbox: Sandbox;
let appToken: string;
let userToken: string;
/** A review the signed-in user wrote, for the edit form's path. */
let ownReview: { id: number; sku_id: number };
const VERSIONS = ['3.0', '3.1', '3.2'];
/** Fields the spec gives a product only in some places: `color` in product cards, `shop` when embedded. */
const PLACED = new Set(['color', 'shop']);

beforeAll(async () => {
  // Each walk makes some forty calls a version: a window wide enough for all of them.
  sandbox = createSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
  appToken = await obtainToken(sandbox);
  userToken = (await signIn(sandbox)).access_token;
  const sku = sandbox.data.skus.find((candidate) => candidate.shop_count > 1 && candidate.reviewable);
  const written = await send(sandbox, userToken, 'POST', `/skus/${sku?.id}/reviews`, {
    review: { rating: 4 },
  });
  expect(written.status, await written.clone().text()).toBe(201);
  ownReview = ((await written.json()) as { sku_review: { id: number; sku_id: number } }).sku_review;
});

/** The ids a GET path of the table needs, from the sandbox's data and the signed-in user's records. */
function pathFor(template: string, userId: number): string {
  const { data } = sandbox;
  const sku = data.skus.find((candidate) => candidate.id === ownReview.sku_id);
  const product = data.products.find((candidate) => candidate.sku_id === sku?.id);
  const location = data.shopLocations.find((candidate) => candidate.shop_id === product?.shop_id);
  const ids: Record<string, number | undefined> = {
    categories: sku?.category_id,
    manufacturers: sku?.manufacturer_id,
    skus: sku?.id,
    products: product?.id,
    shops: product?.shop_id,
    locations: location?.id,
    reviews: ownReview.id,
    favorites: data.favorites.find((candidate) => candidate.user_id === userId)?.id,
    favorite_lists: data.favoriteLists.find((candidate) => candidate.user_id === userId)?.id,
    notifications: data.notifications.find((candidate) => candidate.user_id === userId)?.id,
  };
  const segments = template.split('/');
  const path = segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const id = segment === ':review_id' ? ownReview.id : ids[segments[i - 1] ?? ''];
      if (id === undefined) throw new Error(`no id for ${segment} in ${template}`);
      return String(id);
    })
    .join('/');
  const queries: Record<string, string> = {
    '/search': '?q=galaxy',
    '/autocomplete': '?q=gal',
    '/shops/search': '?q=shop',
    '/locations/find': `?lat=${location?.lat}&lng=${location?.lng}`,
    '/shops/:shop_id/products/search': `?shop_uid=${encodeURIComponent(product?.shop_uid ?? '')}`,
  };
  return path + (queries[template] ?? '');
}

/** Every object of an answer that is a Product: it has a shop's own id for it and its SKU's. */
function productsIn(value: unknown, found: Json[] = []): Json[] {
  if (Array.isArray(value)) for (const item of value) productsIn(item, found);
  else if (typeof value === 'object' && value !== null) {
    const object = value as Json;
    if ('shop_uid' in object && 'sku_id' in object) found.push(object);
    for (const child of Object.values(object)) productsIn(child, found);
  }
  return found;
}

/** The patch each requested version is served at (spec, Versioning: the latest of its minor). */
const SERVED: Record<string, number> = { '3.0': 23, '3.1': 3, '3.2': 1 };

function newer(since: string, version: string): boolean {
  const [, minor = 0, patch = 0] = since.split('.').map(Number);
  const asked = Number(version.split('.')[1]);
  return minor > asked || (minor === asked && patch > (SERVED[version] ?? 0));
}

/** What each GET of the table answers at `version`, by row name; every one of them answers 200. */
async function walk(version: string, token: string, userId: number) {
  const answers = new Map<string, Json>();
  for (const row of ENDPOINT_ROWS.filter((candidate) => candidate.method === 'GET')) {
    // A user's reads need a user's token; a read newer than the version is not there yet.
    if ((row.user && token === appToken) || newer(row.since, version)) continue;
    const path = pathFor(row.path, userId);
    const response = await get(sandbox, token, path, { Accept: ACCEPT(version) });
    expect(response.status, `${row.name}: GET ${path} at ${version}: ${await response.clone().text()}`).toBe(
      200,
    );
    answers.set(row.name, (await response.json()) as Json);
  }
  return answers;
}

/** The sorted field names of an object, nested ones dotted (`blp.final_price`). */
function fieldsOf(object: Json, prefix = ''): string[] {
  return Object.entries(object)
    .filter(([key]) => prefix !== '' || !PLACED.has(key))
    .flatMap(([key, value]) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? fieldsOf(value as Json, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();
}

describe('one Product on every endpoint that answers products', () => {
  it.each(VERSIONS)('at %s: the same fields everywhere, with either token', async (version) => {
    const userId = sandbox.data.users[0]?.id ?? 0;
    for (const token of [appToken, userToken]) {
      const answers = await walk(version, token, userId);
      const shapes = new Map<string, Set<string>>();
      for (const [name, body] of answers) {
        const products = productsIn(body);
        if (products.length > 0) shapes.set(name, new Set(products.map((p) => fieldsOf(p).join())));
      }
      // The walk found every endpoint that answers products, not a few of them.
      expect([...shapes.keys()].sort()).toEqual([
        'skus.product',
        'skus.productCards',
        'skus.products',
        'skus.shopProducts',
      ]);
      const all = new Set([...shapes.values()].flatMap((set) => [...set]));
      expect([...all], `product fields at ${version}`).toHaveLength(1);
      // `blp` from 3.1 on (the recorded 3.1 GET /products/:id has it), on every product.
      expect([...all][0]?.includes('blp.final_price')).toBe(version !== '3.0');
    }
  });

  it.each(VERSIONS)(
    'at %s: a signed-in user is told where the totals are for, on every answer with products',
    async (version) => {
      const userId = sandbox.data.users[0]?.id ?? 0;
      const answers = await walk(version, userToken, userId);
      const told = [...answers]
        .filter(([, body]) => productsIn(body).length > 0)
        .map(([name, body]) => [name, (body.meta as Json | undefined)?.personalization] as const);
      expect(told).toHaveLength(4);
      // Before 3.1 no product has `blp`, so nothing says what it is computed for.
      const expected =
        version === '3.0'
          ? undefined
          : expect.objectContaining({
              location: expect.objectContaining({ type: 'address', country_code: 'GR' }),
              payment_method: { type: 'spot_cash' },
            });
      for (const [name, personalization] of told) expect(personalization, name).toEqual(expected);
      // The application's token has no user: no personalization anywhere.
      const app = await walk(version, appToken, userId);
      for (const [name, body] of app)
        expect((body.meta as Json | undefined)?.personalization, name).toBeUndefined();
    },
  );
});
