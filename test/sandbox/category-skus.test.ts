import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { get, getJson, type Json, obtainToken, type Pagination } from './helpers.js';

interface SkuList {
  skus: Json[];
  meta: {
    ordered_by: string;
    order_by_methods?: Record<string, string>;
    available_filters?: {
      filters: Record<string, number>;
      manufacturers: Record<string, number>;
      shops: Record<string, number>;
      availabilities: { id: number; label: string; count: number }[];
      distances: { id: number; label: string; count: number }[];
    };
    applied_filters?: { filters: number[]; manufacturers: number[]; shops?: number[] };
    pagination: Pagination;
  };
}

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = createSandbox();
  token = await obtainToken(sandbox);
});

const leafSkus = (id: number) => sandbox.data.skus.filter((s) => s.category_id === id);

describe('GET /categories/:category_id/skus', () => {
  it('lists the SKUs of a leaf with the recorded meta and no Link header', async () => {
    const response = await get(sandbox, token, '/categories/40/skus?per=4');
    expect(response.headers.get('link')).toBeNull();
    const body = (await response.json()) as SkuList;
    expect(body.skus).toHaveLength(4);
    expect(body.meta.ordered_by).toBe('pricevat');
    expect(body.meta.order_by_methods).toMatchObject({
      pricevat: 'Αύξουσα τιμή',
      popularity: 'Δημοτικότητα',
      rating: 'Βαθμολογία',
    });
    expect(body.meta.pagination).toEqual({
      total_results: leafSkus(40).length,
      total_pages: Math.ceil(leafSkus(40).length / 4),
      page: 1,
      per: 4,
    });
    expect(Object.keys(body.meta)).toEqual(['ordered_by', 'order_by_methods', 'pagination']);
    for (const sku of body.skus) {
      expect(sku.favorited).toBe(false);
      expect(sku.category_id).toBe(40);
      expect(sku).toHaveProperty('images.main');
      expect(sku).not.toHaveProperty('filter_ids');
      expect(sku).not.toHaveProperty('popularity');
    }
  });

  it('orders by every method of order_by_methods, both directions', async () => {
    const { meta } = await getJson<SkuList>(sandbox, token, '/categories/40/skus?per=1');
    for (const method of Object.keys(meta.order_by_methods ?? {})) {
      for (const dir of ['asc', 'desc'] as const) {
        const body = await getJson<SkuList>(
          sandbox,
          token,
          `/categories/40/skus?per=100&order_by=${method}&order_dir=${dir}`,
        );
        expect(body.meta.ordered_by).toBe(method);
        if (method === 'pricevat') {
          const prices = body.skus.filter((s) => !s.future).map((s) => Number(s.price_min));
          expect(prices).toEqual([...prices].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
        }
        if (method === 'rating') {
          const scores = body.skus.map((s) => Number(s.reviewscore));
          expect(scores).toEqual([...scores].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
        }
      }
    }
    expect((await get(sandbox, token, '/categories/40/skus?order_by=color')).status).toBe(400);
  });

  it('filters by filter_ids[]: OR within a group, AND across groups', async () => {
    const groups = sandbox.data.filterGroups.filter((g) => g.category_id === 40 && g.filter_type === 2);
    const [first, second] = groups;
    if (!first || !second) throw new Error('expected two spec filter groups');
    const filtersOf = (groupId: number) =>
      sandbox.data.filters.filter((f) => f.filter_group_id === groupId).map((f) => f.id);
    const [a1, a2] = filtersOf(first.id);
    const [b1] = filtersOf(second.id);
    if (a1 === undefined || a2 === undefined || b1 === undefined) throw new Error('expected filters');
    const expected = leafSkus(40).filter(
      (s) => (s.filter_ids.includes(a1) || s.filter_ids.includes(a2)) && s.filter_ids.includes(b1),
    );
    const body = await getJson<SkuList>(
      sandbox,
      token,
      `/categories/40/skus?per=100&filter_ids[]=${a1}&filter_ids[]=${a2}&filter_ids[]=${b1}&include_meta=applied_filters`,
    );
    expect(body.meta.pagination.total_results).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.meta.applied_filters).toEqual({ filters: [a1, a2, b1], manufacturers: [] });
  });

  it('filters by manufacturer_ids[], shop_ids[], q, availability and distance', async () => {
    const samsung = await getJson<SkuList>(
      sandbox,
      token,
      '/categories/40/skus?per=100&manufacturer_ids[]=28',
    );
    expect(samsung.skus.every((s) => s.manufacturer_id === 28)).toBe(true);
    expect(samsung.meta.pagination.total_results).toBe(
      leafSkus(40).filter((s) => s.manufacturer_id === 28).length,
    );

    const shopId = 2612;
    const inShop = new Set(
      sandbox.data.products.filter((p) => p.shop_id === shopId && p.category_id === 40).map((p) => p.sku_id),
    );
    const byShop = await getJson<SkuList>(sandbox, token, `/categories/40/skus?per=100&shop_ids[]=${shopId}`);
    expect(byShop.meta.pagination.total_results).toBe(inShop.size);

    const q = await getJson<SkuList>(sandbox, token, '/categories/40/skus?per=100&q=galaxy');
    expect(q.skus.length).toBeGreaterThan(0);
    expect(q.skus.every((s) => String(s.display_name).toLowerCase().includes('galaxy'))).toBe(true);

    const pickup = await getJson<SkuList>(sandbox, token, '/categories/40/skus?per=100&availability=0');
    const immediate = new Set(
      sandbox.data.products.filter((p) => p.category_id === 40 && p.immediate_pickup).map((p) => p.sku_id),
    );
    expect(pickup.meta.pagination.total_results).toBe(immediate.size);

    const near = await getJson<SkuList>(sandbox, token, '/categories/40/skus?per=1&distance=10');
    const far = await getJson<SkuList>(sandbox, token, '/categories/40/skus?per=1&distance=2');
    expect(near.meta.pagination.total_results).toBeGreaterThanOrEqual(far.meta.pagination.total_results);
    expect((await get(sandbox, token, '/categories/40/skus?distance=3')).status).toBe(400);
  });

  it('include_meta=available_filters counts the matching SKUs per filter, manufacturer and shop', async () => {
    const body = await getJson<SkuList>(
      sandbox,
      token,
      '/categories/40/skus?per=1&include_meta[]=available_filters&manufacturer_ids[]=356',
    );
    const matching = leafSkus(40).filter((s) => s.manufacturer_id === 356);
    const available = body.meta.available_filters;
    if (!available) throw new Error('available_filters missing');
    expect(available.manufacturers).toEqual({ '356': matching.length });
    const [filterId, count] = Object.entries(available.filters)[0] ?? [];
    expect(count).toBe(matching.filter((s) => s.filter_ids.includes(Number(filterId))).length);
    for (const value of Object.values(available.shops)) expect(value).toBeGreaterThan(0);
    expect(available.availabilities.map((a) => a.id)).toEqual([0, 1, 2]);
    expect(available.distances.map((d) => d.id)).toEqual([2, 5, 10]);
    expect(Object.keys(body.meta)).toEqual([
      'ordered_by',
      'order_by_methods',
      'available_filters',
      'pagination',
    ]);
  });

  it('a non-leaf category lists no SKUs; an unknown one is a 404', async () => {
    const body = await getJson<SkuList>(sandbox, token, '/categories/86/skus');
    expect(body.skus).toEqual([]);
    expect(body.meta.pagination.total_results).toBe(0);
    expect((await get(sandbox, token, '/categories/9999/skus')).status).toBe(404);
  });
});
