import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSandbox,
  type ProductRecord,
  type Sandbox,
  type SandboxServer,
  type ShopRecord,
} from '../../src/sandbox/index.js';
import { ACCEPT, errorOf, get, getJson, type Json, obtainToken, type Pagination } from './helpers.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = createSandbox();
  token = await obtainToken(sandbox);
});

function productWhere(test: (product: ProductRecord) => boolean): ProductRecord {
  const product = sandbox.data.products.find(test);
  if (!product) throw new Error('no such product');
  return product;
}

function shop(id: number): ShopRecord {
  const record = sandbox.data.shops.find((s) => s.id === id);
  if (!record) throw new Error(`no shop ${id}`);
  return record;
}

describe('GET /products/:id linked resources and sparse fieldsets', () => {
  it('embed=shop puts the full shop under product.shop; embed_ids=shop adds shop_ids', async () => {
    const record = productWhere(() => true);
    const { product } = await getJson<{ product: Json }>(
      sandbox,
      token,
      `/products/${record.id}?embed=shop&embed_ids=shop`,
    );
    expect(product.shop_ids).toEqual([record.shop_id]);
    expect(product.shop).toMatchObject({ id: record.shop_id, name: shop(record.shop_id).name });
    expect(Object.keys(product.shop as Json)).toHaveLength(14);
    const plain = await getJson<{ product: Json }>(sandbox, token, `/products/${record.id}`);
    expect(plain.product).not.toHaveProperty('shop');
    expect(plain.product).not.toHaveProperty('shop_ids');
  });

  it('matches the three recorded fieldset answers', async () => {
    const record = productWhere(() => true);
    const path = `/products/${record.id}?embed=shop`;
    const root = await getJson<{ product: Json }>(sandbox, token, `${path}&fields[root]=id,name`);
    expect(Object.keys(root.product)).toEqual(['id', 'name', 'shop']);
    expect(Object.keys(root.product.shop as Json)).toHaveLength(14);
    const assoc = await getJson<{ product: Json }>(
      sandbox,
      token,
      `${path}&fields[root]=id,name&fields[shop]=review_score`,
    );
    expect(assoc.product).toEqual({
      id: record.id,
      name: record.name,
      shop: { review_score: shop(record.shop_id).review_score },
    });
    const except = await getJson<{ product: Json }>(
      sandbox,
      token,
      `${path}&fields_except[root]=sizes,blp&fields[shop]=id,name`,
    );
    expect(except.product).not.toHaveProperty('sizes');
    expect(except.product).not.toHaveProperty('blp');
    expect(except.product).toHaveProperty('shop_uid');
    expect(except.product.shop).toEqual({ id: record.shop_id, name: shop(record.shop_id).name });
  });

  it('applies exclusion after inclusion, at the root and on the shop', async () => {
    const record = productWhere(() => true);
    const { product } = await getJson<{ product: Json }>(
      sandbox,
      token,
      `/products/${record.id}?embed=shop&fields[root]=id,name,price&fields_except[root]=name` +
        '&fields[shop]=id,name,phone&fields_except[shop]=phone',
    );
    expect(product).toEqual({
      id: record.id,
      price: record.price,
      shop: { id: record.shop_id, name: shop(record.shop_id).name },
    });
    const noShop = await getJson<{ product: Json }>(
      sandbox,
      token,
      `/products/${record.id}?embed=shop&fields_except[root]=shop`,
    );
    expect(noShop.product).not.toHaveProperty('shop');
    const empty = await getJson<{ product: Json }>(sandbox, token, `/products/${record.id}?fields[root]=`);
    expect(empty.product).toHaveProperty('price');
  });

  it('ignores fieldsets before 3.1.1', async () => {
    const record = productWhere(() => true);
    const { product } = await getJson<{ product: Json }>(
      sandbox,
      token,
      `/products/${record.id}?fields[root]=id`,
      { Accept: ACCEPT('3.0') },
    );
    expect(product).toHaveProperty('price');
    await errorOf(await get(sandbox, token, '/products/12'), 404);
  });
});

describe('GET /shops/:shop_id/products/search', () => {
  it('finds a product by shop_uid compared as text, leading zeros included', async () => {
    const record = productWhere((p) => /^0\d+$/.test(p.shop_uid));
    const stripped = String(Number(record.shop_uid));
    const body = await getJson<{ products: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      `/shops/${record.shop_id}/products/search?shop_uid=${record.shop_uid}`,
    );
    const expected = sandbox.data.products.filter(
      (p) => p.shop_id === record.shop_id && p.shop_uid === record.shop_uid,
    );
    expect(body.products.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(body.products[0]).toMatchObject({ id: record.id, shop_uid: record.shop_uid });
    expect(body.meta.pagination.total_results).toBe(expected.length);
    const none = await getJson<{ products: Json[] }>(
      sandbox,
      token,
      `/shops/${record.shop_id}/products/search?shop_uid=${stripped}`,
    );
    const strippedMatches = sandbox.data.products.filter(
      (p) => p.shop_id === record.shop_id && p.shop_uid === stripped,
    );
    expect(none.products).toHaveLength(strippedMatches.length);
    expect(none.products.every((p) => p.shop_uid === stripped)).toBe(true);
  });

  it('needs shop_uid (400) and a known shop (404)', async () => {
    await errorOf(await get(sandbox, token, '/shops/452/products/search'), 400);
    await errorOf(await get(sandbox, token, '/shops/1/products/search?shop_uid=1'), 404);
  });
});

describe('shops', () => {
  interface ShopReviews {
    reviews: Json[];
    meta: {
      pagination: Pagination;
      shop_rating_breakdown?: { impression: string; percentage: number; count: number }[];
    };
  }

  it('GET /shops/:id/reviews lists newest first, agreeing with the shop, with the breakdown', async () => {
    const record = sandbox.data.shops.find((s) => s.reviews_count > 30);
    if (!record) throw new Error('no reviewed shop');
    const response = await get(
      sandbox,
      token,
      `/shops/${record.id}/reviews?per=3&include_meta=shop_rating_breakdown`,
    );
    expect(response.headers.get('link')).toContain('rel="next"');
    const body = (await response.json()) as ShopReviews;
    expect(body.meta.pagination.total_results).toBe(record.reviews_count);
    for (const review of body.reviews) {
      expect(Object.keys(review)).toEqual([
        'id',
        'user_id',
        'review',
        'rating',
        'shop_reply',
        'created_at',
        'negative',
        'reasons',
      ]);
      expect(review.negative).toBe(Number(review.rating) <= 2);
    }
    const times = body.reviews.map((r) => Date.parse(String(r.created_at)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const breakdown = body.meta.shop_rating_breakdown ?? [];
    expect(breakdown.map((b) => b.impression)).toEqual(['positive', 'negative']);
    expect(breakdown.reduce((sum, b) => sum + b.count, 0)).toBe(record.latest_reviews_count);
    expect(breakdown.reduce((sum, b) => sum + b.percentage, 0)).toBe(100);
    const latest = sandbox.data.shopReviews
      .filter((r) => r.shop_id === record.id)
      .slice(-record.latest_reviews_count);
    const mean = latest.reduce((sum, r) => sum + r.rating, 0) / latest.length;
    expect(record.review_score).toBe(Math.round(mean * 10) / 10);
    const plain = await getJson<ShopReviews>(sandbox, token, `/shops/${record.id}/reviews`);
    expect(plain.meta).not.toHaveProperty('shop_rating_breakdown');
    await errorOf(await get(sandbox, token, '/shops/3/reviews'), 404);
  });

  it('GET /shops/:shop_id/locations lists them; embed=address fills structured ones only', async () => {
    const record = sandbox.data.shops.find((s) => {
      const formats = new Set(
        sandbox.data.shopLocations.filter((l) => l.shop_id === s.id).map((l) => l.format),
      );
      return formats.size === 2;
    });
    if (!record) throw new Error('no shop with both location formats');
    const body = await getJson<{ locations: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      `/shops/${record.id}/locations?embed=address`,
    );
    const own = sandbox.data.shopLocations.filter((l) => l.shop_id === record.id);
    expect(body.locations.map((l) => l.id)).toEqual(own.map((l) => l.id));
    expect(body.meta.pagination.total_results).toBe(own.length);
    for (const location of body.locations) {
      const address = location.address as Json;
      expect(address.id).toBe(location.id);
      if (location.format === 'structured') expect(address.street).toEqual(expect.any(String));
      else expect(Object.values({ ...address, id: null }).every((v) => v === null)).toBe(true);
    }
    const bare = await getJson<{ locations: Json[] }>(sandbox, token, `/shops/${record.id}/locations`);
    expect(bare.locations[0]).not.toHaveProperty('address');
  });

  it('GET /shops/:shop_id/locations/:id answers {location}; another shop’s location is a 404', async () => {
    const location = sandbox.data.shopLocations.find((l) => l.format === 'structured');
    const other = sandbox.data.shopLocations.find((l) => l.shop_id !== location?.shop_id);
    if (!location || !other) throw new Error('no locations');
    const { location: one } = await getJson<{ location: Json }>(
      sandbox,
      token,
      `/shops/${location.shop_id}/locations/${location.id}?embed=address`,
    );
    expect(one).toMatchObject({ id: location.id, format: 'structured', address: { ...location.address } });
    const wrong = await errorOf(
      await get(sandbox, token, `/shops/${location.shop_id}/locations/${other.id}`),
      404,
    );
    expect(wrong.code).toBe('RecordNotFound');
    await errorOf(await get(sandbox, token, `/shops/1/locations/${location.id}`), 404);
  });

  it('GET /shops/search?q= finds shops by name, without shipping_cost_enabled', async () => {
    const body = await getJson<{ shops: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      '/shops/search?q=STORE',
    );
    expect(body.shops.map((s) => s.name)).toEqual(['Digital Stores', 'Mega Store']);
    for (const found of body.shops) {
      expect(found.shipping).not.toHaveProperty('shipping_cost_enabled');
      expect(found.shipping).toHaveProperty('free');
    }
    expect(body.meta.pagination.total_results).toBe(2);
    const greek = await getJson<{ shops: Json[] }>(sandbox, token, '/shops/search?q=κινητακιας');
    expect(greek.shops.map((s) => s.id)).toEqual([2645]);
    const none = await getJson<{ shops: Json[] }>(sandbox, token, '/shops/search?q=zzzz');
    expect(none.shops).toEqual([]);
    await errorOf(await get(sandbox, token, '/shops/search'), 400);
  });
});

describe('over real HTTP', () => {
  let server: SandboxServer;

  beforeAll(async () => {
    server = await sandbox.listen();
  });

  afterAll(async () => {
    await server.close();
  });

  it('reads bracketed fieldset params and shop searches from an encoded URL', async () => {
    const record = productWhere((p) => /^0\d+$/.test(p.shop_uid));
    const headers = { Authorization: `Bearer ${token}`, Accept: ACCEPT() };
    const url = new URL(`${server.baseUrl}/products/${record.id}`);
    url.searchParams.set('embed', 'shop');
    url.searchParams.set('fields[root]', 'id,shop_uid');
    url.searchParams.set('fields[shop]', 'id');
    expect(url.search).toContain('%5B');
    const response = await fetch(url, { headers });
    expect(await response.json()).toEqual({
      product: { id: record.id, shop_uid: record.shop_uid, shop: { id: record.shop_id } },
    });
    const search = await fetch(
      `${server.baseUrl}/shops/${record.shop_id}/products/search?shop_uid=${record.shop_uid}`,
      { headers },
    );
    const body = (await search.json()) as { products: Json[] };
    expect(body.products.map((p) => p.shop_uid)).toContain(record.shop_uid);
  });
});
