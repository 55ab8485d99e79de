import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  NotFoundError,
  type Product,
  parseFirstProductShopInfo,
  type Shop,
  type SpecificationGroup,
} from '../../src/index.js';
import { expectRefused, newSandbox, sandboxClient } from '../helpers/index.js';

// Seed 1: the first SKU and product, in the big leaf category 40.
const SKU_ID = 2119391;
const PRODUCT_ID = 25809770;

function setup() {
  const sandbox = newSandbox();
  return { sandbox, api: sandboxClient(sandbox, { cache: false }) };
}

describe('skus.get and products', () => {
  it('a SKU by id, its price range and shop count agreeing with its products', async () => {
    const { api, sandbox } = setup();
    const sku = await api.skus.get(SKU_ID);
    expect(sku.id).toBe(SKU_ID);
    expect(sku.category_id).toBe(40);
    const products = await api.skus.products(SKU_ID).toArray();
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.sku_id === SKU_ID && p.category_id === sku.category_id)).toBe(true);
    const prices = products.map((p) => Number(p.price));
    expect(Math.min(...prices)).toBe(sku.price_min);
    expect(Math.max(...prices)).toBe(sku.price_max);
    expect(new Set(products.map((p) => p.shop_id)).size).toBe(sku.shop_count);
    // Cheapest first.
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);

    const [call] = sandbox.apiCalls({ path: `/skus/${SKU_ID}` });
    expect(call?.method).toBe('GET');
    expect(call?.headers.get('accept')).toBe('application/vnd.skroutz+json; version=3.2');
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('products filters and their wire form', async () => {
    const { api, sandbox } = setup();
    const all = await api.skus.products(SKU_ID).toArray();
    const filtered = await api.skus
      .products(SKU_ID, { availability: 1, distance: 50, zero_installments: true, per: 5 })
      .toArray();
    expect(filtered.length).toBeLessThanOrEqual(all.length);
    const ids = new Set(all.map((p) => p.id));
    expect(filtered.every((p) => ids.has(p.id))).toBe(true);
    const sent = sandbox.apiCalls({ path: `/skus/${SKU_ID}/products` })[1];
    expect(sent?.query.get('availability')).toBe('1');
    expect(sent?.query.get('distance')).toBe('50');
    expect(sent?.query.get('zero_installments')).toBe('true');
    expect(sent?.query.get('per')).toBe('5');

    const sized = sandbox.data.products.find((p) => p.sizes.length > 0);
    if (!sized) throw new Error('the seed has no such product');
    const size = sized.sizes[0] as string;
    const bySize = await api.skus.products(sized.sku_id, { size }).toArray();
    expect(bySize.map((p) => p.id)).toContain(sized.id);
    expect(bySize.every((p) => (p.sizes as string[]).includes(size))).toBe(true);
  });

  it('a future SKU has no products', async () => {
    const { api, sandbox } = setup();
    const future = sandbox.data.skus.find((s) => s.future);
    expect(future).toBeDefined();
    const page = await api.skus.products(future?.id as number);
    expect(page.items).toEqual([]);
    expect(page.hasNextPage()).toBe(false);
  });

  it('product cards: the SKU products grouped by shop, with shop and blp', async () => {
    const { api } = setup();
    const groups = await api.skus.productCards(SKU_ID);
    const cards = groups.flatMap((g) => g.cards);
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      expect(card.products.length).toBeGreaterThan(0);
      expect(card.products.every((p) => p.sku_id === SKU_ID && p.shop_id === card.shop.id)).toBe(true);
      expect(card.reseller).toBeNull();
      expect(typeof card.blp?.shipping_cost).toBe('number');
    }
  });

  it('specifications: values filled; include group adds the groups', async () => {
    const { api, sandbox } = setup();
    const plain = await api.skus.specifications(SKU_ID);
    expect(plain.specifications.length).toBeGreaterThan(0);
    expect(plain.specifications.every((s) => s.values.length > 0)).toBe(true);
    expect(plain.groups).toBeUndefined();
    const grouped = await api.skus.specifications(SKU_ID, { include: 'group' });
    expectTypeOf(grouped.groups).toEqualTypeOf<SpecificationGroup[]>();
    const groupIds = new Set(grouped.groups.map((g) => g.id));
    expect(grouped.specifications.every((s) => groupIds.has(s.group_id as number))).toBe(true);
    const calls = sandbox.apiCalls({ path: `/skus/${SKU_ID}/specifications` });
    expect(calls.map((c) => c.query.get('include'))).toEqual([null, 'group']);
  });

  it('price history: average and lowest points', async () => {
    const { api } = setup();
    const history = await api.skus.priceHistory(SKU_ID);
    expect(history.average.length).toBeGreaterThan(0);
    expect(history.lowest.length).toBeGreaterThan(0);
    for (const point of [...history.average, ...history.lowest]) {
      expect(Number.isNaN(Date.parse(point.date))).toBe(false);
      expect(point.price).toBeGreaterThan(0);
    }
    expect(history.lowest.every((p) => typeof p.shop_name === 'string')).toBe(true);
  });

  it('similar SKUs: released SKUs of the same category, not the SKU itself', async () => {
    const { api, sandbox } = setup();
    const page = await api.skus.similar(SKU_ID, { per: 3 });
    expect(page.items.length).toBeGreaterThan(0);
    const all = await api.skus.similar(SKU_ID).toArray();
    expect(all.slice(0, page.items.length)).toEqual(page.items);
    expect(all.every((s) => s.category_id === 40 && s.id !== SKU_ID && !s.future)).toBe(true);
    expect(sandbox.apiCalls({ path: `/skus/${SKU_ID}/similar` })[0]?.query.get('per')).toBe('3');
  });
});

describe('skus.product: embeds and sparse fieldsets', () => {
  it('a product with its shop embedded', async () => {
    const { api, sandbox } = setup();
    const plain = await api.skus.product(PRODUCT_ID);
    expect(plain.id).toBe(PRODUCT_ID);
    expect(plain).not.toHaveProperty('shop');
    const product = await api.skus.product(PRODUCT_ID, { embed: 'shop' });
    expectTypeOf(product.shop).toEqualTypeOf<Shop>();
    expect(product.shop.id).toBe(product.shop_id);
    expect(product.shop).toEqual(await api.shops.get(product.shop_id));
    const sku = await api.skus.get(Number(product.sku_id));
    expect(sku.category_id).toBe(product.category_id);
    expect(sandbox.apiCalls({ path: `/products/${PRODUCT_ID}` }).map((c) => c.query.get('embed'))).toEqual([
      null,
      'shop',
    ]);
  });

  it('fields narrows the answer and its type; fields by resource narrows the shop', async () => {
    const { api, sandbox } = setup();
    const small = await api.skus.product(PRODUCT_ID, { fields: ['id', 'price'] });
    expectTypeOf(small).toEqualTypeOf<{ id: number; price: number | null }>();
    expect(Object.keys(small).sort()).toEqual(['id', 'price']);

    const both = await api.skus.product(PRODUCT_ID, {
      embed: 'shop',
      fields: { root: ['id', 'name'], shop: ['id', 'review_score'] },
    });
    expectTypeOf(both).toEqualTypeOf<{
      id: number;
      name: string;
      shop: { id: number; review_score: number | null };
    }>();
    expect(Object.keys(both).sort()).toEqual(['id', 'name', 'shop']);
    expect(Object.keys(both.shop).sort()).toEqual(['id', 'review_score']);

    const sent = sandbox
      .apiCalls({ path: `/products/${PRODUCT_ID}` })
      .map((c) => Object.fromEntries(c.query));
    expect(sent).toEqual([
      { 'fields[root]': 'id,price' },
      { embed: 'shop', 'fields[root]': 'id,name', 'fields[shop]': 'id,review_score' },
    ]);
  });

  it('fields_except removes fields, after fields', async () => {
    const { api, sandbox } = setup();
    const full = await api.skus.product(PRODUCT_ID);
    const without = await api.skus.product(PRODUCT_ID, { fields_except: ['blp', 'sizes'] });
    expectTypeOf(without).not.toHaveProperty('blp');
    expect(Object.keys(without).sort()).toEqual(
      Object.keys(full)
        .filter((k) => k !== 'blp' && k !== 'sizes')
        .sort(),
    );
    const both = await api.skus.product(PRODUCT_ID, {
      embed: 'shop',
      fields: ['id', 'name', 'price'],
      fields_except: { root: ['price'], shop: ['payment_methods', 'shipping', 'extra_info'] },
    });
    expect(Object.keys(both).sort()).toEqual(['id', 'name', 'shop']);
    expect(both.shop).not.toHaveProperty('shipping');
    expect(both.shop.name.length).toBeGreaterThan(0);
    expect(
      Object.fromEntries(sandbox.apiCalls({ path: `/products/${PRODUCT_ID}` }).at(-1)?.query ?? []),
    ).toEqual({
      embed: 'shop',
      'fields[root]': 'id,name,price',
      'fields_except[root]': 'price',
      'fields_except[shop]': 'payment_methods,shipping,extra_info',
    });
  });

  it('embed_ids gives the shop id array', async () => {
    const { api, sandbox } = setup();
    const product = await api.skus.product(PRODUCT_ID, { embed_ids: 'shop' });
    expectTypeOf(product.shop_ids).toEqualTypeOf<number[]>();
    expect(product.shop_ids).toEqual([product.shop_id]);
    const narrow = await api.skus.product(PRODUCT_ID, { embed_ids: 'shop', fields: ['id', 'shop_ids'] });
    expect(narrow).toEqual({ id: PRODUCT_ID, shop_ids: [product.shop_id] });
    expect(sandbox.apiCalls({ path: `/products/${PRODUCT_ID}` })[0]?.query.get('embed_ids')).toBe('shop');
  });

  it('an answer missing a field asked for fails validation', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, {
      fetch: async (input, init) => {
        const response = await sandbox.fetch(input, init);
        if (!new URL(new Request(input, init).url).pathname.startsWith('/products/')) return response;
        const body = (await response.json()) as { product: Record<string, unknown> };
        delete body.product.price;
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      },
    });
    await expect(api.skus.product(PRODUCT_ID, { fields: ['id', 'price'] })).rejects.toMatchObject({
      name: 'ResponseValidationError',
    });
    await expect(api.skus.product(PRODUCT_ID, { fields: ['id', 'name'] })).resolves.toMatchObject({
      id: PRODUCT_ID,
    });
  });
});

describe('shop product search, flags and the shop info helper', () => {
  it('finds a product by its shop_uid, compared as text', async () => {
    const { api, sandbox } = setup();
    const product = (await api.skus.products(SKU_ID, { per: 1 })).items[0] as Product;
    const page = await api.skus.shopProducts(product.shop_id, { shop_uid: String(product.shop_uid) });
    expect(page.items.map((p) => p.id)).toContain(product.id);
    expect(page.items.every((p) => p.shop_uid === product.shop_uid && p.shop_id === product.shop_id)).toBe(
      true,
    );
    const [call] = sandbox.apiCalls({ path: `/shops/${product.shop_id}/products/search` });
    expect(call?.query.get('shop_uid')).toBe(product.shop_uid);

    const zeroed = sandbox.data.products.find((p) => /^0\d+$/.test(p.shop_uid));
    if (!zeroed) throw new Error('the seed has no such product');
    const found = await api.skus.shopProducts(zeroed.shop_id, { shop_uid: zeroed.shop_uid });
    expect(found.items.map((p) => p.id)).toContain(zeroed.id);
    const stripped = await api.skus.shopProducts(zeroed.shop_id, {
      shop_uid: String(Number(zeroed.shop_uid)),
    });
    expect(stripped.items.map((p) => p.id)).not.toContain(zeroed.id);
  });

  it('a numeric or empty shop_uid is refused before sending', async () => {
    const { api, sandbox } = setup();
    // @ts-expect-error: a number loses leading zeros ("062276" is not 62276)
    await expectRefused(sandbox, () => api.skus.shopProducts(452, { shop_uid: 62276 }), 'InvalidParam');
    await expectRefused(sandbox, () => api.skus.shopProducts(452, { shop_uid: '' }), 'InvalidParam');
    expect(sandbox.requests).toHaveLength(0);
  });

  it('flags: the flag definitions', async () => {
    const { api } = setup();
    const flags = await api.skus.flags();
    expect(flags.map((f) => f.reason)).toEqual(['bad_language', 'wrong_section', 'spam']);
    expect(flags.every((f) => (f.description ?? '').length > 0)).toBe(true);
  });

  it('parseFirstProductShopInfo: a SKU names a shop that exists', async () => {
    const { api, sandbox } = setup();
    const record = sandbox.data.skus.find((s) => s.first_product_shop_info !== null);
    const sku = await api.skus.get(record?.id as number);
    const info = parseFirstProductShopInfo(sku);
    expect(info).not.toBeNull();
    const shop = await api.shops.get(info?.shop_id as number);
    expect(shop.name).toBe(info?.shop_name);
    expect(shop.web_uri).toContain(info?.shop_slug);
  });

  it('parseFirstProductShopInfo: the parts of the string, null otherwise', () => {
    expect(parseFirstProductShopInfo('2612|Deltabox|deltabox')).toEqual({
      shop_id: 2612,
      shop_name: 'Deltabox',
      shop_slug: 'deltabox',
    });
    expect(parseFirstProductShopInfo({ first_product_shop_info: '7|A|B shop|a-b' })).toEqual({
      shop_id: 7,
      shop_name: 'A|B shop',
      shop_slug: 'a-b',
    });
    for (const bad of [
      null,
      undefined,
      '',
      'Deltabox',
      '2612|Deltabox',
      'x|Deltabox|deltabox',
      '0|A|a',
      '1||a',
    ]) {
      expect(parseFirstProductShopInfo(bad)).toBeNull();
    }
    expect(parseFirstProductShopInfo({ first_product_shop_info: null })).toBeNull();
  });
});

describe('errors', () => {
  it('ids that do not exist are 404 RecordNotFound', async () => {
    const { api } = setup();
    for (const call of [
      () => api.skus.get(987_654_321),
      () => api.skus.product(987_654_321),
      () => api.skus.specifications(987_654_321),
      () => api.skus.productCards(987_654_321),
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: 'RecordNotFound' });
    }
  });

  it('bad ids and params never leave the client', async () => {
    const { api, sandbox } = setup();
    await expectRefused(sandbox, () => api.skus.get(-1), 'InvalidId');
    await expectRefused(sandbox, () => api.skus.get(1.5), 'InvalidId');
    // @ts-expect-error: an id is a number
    await expectRefused(sandbox, () => api.skus.get('12a'), 'InvalidId');
    await expectRefused(sandbox, () => api.skus.products(SKU_ID, { distance: 1.5 }), 'InvalidParam');
    await expectRefused(sandbox, () => api.skus.products(SKU_ID, { per: 0 }), 'InvalidParam');
    await expectRefused(
      sandbox,
      // @ts-expect-error: only true or false
      () => api.skus.products(SKU_ID, { zero_installments: 'yes' }),
      'InvalidParam',
    );
    // @ts-expect-error: not an include of specifications
    await expectRefused(sandbox, () => api.skus.specifications(SKU_ID, { include: 'shop' }), 'InvalidParam');
    // @ts-expect-error: a product embeds only its shop
    await expectRefused(sandbox, () => api.skus.product(PRODUCT_ID, { embed: 'sku' }), 'InvalidParam');
    // @ts-expect-error: not a field list
    await expectRefused(sandbox, () => api.skus.product(PRODUCT_ID, { fields: 'id' }), 'InvalidParam');
    await expectRefused(sandbox, () => api.skus.similar(0), 'InvalidId');
    await expectRefused(sandbox, () => api.skus.priceHistory(Number.NaN), 'InvalidId');
    expect(sandbox.requests).toHaveLength(0);
  });
});
