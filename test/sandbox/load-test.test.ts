import { describe, expect, it } from 'vitest';
import { BULK_SKU_ID_BASE, createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ACCEPT, errorOf, get, getJson, type Json, type Pagination } from './helpers.js';

interface SkuPage {
  skus: Json[];
  meta: { ordered_by: string; order_by_methods?: Record<string, string>; pagination: Pagination };
}
interface CategoryList {
  categories: Json[];
  meta: { pagination: Pagination };
}

const BULK = 9000;

function bulkSandbox(skus = 1234, seed = 1): { sandbox: Sandbox; token: string } {
  const sandbox = createSandbox({ seed, bulkCategory: { id: BULK, skus } });
  return { sandbox, token: sandbox.issueToken() };
}

describe('cacheMaxAge option', () => {
  it('varies per endpoint by default, as recorded (60 s where no recording shows one)', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    expect((await get(sandbox, token, '/categories/root')).headers.get('cache-control')).toBe(
      'private, max-age=60',
    );
    expect((await get(sandbox, token, '/categories/40')).headers.get('cache-control')).toBe(
      'max-age=300, private',
    );
    expect((await get(sandbox, token, '/categories/40/skus')).headers.get('cache-control')).toBe(
      'max-age=0, private, must-revalidate',
    );
    expect((await get(sandbox, token, '/categories/40/filter_groups')).headers.get('cache-control')).toBe(
      'max-age=300, private',
    );
  });

  it('sets the max-age of every cacheable answer, filter groups, specifications and SKU lists too', async () => {
    const sandbox = createSandbox({ cacheMaxAge: 1 });
    const token = sandbox.issueToken();
    expect((await get(sandbox, token, '/categories/40/skus')).headers.get('cache-control')).toBe(
      'private, max-age=1',
    );
    expect((await get(sandbox, token, '/categories/40/filter_groups')).headers.get('cache-control')).toBe(
      'max-age=1, private',
    );
    expect((await get(sandbox, token, '/categories/40/specifications')).headers.get('cache-control')).toBe(
      'max-age=1, private',
    );
    const zero = createSandbox({ cacheMaxAge: 0 });
    expect((await get(zero, zero.issueToken(), '/categories/root')).headers.get('cache-control')).toBe(
      'private, max-age=0',
    );
    expect((await get(zero, zero.issueToken(), '/categories/40')).headers.get('cache-control')).toBe(
      'max-age=0, private',
    );
  });

  it('leaves the always-revalidated answers and the errors alone', async () => {
    const sandbox = createSandbox({ cacheMaxAge: 1 });
    const user = sandbox.issueUserToken().access_token;
    expect((await get(sandbox, user, '/favorites')).headers.get('cache-control')).toBe(
      'max-age=0, private, must-revalidate',
    );
    expect((await get(sandbox, user, '/categories/123456789')).headers.get('cache-control')).toBe('no-cache');
  });

  it('refuses a negative or fractional max-age', () => {
    expect(() => createSandbox({ cacheMaxAge: -1 })).toThrow(RangeError);
    expect(() => createSandbox({ cacheMaxAge: 1.5 })).toThrow(/cacheMaxAge must be a whole number/);
  });
});

describe('bulkCategory option', () => {
  it('lists the category as the last child of the root, a leaf of its own family', async () => {
    const { sandbox, token } = bulkSandbox();
    const children = await getJson<CategoryList>(sandbox, token, '/categories/76/children');
    expect(children.categories.map((c) => c.id)).toEqual([1269, 274, 33, 25, BULK]);
    const root = await getJson<{ category: Json }>(sandbox, token, '/categories/root');
    expect(root.category.children_count).toBe(5);
    const { category } = await getJson<{ category: Json }>(sandbox, token, `/categories/${BULK}`);
    expect(category).toMatchObject({
      id: BULK,
      name: 'Load test',
      children_count: 0,
      parent_id: 76,
      family_id: BULK,
      path: `76,${BULK}`,
    });
    const parent = await getJson<{ category: Json }>(sandbox, token, `/categories/${BULK}/parent`);
    expect(parent.category.id).toBe(76);
    const all = await getJson<CategoryList>(sandbox, token, '/categories?per=100');
    expect(all.categories.map((c) => c.id)).toContain(BULK);
    expect(sandbox.data.categories.some((c) => c.id === BULK)).toBe(true);
  });

  it('pages through its SKUs, newest (highest id) first, with the category SKU meta', async () => {
    const { sandbox, token } = bulkSandbox(1234);
    const response = await get(sandbox, token, `/categories/${BULK}/skus?per=100&page=2`);
    expect(response.headers.get('link')).toBeNull();
    const page = (await response.json()) as SkuPage;
    expect(page.meta).toEqual({
      ordered_by: 'newest',
      order_by_methods: { newest: 'Νεότερα' },
      pagination: { total_results: 1234, total_pages: 13, page: 2, per: 100 },
    });
    expect(page.skus.map((s) => s.id)).toEqual(
      Array.from({ length: 100 }, (_, i) => BULK_SKU_ID_BASE + 1234 - 100 - i),
    );
    const last = await getJson<SkuPage>(sandbox, token, `/categories/${BULK}/skus?per=100&page=13`);
    expect(last.skus.map((s) => s.id).at(-1)).toBe(BULK_SKU_ID_BASE + 1);
    expect(last.skus).toHaveLength(34);
    const past = await getJson<SkuPage>(sandbox, token, `/categories/${BULK}/skus?per=100&page=14`);
    expect(past.skus).toEqual([]);
    const ascending = await getJson<SkuPage>(sandbox, token, `/categories/${BULK}/skus?per=3&order_dir=asc`);
    expect(ascending.skus.map((s) => s.id)).toEqual([1, 2, 3].map((i) => BULK_SKU_ID_BASE + i));
    const byName = await getJson<SkuPage>(sandbox, token, `/categories/${BULK}/skus?per=3&order_by=newest`);
    expect(byName.skus.map((s) => s.id)).toEqual([1234, 1233, 1232].map((i) => BULK_SKU_ID_BASE + i));
  });

  it('serves SKUs shaped as the seeded ones, in every version', async () => {
    const { sandbox, token } = bulkSandbox();
    for (const version of ['3.0', '3.1', '3.2']) {
      const headers = { Accept: ACCEPT(version) };
      const bulk = await getJson<SkuPage>(sandbox, token, `/categories/${BULK}/skus?per=5`, headers);
      const seeded = await getJson<SkuPage>(sandbox, token, '/categories/40/skus?per=5', headers);
      const keys = (sku: Json | undefined) => Object.keys(sku ?? {});
      expect(keys(bulk.skus[0])).toEqual(keys(seeded.skus[0]));
      expect(Object.keys(bulk.meta)).toEqual(Object.keys(seeded.meta));
      for (const sku of bulk.skus) {
        expect(sku).toMatchObject({
          category_id: BULK,
          future: false,
          reviews_count: 0,
          images: { main: expect.stringMatching(/^https:\/\//), alternatives: expect.any(Array) },
        });
        expect(sku.price_min as number).toBeGreaterThan(0);
        expect(sku.price_max as number).toBeGreaterThanOrEqual(sku.price_min as number);
        expect(sandbox.data.manufacturers.some((m) => m.id === sku.manufacturer_id)).toBe(true);
      }
    }
  });

  it('generates the same SKUs for the same seed and index, in any sandbox', async () => {
    const a = bulkSandbox(500, 1);
    const b = bulkSandbox(500, 1);
    const other = bulkSandbox(500, 2);
    const path = `/categories/${BULK}/skus?per=50&page=3`;
    const first = await getJson<SkuPage>(a.sandbox, a.token, path);
    expect(await getJson<SkuPage>(a.sandbox, a.token, path)).toEqual(first);
    expect(await getJson<SkuPage>(b.sandbox, b.token, path)).toEqual(first);
    const reseeded = await getJson<SkuPage>(other.sandbox, other.token, path);
    expect(reseeded.skus.map((s) => s.id)).toEqual(first.skus.map((s) => s.id));
    expect(reseeded.skus).not.toEqual(first.skus);
  });

  it('stores no SKU: millions cost nothing, and they are not in data or /skus/:id', async () => {
    const { sandbox, token } = bulkSandbox(10_000_000);
    const skuCount = createSandbox().data.skus.length;
    expect(sandbox.data.skus).toHaveLength(skuCount);
    const last = await getJson<SkuPage>(sandbox, token, `/categories/${BULK}/skus?per=100&page=100000`);
    expect(last.skus).toHaveLength(100);
    expect(last.skus.at(-1)?.id).toBe(BULK_SKU_ID_BASE + 1);
    const single = await get(sandbox, token, `/skus/${BULK_SKU_ID_BASE + 1}`);
    expect((await errorOf(single, 404)).code).toBe('RecordNotFound');
  });

  it('refuses filters and include_meta, and orders other than newest', async () => {
    const { sandbox, token } = bulkSandbox();
    for (const query of [
      'manufacturer_ids=28',
      'q=phone',
      'filter_ids[]=1',
      'include_meta=available_filters',
    ]) {
      const error = await errorOf(await get(sandbox, token, `/categories/${BULK}/skus?${query}`), 400);
      expect(error.code).toBe('InvalidParameter');
      expect(error.messages[0]).toMatch(/is not supported by the load-test category/);
    }
    const order = await errorOf(await get(sandbox, token, `/categories/${BULK}/skus?order_by=pricevat`), 400);
    expect(order.messages[0]).toMatch(/^order_by must be one of newest/);
  });

  it('marks nothing as favorited for a user, and survives reset()', async () => {
    const { sandbox } = bulkSandbox(10);
    const user = sandbox.issueUserToken().access_token;
    const page = await getJson<SkuPage>(sandbox, user, `/categories/${BULK}/skus`);
    expect(page.skus.every((s) => s.favorited === false)).toBe(true);
    sandbox.reset();
    const again = await getJson<SkuPage>(sandbox, sandbox.issueToken(), `/categories/${BULK}/skus`);
    expect(again.meta.pagination.total_results).toBe(10);
  });

  it('lists nothing with 0 SKUs', async () => {
    const { sandbox, token } = bulkSandbox(0);
    const page = await getJson<SkuPage>(sandbox, token, `/categories/${BULK}/skus`);
    expect(page.skus).toEqual([]);
    expect(page.meta.pagination).toEqual({ total_results: 0, total_pages: 0, page: 1, per: 25 });
  });

  it('leaves other sandboxes of the same seed as they were', async () => {
    bulkSandbox();
    const plain = createSandbox();
    const token = plain.issueToken();
    const root = await getJson<{ category: Json }>(plain, token, '/categories/root');
    expect(root.category.children_count).toBe(4);
    expect((await errorOf(await get(plain, token, `/categories/${BULK}`), 404)).code).toBe('RecordNotFound');
    expect(plain.data.categories.some((c) => c.id === BULK)).toBe(false);
  });

  it('refuses an id of a seeded category and counts out of range', () => {
    expect(() => createSandbox({ bulkCategory: { id: 40, skus: 10 } })).toThrow(/seeded category/);
    expect(() => createSandbox({ bulkCategory: { id: 0, skus: 10 } })).toThrow(RangeError);
    expect(() => createSandbox({ bulkCategory: { id: BULK, skus: -1 } })).toThrow(RangeError);
    expect(() => createSandbox({ bulkCategory: { id: BULK, skus: 10_000_001 } })).toThrow(RangeError);
  });

  it('takes a name', async () => {
    const sandbox = createSandbox({ bulkCategory: { id: BULK, skus: 1, name: 'Φορτίο' } });
    const { category } = await getJson<{ category: Json }>(
      sandbox,
      sandbox.issueToken(),
      `/categories/${BULK}`,
    );
    expect(category.name).toBe('Φορτίο');
    expect(category.web_uri).toBe(`https://www.sandbox.test/c/${BULK}/fortio.html`);
  });
});
