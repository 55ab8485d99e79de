import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ACCEPT, get, getJson, type Json, obtainToken, type Pagination } from './helpers.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = createSandbox();
  token = await obtainToken(sandbox);
});

const SKU_FIELDS = [
  'id',
  'ean',
  'pn',
  'name',
  'display_name',
  'category_id',
  'first_product_shop_info',
  'click_url',
  'price_max',
  'price_min',
  'reviewscore',
  'shop_count',
  'plain_spec_summary',
  'manufacturer_id',
  'future',
  'reviews_count',
  'virtual',
  'images',
  'web_uri',
  'comparable',
  'reviewable',
  'name_source',
  'sizes',
  'description',
];

const PRODUCT_FIELDS = [
  'id',
  'name',
  'sku_id',
  'shop_id',
  'category_id',
  'availability',
  'click_url',
  'shop_uid',
  'expenses',
  'web_uri',
  'sizes',
  'blp',
  'price',
  'immediate_pickup',
];

describe('SKUs, products and shops', () => {
  it('GET /skus/:id answers {sku} with every field', async () => {
    const record = sandbox.data.skus[0];
    if (!record) throw new Error('no sku');
    const { sku } = await getJson<{ sku: Json }>(sandbox, token, `/skus/${record.id}`);
    for (const field of SKU_FIELDS) expect(sku).toHaveProperty(field);
    expect(sku).not.toHaveProperty('favorited');
    expect(sku).toMatchObject({ id: record.id, price_min: record.price_min, price_max: record.price_max });
    expect((await get(sandbox, token, '/skus/1')).status).toBe(404);
  });

  it('GET /skus/:id/products lists its products, cheapest first, agreeing with the SKU', async () => {
    const record = sandbox.data.skus.find((s) => !s.future && s.shop_count > 3);
    if (!record) throw new Error('no sku');
    const body = await getJson<{ products: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      `/skus/${record.id}/products`,
    );
    expect(body.products).toHaveLength(record.shop_count);
    expect(body.meta.pagination.total_results).toBe(record.shop_count);
    const prices = body.products.map((p) => Number(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(Math.min(...prices)).toBe(record.price_min);
    expect(Math.max(...prices)).toBe(record.price_max);
    for (const product of body.products) {
      expect(Object.keys(product)).toEqual(PRODUCT_FIELDS);
      expect(typeof product.shop_uid).toBe('string');
      expect(product.sku_id).toBe(record.id);
    }
  });

  it('a future SKU has an empty product list', async () => {
    const future = sandbox.data.skus.find((s) => s.future);
    if (!future) throw new Error('no future sku');
    expect(future).toMatchObject({ shop_count: 0, first_product_shop_info: null });
    const body = await getJson<{ products: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      `/skus/${future.id}/products`,
    );
    expect(body.products).toEqual([]);
    expect(body.meta.pagination.total_results).toBe(0);
  });

  it('filters products by availability, size and zero installments (3.2.1)', async () => {
    const sku = sandbox.data.skus.find((s) => s.sizes !== null && s.shop_count > 4);
    if (!sku?.sizes) throw new Error('no sized sku');
    const size = sku.sizes[0] as string;
    const sized = await getJson<{ products: Json[] }>(
      sandbox,
      token,
      `/skus/${sku.id}/products?size=${size}`,
    );
    const expected = sandbox.data.products.filter((p) => p.sku_id === sku.id && p.sizes.includes(size));
    expect(sized.products.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    const old = await getJson<{ products: Json[] }>(sandbox, token, `/skus/${sku.id}/products?size=${size}`, {
      Accept: ACCEPT('3.1'),
    });
    expect(old.products).toHaveLength(sku.shop_count);
    const immediate = await getJson<{ products: Json[] }>(
      sandbox,
      token,
      `/skus/${sku.id}/products?availability=0`,
    );
    expect(immediate.products.every((p) => p.immediate_pickup === true)).toBe(true);
  });

  it('GET /products/:id answers {product}; embed=shop and sparse fieldsets shape it', async () => {
    const record = sandbox.data.products[0];
    if (!record) throw new Error('no product');
    const { product } = await getJson<{ product: Json }>(sandbox, token, `/products/${record.id}`);
    expect(Object.keys(product)).toEqual(PRODUCT_FIELDS);
    const embedded = await getJson<{ product: Json }>(sandbox, token, `/products/${record.id}?embed=shop`);
    expect(embedded.product.shop).toMatchObject({ id: record.shop_id });
    const sparse = await getJson<{ product: Json }>(
      sandbox,
      token,
      `/products/${record.id}?embed=shop&fields[root]=id,name&fields[shop]=review_score`,
    );
    expect(Object.keys(sparse.product)).toEqual(['id', 'name', 'shop']);
    expect(Object.keys(sparse.product.shop as Json)).toEqual(['review_score']);
    const except = await getJson<{ product: Json }>(
      sandbox,
      token,
      `/products/${record.id}?fields_except[root]=blp,click_url`,
    );
    expect(except.product).not.toHaveProperty('blp');
    expect(except.product).not.toHaveProperty('click_url');
    expect(except.product).toHaveProperty('price');
  });

  it('GET /shops/:id answers {shop} with the full Shop fields', async () => {
    const record = sandbox.data.shops[0];
    if (!record) throw new Error('no shop');
    const { shop } = await getJson<{ shop: Json }>(sandbox, token, `/shops/${record.id}`);
    expect(Object.keys(shop)).toEqual([
      'id',
      'name',
      'link',
      'phone',
      'image_url',
      'thumbshot_url',
      'reviews_count',
      'latest_reviews_count',
      'review_score',
      'payment_methods',
      'shipping',
      'web_uri',
      'extra_info',
      'top_positive_reasons',
    ]);
    expect(shop.shipping).toHaveProperty('shipping_cost_enabled');
    expect(shop).not.toHaveProperty('slug');
    expect((await get(sandbox, token, '/shops/1')).status).toBe(404);
  });
});
