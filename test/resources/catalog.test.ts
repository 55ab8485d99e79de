import { describe, expect, it } from 'vitest';
import { type Category, InvalidRequestError, NotFoundError } from '../../src/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';

function setup() {
  const sandbox = newSandbox();
  const client = sandboxClient(sandbox);
  return { sandbox, client, api: client.catalog };
}

/** Walks the tree from the root and returns every category. */
async function tree(api: ReturnType<typeof setup>['api']): Promise<Category[]> {
  const root = await api.categories.root();
  const all: Category[] = [root];
  for (let i = 0; i < all.length; i++) {
    const category = all[i] as Category;
    if ((category.children_count ?? 0) > 0)
      all.push(...(await api.categories.children(category.id).toArray()));
  }
  return all;
}

async function biggestLeaf(api: ReturnType<typeof setup>['api']) {
  const leaves = (await tree(api)).filter((c) => c.children_count === 0);
  const sized = await Promise.all(
    leaves.map(async (c) => ({
      c,
      total: (await api.categories.skus(c.id, { per: 1 })).pagination?.total_results ?? 0,
    })),
  );
  return sized.sort((a, b) => b.total - a.total)[0] as { c: Category; total: number };
}

describe('categories', () => {
  it('root, get, parent, children: a tree at least three levels deep', async () => {
    const { api, client, sandbox } = setup();
    const root = await api.categories.root();
    expect(root.parent_id).toBe(0);
    const all = await tree(api);
    const leaves = all.filter((c) => c.children_count === 0);
    expect(leaves.length).toBeGreaterThanOrEqual(6);
    const deepest = Math.max(...all.map((c) => c.path.split(',').length));
    expect(deepest).toBeGreaterThanOrEqual(4);
    const leaf = leaves.find((c) => c.path.split(',').length === deepest) as Category;
    const parent = await client.catalog.categories.parent(leaf.id);
    expect(parent.id).toBe(leaf.parent_id);
    expect(await api.categories.get(leaf.id)).toMatchObject(leaf);
    expect(sandbox.apiCalls({ path: `/categories/${leaf.id}/parent` })).toHaveLength(1);
  });

  it('list pages through every category', async () => {
    const { api } = setup();
    const first = await api.categories.list({ per: 5 });
    expect(first.items).toHaveLength(5);
    const all = await api.categories.list({ per: 5 }).toArray();
    expect(all.length).toBe(first.pagination?.total_results);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });

  it('specifications, with and without include=group', async () => {
    const { api, sandbox } = setup();
    const { c } = await biggestLeaf(api);
    const plain = await api.categories.specifications(c.id);
    expect(plain.specifications.length).toBeGreaterThan(0);
    expect(plain.groups).toBeUndefined();
    const grouped = await api.categories.specifications(c.id, { include: 'group' });
    const groupIds = new Set(grouped.groups.map((g) => g.id));
    expect(grouped.specifications.every((s) => groupIds.has(s.group_id as number))).toBe(true);
    expect(
      sandbox
        .apiCalls({ path: `/categories/${c.id}/specifications` })
        .at(-1)
        ?.query.get('include'),
    ).toBe('group');
  });

  it('manufacturers of a category, ordered by name', async () => {
    const { api, sandbox } = setup();
    const { c } = await biggestLeaf(api);
    const names = (
      await api.categories.manufacturers(c.id, { order_by: 'name', order_dir: 'asc' }).toArray()
    ).map((m) => m.name);
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    const sent = sandbox.apiCalls({ path: `/categories/${c.id}/manufacturers` })[0];
    expect(sent?.query.get('order_by')).toBe('name');
    await expect(
      // @ts-expect-error: not an order this endpoint takes
      api.categories.manufacturers(c.id, { order_by: 'price' }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('skus: every item of a 300+ SKU category exactly once with for await, paging by meta', async () => {
    const { api, sandbox } = setup();
    const { c, total } = await biggestLeaf(api);
    expect(total).toBeGreaterThanOrEqual(300);
    sandbox.clearRequests();
    const ids: number[] = [];
    for await (const sku of api.categories.skus(c.id, { per: 50 })) ids.push(sku.id);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const pages = sandbox.apiCalls({ path: `/categories/${c.id}/skus` }).map((r) => r.query.get('page'));
    expect(pages).toEqual([
      null,
      ...Array.from({ length: Math.ceil(total / 50) - 1 }, (_, i) => String(i + 2)),
    ]);
  });

  it('skus: order, filters, include_meta and their wire form', async () => {
    const { api, sandbox } = setup();
    const { c } = await biggestLeaf(api);
    const withMeta = await api.categories.skus(c.id, { include_meta: ['available_filters'], per: 5 });
    const available = withMeta.body.meta.available_filters;
    expect(available?.manufacturers).toBeDefined();
    const manufacturerId = Number(Object.keys(available?.manufacturers ?? {})[0]);
    const filtered = await api.categories
      .skus(c.id, {
        manufacturer_ids: [manufacturerId],
        include_meta: ['applied_filters'],
        order_by: 'pricevat',
        order_dir: 'asc',
      })
      .toArray();
    expect(filtered.length).toBe(available?.manufacturers?.[String(manufacturerId)]);
    expect(filtered.every((s) => s.manufacturer_id === manufacturerId)).toBe(true);
    // Cheapest first; a SKU with no offers yet (price 0, a future one) comes after the priced.
    const prices = filtered.map((s) => Number(s.price_min));
    const priced = prices.filter((price) => price > 0);
    expect([...priced].sort((a, b) => a - b)).toEqual(priced);
    expect(prices.slice(0, priced.length)).toEqual(priced);
    const sent = sandbox.apiCalls({ path: `/categories/${c.id}/skus` }).at(-1);
    expect(sent?.query.getAll('manufacturer_ids[]')).toEqual([String(manufacturerId)]);
    expect(sent?.query.getAll('include_meta[]')).toEqual(['applied_filters']);
    expect(sent?.query.get('order_by')).toBe('pricevat');
  });

  it('filter groups of a category', async () => {
    const { api } = setup();
    const { c } = await biggestLeaf(api);
    const groups = await api.categories.filterGroups(c.id).toArray();
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.category_id === c.id)).toBe(true);
  });

  it('unknown ids map to NotFoundError with the RecordNotFound code; bad ids never leave', async () => {
    const { api, sandbox } = setup();
    const error = await api.categories.get(987_654_321).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'RecordNotFound' });
    const before = sandbox.apiCalls().length;
    await expect(api.categories.get(-1)).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(api.categories.children(1.5)).rejects.toThrow(/positive integer/);
    expect(sandbox.apiCalls()).toHaveLength(before);
  });
});

describe('manufacturers', () => {
  it('list, get, categories and skus', async () => {
    const { api } = setup();
    const all = await api.manufacturers.list().toArray();
    expect(all).toHaveLength(40);
    const first = all[0]!;
    expect(await api.manufacturers.get(first.id)).toEqual(first);
    const skus = await api.manufacturers.skus(first.id, { order_by: 'price', order_dir: 'desc' }).toArray();
    expect(skus.every((s) => s.manufacturer_id === first.id)).toBe(true);
    const prices = skus.map((s) => s.price_min);
    expect([...prices].sort((a, b) => Number(b) - Number(a))).toEqual(prices);
    const categories = await api.manufacturers.categories(first.id).toArray();
    const skuCategories = new Set(skus.map((s) => s.category_id));
    expect(new Set(categories.map((c) => c.id))).toEqual(skuCategories);
  });
});

describe('search and autocomplete', () => {
  it('finds categories for a term and pages through them', async () => {
    const { api, sandbox } = setup();
    const leaf = (await biggestLeaf(api)).c;
    const term = leaf.name.split(' ')[0] as string;
    const page = await api.search({ q: term });
    expect(page.body.meta.q).toBe(term);
    expect(page.items.map((c) => c.id)).toContain(leaf.id);
    expect(sandbox.apiCalls({ path: '/search' })[0]?.query.get('q')).toBe(term);
  });

  it('an unmatched query gives empty categories and alternatives', async () => {
    const { api } = setup();
    const page = await api.search({ q: 'zzqqxxyy' });
    expect(page.items).toEqual([]);
    expect(page.body.meta.alternatives).toEqual([]);
    expect(page.hasNextPage()).toBe(false);
  });

  it('a q under 2 characters is refused before any request, like the server InvalidSearch', async () => {
    const { api, sandbox } = setup();
    const error = await api.search({ q: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'InvalidSearch', param: 'q' });
    await expect(api.search({ q: ' ' })).rejects.toMatchObject({ code: 'InvalidSearch' });
    expect(sandbox.requests).toHaveLength(0);
  });

  it('autocomplete gives suggestions whose k can be searched', async () => {
    const { api, client } = setup();
    const leaf = (await biggestLeaf(api)).c;
    const entries = await client.catalog.autocomplete({ q: leaf.name.slice(0, 3) });
    expect(entries.length).toBeGreaterThan(0);
    const chosen = entries[0]!;
    expect(typeof chosen.k).toBe('string');
    const page = await api.search({ q: chosen.k });
    expect(page.body.meta.q).toBe(chosen.k);
  });
});
