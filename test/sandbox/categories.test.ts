import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { type ErrorsBody, get, getJson, type Json, obtainToken, type Pagination } from './helpers.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = createSandbox();
  token = await obtainToken(sandbox);
});

const CATEGORY_FIELDS = [
  'id',
  'name',
  'children_count',
  'image_url',
  'parent_id',
  'fashion',
  'layout_mode',
  'web_uri',
  'code',
  'path',
  'show_specifications',
  'manufacturer_title',
  'family_id',
];

function expectCategoryShape(category: Json): void {
  for (const field of CATEGORY_FIELDS) expect(category).toHaveProperty(field);
  expect(['list', 'tiles', 'wide_tiles']).toContain(category.layout_mode);
  expect(typeof category.path).toBe('string');
  expect(String(category.path).split(',').at(-1)).toBe(String(category.id));
}

describe('categories', () => {
  it('GET /categories/root is the root, with parent_id 0', async () => {
    const { category } = await getJson<{ category: Json }>(sandbox, token, '/categories/root');
    expectCategoryShape(category);
    expect(category).toMatchObject({
      id: sandbox.data.rootId,
      parent_id: 0,
      path: String(sandbox.data.rootId),
    });
    // A single category shows the further attributes too.
    expect(category).toHaveProperty('onclick_behaviour');
    expect(category).toHaveProperty('unit_price_label');
  });

  it('GET /categories/:id shows a category, 404s an unknown one in the recorded wording', async () => {
    const { category } = await getJson<{ category: Json }>(sandbox, token, '/categories/40');
    expect(category).toMatchObject({ id: 40, name: 'Κινητά Τηλέφωνα', children_count: 0, family_id: 1269 });
    const missing = await get(sandbox, token, '/categories/9999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      errors: [{ code: 'RecordNotFound', messages: ["Couldn't find Category with 'id'=9999"] }],
    });
  });

  it('GET /categories lists every category, paginated', async () => {
    const body = await getJson<{ categories: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      '/categories?per=100',
    );
    expect(body.categories).toHaveLength(sandbox.data.categories.length);
    expect(body.meta.pagination).toEqual({
      total_results: sandbox.data.categories.length,
      total_pages: 1,
      page: 1,
      per: 100,
    });
    for (const category of body.categories) expectCategoryShape(category);
  });

  it('GET /categories/:id/parent and /children walk the tree', async () => {
    const { category: parent } = await getJson<{ category: Json }>(sandbox, token, '/categories/40/parent');
    expect(parent.id).toBe(86);
    const children = await getJson<{ categories: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      '/categories/86/children',
    );
    expect(children.categories.map((c) => c.parent_id)).toEqual(children.categories.map(() => 86));
    expect(children.categories.map((c) => c.id)).toContain(40);
    expect(children.meta.pagination.total_results).toBe(children.categories.length);
    const rootParent = await get(sandbox, token, `/categories/${sandbox.data.rootId}/parent`);
    expect(rootParent.status).toBe(404);
  });

  it('GET /categories/:id/specifications, with groups on include=group', async () => {
    const plain = await getJson<{ specifications: Json[]; groups?: unknown }>(
      sandbox,
      token,
      '/categories/40/specifications',
    );
    expect(plain.groups).toBeUndefined();
    expect(plain.specifications.length).toBeGreaterThan(5);
    expect(plain.specifications[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      values: [],
      order: expect.any(Number),
      unit: expect.any(String),
    });
    const grouped = await getJson<{ specifications: Json[]; groups: Json[] }>(
      sandbox,
      token,
      '/categories/40/specifications?include=group',
    );
    const groupIds = grouped.groups.map((g) => g.id);
    expect(grouped.groups[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      order: expect.any(Number),
    });
    for (const spec of grouped.specifications) expect(groupIds).toContain(spec.group_id);
    const response = await get(sandbox, token, '/categories/40/specifications');
    expect(response.headers.get('cache-control')).toBe('max-age=300, private');
  });

  it('GET /categories/:id/manufacturers orders by name or popularity', async () => {
    const byName = await getJson<{ manufacturers: Json[] }>(
      sandbox,
      token,
      '/categories/40/manufacturers?per=100&order_by=name',
    );
    const names = byName.manufacturers.map((m) => String(m.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'el')));
    const byPopularity = await getJson<{ manufacturers: Json[] }>(
      sandbox,
      token,
      '/categories/40/manufacturers?per=100&order_by=popularity',
    );
    const count = (id: unknown) =>
      sandbox.data.skus.filter((s) => s.category_id === 40 && s.manufacturer_id === id).length;
    const counts = byPopularity.manufacturers.map((m) => count(m.id));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const asc = await getJson<{ manufacturers: Json[] }>(
      sandbox,
      token,
      '/categories/40/manufacturers?per=100&order_by=popularity&order_dir=asc',
    );
    expect(asc.manufacturers.map((m) => count(m.id))).toEqual([...counts].sort((a, b) => a - b));
    const bad = await get(sandbox, token, '/categories/40/manufacturers?order_by=weight');
    expect(bad.status).toBe(400);
  });

  it('GET /categories/:id/filter_groups lists the leaf filter groups, cached 5 minutes', async () => {
    const response = await get(sandbox, token, '/categories/40/filter_groups?per=2');
    expect(response.headers.get('cache-control')).toBe('max-age=300, private');
    const body = (await response.json()) as { filter_groups: Json[]; meta: { pagination: Pagination } };
    expect(body.filter_groups).toHaveLength(2);
    expect(Object.keys(body.filter_groups[0] ?? {})).toEqual([
      'id',
      'name',
      'active',
      'category_id',
      'created_at',
      'updated_at',
      'hint',
      'combined',
      'filter_type',
    ]);
    const all = sandbox.data.filterGroups.filter((g) => g.category_id === 40);
    expect(body.meta.pagination.total_results).toBe(all.length);
    expect(all.some((g) => g.created_at === null)).toBe(true);
    expect(all.every((g) => g.updated_at.endsWith('+03:00'))).toBe(true);
  });

  it('answers RoutingError for unknown routes and NotImplemented for unknown methods', async () => {
    const route = await get(sandbox, token, '/categories/40/nothing');
    expect(route.status).toBe(404);
    expect(((await route.json()) as ErrorsBody).errors[0]?.code).toBe('RoutingError');
    const method = await sandbox.fetch(`${sandbox.baseUrl}/categories/40`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(method.status).toBe(501);
    expect(((await method.json()) as ErrorsBody).errors[0]?.code).toBe('NotImplemented');
    expect(method.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('manufacturers', () => {
  it('GET /manufacturers lists all 40, GET /manufacturers/:id shows one', async () => {
    const list = await getJson<{ manufacturers: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      '/manufacturers?per=100',
    );
    expect(list.manufacturers).toHaveLength(40);
    expect(list.manufacturers.some((m) => m.image_url === null)).toBe(true);
    const { manufacturer } = await getJson<{ manufacturer: Json }>(sandbox, token, '/manufacturers/356');
    expect(manufacturer).toMatchObject({ id: 356, name: 'Apple' });
    expect(Object.keys(manufacturer)).toEqual(['id', 'name', 'image_url']);
    expect((await get(sandbox, token, '/manufacturers/1')).status).toBe(404);
  });

  it('GET /manufacturers/:id/categories lists the leaves it has SKUs in', async () => {
    const body = await getJson<{ categories: Json[] }>(
      sandbox,
      token,
      '/manufacturers/28/categories?per=100',
    );
    const expected = new Set(
      sandbox.data.skus.filter((s) => s.manufacturer_id === 28).map((s) => s.category_id),
    );
    expect(new Set(body.categories.map((c) => c.id))).toEqual(expected);
    expect(body.categories.every((c) => c.children_count === 0)).toBe(true);
  });

  it('GET /manufacturers/:id/skus orders by price or popularity', async () => {
    const byPrice = await getJson<{ skus: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      '/manufacturers/356/skus?per=100&order_by=price',
    );
    const released = byPrice.skus.filter((s) => s.future === false).map((s) => Number(s.price_min));
    expect(released).toEqual([...released].sort((a, b) => a - b));
    expect(byPrice.skus.every((s) => s.manufacturer_id === 356)).toBe(true);
    expect(byPrice.meta.pagination.total_results).toBe(
      sandbox.data.skus.filter((s) => s.manufacturer_id === 356).length,
    );
    const desc = await getJson<{ skus: Json[] }>(
      sandbox,
      token,
      '/manufacturers/356/skus?per=100&order_by=price&order_dir=desc',
    );
    const prices = desc.skus.filter((s) => s.future === false).map((s) => Number(s.price_min));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});
