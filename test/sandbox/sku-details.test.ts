import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type Sandbox, type SkuRecord } from '../../src/sandbox/index.js';
import { ACCEPT, errorOf, get, getJson, type Json, obtainToken, type Pagination } from './helpers.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = createSandbox();
  token = await obtainToken(sandbox);
});

afterEach(() => {
  vi.useRealTimers();
});

function skuWhere(test: (sku: SkuRecord) => boolean): SkuRecord {
  const sku = sandbox.data.skus.find(test);
  if (!sku) throw new Error('no such sku');
  return sku;
}

const productsOf = (skuId: number) => sandbox.data.products.filter((p) => p.sku_id === skuId);

interface ProductList {
  products: Json[];
  meta: { pagination: Pagination };
}

describe('GET /skus/:id/products filters', () => {
  it('zero_installments=true keeps the products of shops with interest-free installments', async () => {
    const withInstallments = new Set(
      sandbox.data.shops.filter((s) => Boolean(s.payment_methods.installments)).map((s) => s.id),
    );
    const sku = skuWhere((s) => {
      const shops = productsOf(s.id).map((p) => p.shop_id);
      return shops.some((id) => withInstallments.has(id)) && shops.some((id) => !withInstallments.has(id));
    });
    const body = await getJson<ProductList>(
      sandbox,
      token,
      `/skus/${sku.id}/products?zero_installments=true`,
    );
    const expected = productsOf(sku.id).filter((p) => withInstallments.has(p.shop_id));
    expect(body.products.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    const off = await getJson<ProductList>(
      sandbox,
      token,
      `/skus/${sku.id}/products?zero_installments=false`,
    );
    expect(off.products).toHaveLength(sku.shop_count);
    expect((await get(sandbox, token, `/skus/${sku.id}/products?zero_installments=yes`)).status).toBe(400);
  });

  it('distance keeps products of shops with a store or pickup point that close', async () => {
    const sku = skuWhere((s) => s.shop_count >= 8);
    const near = await getJson<ProductList>(sandbox, token, `/skus/${sku.id}/products?distance=10`);
    const all = await getJson<ProductList>(sandbox, token, `/skus/${sku.id}/products`);
    expect(near.products.length).toBeLessThanOrEqual(all.products.length);
    const nearShops = new Set(near.products.map((p) => p.shop_id));
    for (const shopId of nearShops) {
      const visitable = sandbox.data.shopLocations.filter(
        (l) => l.shop_id === shopId && (l.store || l.pickup_point),
      );
      expect(visitable.length).toBeGreaterThan(0);
    }
  });

  it('paginates, with Link headers', async () => {
    const sku = skuWhere((s) => s.shop_count >= 5);
    const response = await get(sandbox, token, `/skus/${sku.id}/products?per=2&page=2`);
    const body = (await response.json()) as ProductList;
    expect(body.products).toHaveLength(2);
    expect(body.meta.pagination).toEqual({
      total_results: sku.shop_count,
      total_pages: Math.ceil(sku.shop_count / 2),
      page: 2,
      per: 2,
    });
    expect(response.headers.get('link')).toContain('rel="next"');
    const unknown = await errorOf(await get(sandbox, token, '/skus/999/products'), 404);
    expect(unknown.code).toBe('RecordNotFound');
  });
});

describe('GET /skus/:id/product_cards', () => {
  it('groups one card per shop, each with its products, the full shop, blp and reseller null', async () => {
    const sku = skuWhere((s) => s.shop_count >= 6);
    const { product_cards: groups } = await getJson<{ product_cards: { cards: Json[] }[] }>(
      sandbox,
      token,
      `/skus/${sku.id}/product_cards`,
    );
    expect(groups.length).toBeGreaterThanOrEqual(1);
    const cards = groups.flatMap((g) => g.cards);
    expect(cards).toHaveLength(sku.shop_count);
    for (const card of cards) {
      expect(Object.keys(card)).toEqual(['products', 'shop', 'blp', 'reseller']);
      expect(card.reseller).toBeNull();
      const products = card.products as Json[];
      const shop = card.shop as Json;
      expect(products.length).toBeGreaterThan(0);
      for (const product of products) {
        expect(product.shop_id).toBe(shop.id);
        expect(product.sku_id).toBe(sku.id);
        expect(product).toHaveProperty('color');
      }
      expect(shop).toHaveProperty('review_score');
      expect(card.blp).toEqual(products[0]?.blp);
    }
    const old = await getJson<{ product_cards: { cards: Json[] }[] }>(
      sandbox,
      token,
      `/skus/${sku.id}/product_cards`,
      {
        Accept: ACCEPT('3.0'),
      },
    );
    const oldCard = old.product_cards[0]?.cards[0];
    if (!oldCard) throw new Error('no card');
    expect(oldCard).not.toHaveProperty('blp');
    expect((oldCard.products as Json[])[0]).not.toHaveProperty('blp');
  });

  it('gives colour where the category has one, and no groups for a future SKU', async () => {
    const cased = skuWhere((s) => s.category_id === 579 && s.shop_count > 0);
    const { product_cards: groups } = await getJson<{ product_cards: { cards: { products: Json[] }[] }[] }>(
      sandbox,
      token,
      `/skus/${cased.id}/product_cards`,
    );
    expect(typeof groups[0]?.cards[0]?.products[0]?.color).toBe('string');
    const future = skuWhere((s) => s.future);
    expect(await getJson(sandbox, token, `/skus/${future.id}/product_cards`)).toEqual({
      product_cards: [],
      meta: { ordered_by: 'price', order_by_methods: { price: 'Αύξουσα τιμή' } },
    });
  });
});

describe('GET /skus/:id/specifications', () => {
  it('lists the SKU specifications with values, and meta.full_description', async () => {
    const sku = skuWhere((s) => s.category_id === 40 && s.description !== null);
    const body = await getJson<{ specifications: Json[]; meta: Json }>(
      sandbox,
      token,
      `/skus/${sku.id}/specifications`,
    );
    expect(body.specifications.length).toBe(Object.keys(sku.spec_values).length);
    for (const spec of body.specifications) {
      expect(Object.keys(spec)).toEqual(['id', 'name', 'values', 'order', 'unit']);
      expect(spec.values).toEqual(sku.spec_values[Number(spec.id)]);
    }
    expect(body.meta).toEqual({ full_description: sku.description });
    expect(body).not.toHaveProperty('groups');
  });

  it('include=group adds groups and group_id; fields[group] shapes the groups', async () => {
    const sku = skuWhere((s) => s.category_id === 40);
    const body = await getJson<{ specifications: Json[]; groups: Json[] }>(
      sandbox,
      token,
      `/skus/${sku.id}/specifications?include=group&fields[group]=id,name`,
    );
    const groupIds = new Set(body.groups.map((g) => g.id));
    for (const spec of body.specifications) expect(groupIds.has(spec.group_id)).toBe(true);
    for (const group of body.groups) expect(Object.keys(group)).toEqual(['id', 'name']);
  });
});

describe('GET /skus/:id/price_history', () => {
  interface History {
    history: {
      average: { date: string; price: number }[];
      lowest: { date: string; price: number; shop_name: string }[];
    };
  }

  it('answers 90 daily points up to today, ending at the current prices', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-03-15T10:00:00Z'));
    const sku = skuWhere((s) => s.shop_count >= 3);
    const { history } = await getJson<History>(sandbox, token, `/skus/${sku.id}/price_history`);
    expect(history.average).toHaveLength(90);
    expect(history.lowest).toHaveLength(90);
    expect(history.average[0]?.date).toBe('2023-12-17');
    expect(history.average.at(-1)?.date).toBe('2024-03-15');
    const days = history.average.map((p) => Date.parse(p.date));
    for (let i = 1; i < days.length; i++) expect((days[i] ?? 0) - (days[i - 1] ?? 0)).toBe(86_400_000);
    const cheapest = productsOf(sku.id).reduce((a, b) => (b.price < a.price ? b : a));
    const shopName = sandbox.data.shops.find((s) => s.id === cheapest.shop_id)?.name;
    expect(history.lowest.at(-1)).toEqual({ date: '2024-03-15', price: sku.price_min, shop_name: shopName });
    for (const [i, point] of history.lowest.entries()) {
      expect(point.price).toBeLessThanOrEqual(history.average[i]?.price ?? 0);
      expect(point.price).toBeGreaterThan(0);
    }
    const again = await getJson<History>(sandbox, token, `/skus/${sku.id}/price_history`);
    expect(again).toEqual({ history });
  });

  it('is empty for a future SKU and 404 for an unknown one', async () => {
    const future = skuWhere((s) => s.future);
    expect(await getJson(sandbox, token, `/skus/${future.id}/price_history`)).toEqual({
      history: { average: [], lowest: [] },
    });
    await errorOf(await get(sandbox, token, '/skus/5/price_history'), 404);
  });
});

describe('GET /skus/:id/similar', () => {
  it('lists SKUs of the same category, paginated, as {skus, meta}', async () => {
    const sku = skuWhere((s) => s.category_id === 40 && !s.future);
    const body = await getJson<{ skus: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      `/skus/${sku.id}/similar`,
    );
    expect(body.skus.length).toBeGreaterThan(0);
    expect(body.meta.pagination.total_results).toBe(body.skus.length);
    for (const similar of body.skus) {
      expect(similar.category_id).toBe(40);
      expect(similar.id).not.toBe(sku.id);
      expect(similar.future).toBe(false);
      expect(similar).toHaveProperty('display_name');
      expect(similar).not.toHaveProperty('favorited');
    }
    const page = await getJson<{ skus: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      `/skus/${sku.id}/similar?per=2&page=2`,
    );
    expect(page.skus.map((s) => s.id)).toEqual(body.skus.slice(2, 4).map((s) => s.id));
    await errorOf(await get(sandbox, token, '/skus/7/similar'), 404);
  });
});
