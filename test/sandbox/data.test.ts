import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';

const { data } = createSandbox();
const categoryById = new Map(data.categories.map((c) => [c.id, c]));

describe('seeded data', () => {
  it('is identical for the same seed and differs for another', () => {
    expect(JSON.stringify(createSandbox({ seed: 5 }).data)).toBe(
      JSON.stringify(createSandbox({ seed: 5 }).data),
    );
    expect(JSON.stringify(createSandbox({ seed: 6 }).data.skus)).not.toBe(
      JSON.stringify(createSandbox({ seed: 5 }).data.skus),
    );
  });

  it('is frozen, so a test cannot change another sandbox by accident', () => {
    const sku = data.skus[0];
    if (!sku) throw new Error('no sku');
    expect(() => {
      sku.price_min = 1;
    }).toThrow(TypeError);
  });

  it('has a tree at least 3 levels below the root, with consistent paths and children counts', () => {
    const root = categoryById.get(data.rootId);
    expect(root?.parent_id).toBe(0);
    expect(data.categories.filter((c) => c.parent_id === 0)).toHaveLength(1);
    expect(data.categories.length).toBeGreaterThanOrEqual(25);
    const depth = Math.max(...data.categories.map((c) => c.path.split(',').length - 1));
    expect(depth).toBeGreaterThanOrEqual(3);
    for (const category of data.categories) {
      expect(category.children_count).toBe(data.categories.filter((c) => c.parent_id === category.id).length);
      const path = category.path.split(',').map(Number);
      expect(path[0]).toBe(data.rootId);
      expect(path.at(-1)).toBe(category.id);
      expect(['list', 'tiles', 'wide_tiles']).toContain(category.layout_mode);
    }
    const below = data.categories.filter((c) => c.id !== data.rootId);
    expect(below.length).toBe(data.categories.length - 1);
    for (const category of below)
      expect(category.path.split(',').map(Number).at(-2)).toBe(category.parent_id);
  });

  it('puts SKUs in leaves only: one leaf with at least 320, the others 20 to 80, over 500 in all', () => {
    const counts = new Map<number, number>();
    for (const sku of data.skus) {
      expect(categoryById.get(sku.category_id)?.children_count).toBe(0);
      counts.set(sku.category_id, (counts.get(sku.category_id) ?? 0) + 1);
    }
    const leaves = data.categories.filter((c) => c.children_count === 0);
    expect(leaves.length).toBeGreaterThanOrEqual(6);
    expect(counts.get(40)).toBeGreaterThanOrEqual(320);
    const others = leaves.filter((leaf) => leaf.id !== 40);
    expect(others).toHaveLength(leaves.length - 1);
    for (const leaf of others) {
      expect(counts.get(leaf.id)).toBeGreaterThanOrEqual(20);
      expect(counts.get(leaf.id)).toBeLessThanOrEqual(80);
    }
    expect(data.skus.length).toBeGreaterThanOrEqual(500);
    expect(new Set(data.skus.map((s) => s.id)).size).toBe(data.skus.length);
  });

  it('has 40 manufacturers (some without image) and 25 shops with 1 to 3 locations', () => {
    expect(data.manufacturers).toHaveLength(40);
    expect(data.manufacturers.some((m) => m.image_url === null)).toBe(true);
    expect(data.shops).toHaveLength(25);
    for (const shop of data.shops) {
      const locations = data.shopLocations.filter((l) => l.shop_id === shop.id);
      expect(locations.length).toBeGreaterThanOrEqual(1);
      expect(locations.length).toBeLessThanOrEqual(3);
      expect(Number.isInteger(shop.review_score * 10)).toBe(true);
    }
    const unstructured = data.shopLocations.filter((l) => l.format === 'unstructured');
    const structured = data.shopLocations.filter((l) => l.format === 'structured');
    expect(unstructured.length).toBeGreaterThan(0);
    expect(structured.length).toBe(data.shopLocations.length - unstructured.length);
    for (const location of unstructured) expect(location.address.street).toBeNull();
    for (const location of structured) expect(location.address.street).toEqual(expect.any(String));
  });

  it('keeps price_min, price_max, shop_count and first_product_shop_info in line with the products', () => {
    const bySku = new Map<number, typeof data.products>();
    for (const product of data.products)
      bySku.set(product.sku_id, [...(bySku.get(product.sku_id) ?? []), product]);
    const future = data.skus.filter((s) => s.future);
    expect(future.filter((s) => s.category_id === 40).length).toBeGreaterThanOrEqual(2);
    for (const sku of future) {
      expect(bySku.get(sku.id)).toBeUndefined();
      expect(sku.shop_count).toBe(0);
    }
    const sold = data.skus.filter((s) => !s.future);
    const withShopInfo = sold.filter((s) => s.first_product_shop_info !== null);
    expect(withShopInfo.length).toBeGreaterThan(sold.length / 4);
    for (const sku of sold) {
      const products = bySku.get(sku.id) ?? [];
      expect(products.length).toBeGreaterThanOrEqual(2);
      expect(products.length).toBeLessThanOrEqual(12);
      expect(new Set(products.map((p) => p.shop_id)).size).toBe(products.length);
      expect(sku.shop_count).toBe(products.length);
      const prices = products.map((p) => p.price);
      expect(sku.price_min).toBe(Math.min(...prices));
      expect(sku.price_max).toBe(Math.max(...prices));
    }
    for (const sku of withShopInfo) {
      const cheapest = bySku.get(sku.id)?.find((p) => p.price === sku.price_min);
      expect(sku.first_product_shop_info?.split('|')[0]).toBe(String(cheapest?.shop_id));
      expect(sku.first_product_shop_info?.split('|')).toHaveLength(3);
    }
  });

  it('gives products the recorded kinds of values', () => {
    expect(data.products.some((p) => /^0\d+$/.test(p.shop_uid))).toBe(true);
    expect(data.products.some((p) => p.expenses === null)).toBe(true);
    expect(data.products.some((p) => typeof p.expenses === 'number')).toBe(true);
    const sample = data.products.slice(0, 500);
    for (const product of sample) {
      expect(typeof product.shop_uid).toBe('string');
      expect(Math.round(product.price * 100) / 100).toBe(product.price);
      expect(product.immediate_pickup).toBe(product.availability_id === 0);
    }
    const costed = sample.filter((p) => p.blp.payment_method_cost !== null);
    expect(costed.length).toBeGreaterThan(0);
    for (const { price, blp } of costed) {
      expect(blp.final_price).toBeCloseTo(
        price + blp.shipping_cost + (blp.payment_method_cost ?? Number.NaN),
        2,
      );
    }
  });

  it('gives every leaf specifications, filter groups of every filter type, and filters that SKUs carry', () => {
    expect(new Set(data.filterGroups.map((g) => g.filter_type))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const filterIds = new Set(data.filters.map((f) => f.id));
    for (const leaf of data.categories.filter((c) => c.children_count === 0)) {
      expect(data.specifications.some((s) => s.category_id === leaf.id)).toBe(true);
      expect(data.filterGroups.some((g) => g.category_id === leaf.id)).toBe(true);
      expect(Object.keys(leaf.order_by_methods)).toEqual(
        expect.arrayContaining(['pricevat', 'popularity', 'rating']),
      );
    }
    for (const sku of data.skus) for (const id of sku.filter_ids) expect(filterIds.has(id)).toBe(true);
    expect(data.filterGroups.some((g) => g.created_at?.endsWith('+02:00'))).toBe(true);
  });
});
