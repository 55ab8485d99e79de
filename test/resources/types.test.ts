import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AutocompleteEntry,
  type Category,
  createClient,
  type Favorite,
  type FilterGroup,
  type FirstProductShopInfo,
  type FlagRecord,
  type LocationAddress,
  type OtherNotification,
  type Page,
  type PagePromise,
  type PriceChangeNotification,
  type Product,
  type ProductCard,
  type ProductFields,
  type ProductOf,
  parseFirstProductShopInfo,
  type SavedOrderLineItem,
  type Shop,
  type ShopLocationFields,
  type ShopRatingBreakdown,
  type ShopReview,
  type ShopShipping,
  type Sku,
  type SkuListMeta,
  type SkuRatingBreakdown,
  type SkuReview,
  type SkuReviewsAggregation,
  type SkuReviewVoteFields,
  type SpecificationGroup,
} from '../../src/index.js';

// Type tests: `tsc --noEmit` checks this file (tsconfig includes test/). The calls sit inside
// arrow functions that are only looked at by expectTypeOf and never called, so no request is sent.
const api = createClient({ baseUrl: 'https://api.example.test', token: 'type-tests' });

/** The item type of a list method's PagePromise. */
type ItemOf<T> = T extends PagePromise<infer Item, infer _Body> ? Item : never;

describe('fields narrow the product to the fields asked for', () => {
  it('fields: [...] (root)', () => {
    expectTypeOf(() => api.skus.product(1, { fields: ['id', 'price'] })).returns.resolves.toEqualTypeOf<{
      id: number;
      price: number | null;
    }>();
    expectTypeOf<ProductOf<{ fields: readonly ['id', 'name'] }>>().toEqualTypeOf<{
      id: number;
      name: string;
    }>();
    // Optional fields stay optional.
    expectTypeOf<ProductOf<{ fields: ['id', 'expenses'] }>>().toEqualTypeOf<{
      id: number;
      expenses?: number | null | undefined;
    }>();
  });

  it('fields: { root, shop } narrows the product and its embedded shop', () => {
    expectTypeOf(() =>
      api.skus.product(1, { embed: 'shop', fields: { root: ['id', 'name'], shop: ['review_score'] } }),
    ).returns.resolves.toEqualTypeOf<{ id: number; name: string; shop: { review_score: number | null } }>();
    // The embedded shop stays when the root list does not name it; a shop list alone narrows it only.
    expectTypeOf<ProductOf<{ embed: 'shop'; fields: { shop: ['id', 'name'] } }>>().toEqualTypeOf<
      ProductFields & { shop: { id: number; name: string } } extends infer T
        ? { [K in keyof T]: T[K] }
        : never
    >();
  });

  it('fields_except removes fields, after fields', () => {
    type WithoutSizes = ProductOf<{ fields_except: ['sizes', 'blp'] }>;
    expectTypeOf<WithoutSizes>().toEqualTypeOf<
      Omit<ProductFields, 'sizes' | 'blp'> extends infer T ? { [K in keyof T]: T[K] } : never
    >();
    expectTypeOf<keyof WithoutSizes>().not.toEqualTypeOf<keyof ProductFields>();
    expectTypeOf(() =>
      api.skus.product(1, { fields: ['id', 'name', 'price'], fields_except: { root: ['price'] } }),
    ).returns.resolves.toEqualTypeOf<{ id: number; name: string }>();
    expectTypeOf<
      ProductOf<{
        embed: 'shop';
        fields: { root: ['id'] };
        fields_except: { shop: ['payment_methods', 'shipping'] };
      }>
    >().toEqualTypeOf<{
      id: number;
      shop: Omit<Shop, 'payment_methods' | 'shipping'> extends infer T ? { [K in keyof T]: T[K] } : never;
    }>();
  });

  it('a field name the resource does not have is a type error', () => {
    const wrong = () => [
      // @ts-expect-error: products have no `cost`
      api.skus.product(1, { fields: ['id', 'cost'] }),
      // @ts-expect-error: shops have no `price`
      api.skus.product(1, { embed: 'shop', fields: { shop: ['price'] } }),
      // @ts-expect-error: not a field of a product either
      api.skus.product(1, { fields_except: { root: ['nope'] } }),
      // @ts-expect-error: `shop` is the only association of a product
      api.skus.product(1, { embed: 'sku' }),
      // @ts-expect-error: no association `sku` to narrow
      api.skus.product(1, { fields: { sku: ['id'] } }),
      // @ts-expect-error: not a param of GET /products/:id
      api.skus.product(1, { fieldz: ['id'] }),
    ];
    const narrowed = async () => {
      const product = await api.skus.product(1, { fields: ['id', 'price'] });
      // @ts-expect-error: `name` was not asked for
      return product.name;
    };
    expect(narrowed).toBeTypeOf('function');
    expect(wrong).toBeTypeOf('function');
  });
});

describe('embeds, embed_ids and include', () => {
  it("embed: 'shop' makes product.shop a required Shop; without it there is none", () => {
    expectTypeOf(() => api.skus.product(1, { embed: 'shop' }))
      .returns.resolves.toHaveProperty('shop')
      .toEqualTypeOf<Shop>();
    expectTypeOf(() => api.skus.product(1)).returns.resolves.toEqualTypeOf<ProductFields>();
    expectTypeOf<ProductOf<undefined>>().not.toHaveProperty('shop');
    expectTypeOf<ProductOf<{ embed: ['shop'] }>['shop']>().toEqualTypeOf<Shop>();
    // A param typed loosely ('shop' or nothing) gives an optional shop.
    expectTypeOf<ProductOf<{ embed?: 'shop' }>>().toEqualTypeOf<
      ProductFields & { shop?: Shop } extends infer T ? { [K in keyof T]: T[K] } : never
    >();
    // A product from a list keeps the loose type of the schema.
    expectTypeOf<Product['shop']>().toEqualTypeOf<Shop | undefined>();
  });

  it("embed_ids: 'shop' gives the id array", () => {
    expectTypeOf(() =>
      api.skus.product(1, { embed_ids: 'shop', fields: ['id', 'shop_ids'] }),
    ).returns.resolves.toEqualTypeOf<{ id: number; shop_ids: number[] }>();
    expectTypeOf(() => api.skus.product(1, { embed_ids: 'shop' }))
      .returns.resolves.toHaveProperty('shop_ids')
      .toEqualTypeOf<number[]>();
    // `shop_ids` is a root field: a root list that leaves it out drops it, as the server does.
    expectTypeOf<ProductOf<{ embed_ids: 'shop'; fields: ['id'] }>>().toEqualTypeOf<{ id: number }>();
    expectTypeOf<ProductOf<{ fields: ['id'] }>>().not.toHaveProperty('shop_ids');
  });

  it("include: 'group' adds the typed groups array", () => {
    expectTypeOf(() => api.skus.specifications(1, { include: 'group' }))
      .returns.resolves.toHaveProperty('groups')
      .toEqualTypeOf<SpecificationGroup[]>();
    expectTypeOf(() => api.skus.specifications(1))
      .returns.resolves.toHaveProperty('groups')
      .toEqualTypeOf<SpecificationGroup[] | undefined>();
  });

  it("embed: 'address' on locations, embed: 'sku_review' on votes", () => {
    expectTypeOf(() => api.shops.location(1, 2, { embed: 'address' })).returns.resolves.toEqualTypeOf<
      ShopLocationFields & { address: LocationAddress } extends infer T ? { [K in keyof T]: T[K] } : never
    >();
    expectTypeOf(() => api.shops.location(1, 2)).returns.resolves.toEqualTypeOf<ShopLocationFields>();
    const locations = () => api.shops.locations(1, { embed: 'address', per: 5 });
    expectTypeOf<ItemOf<ReturnType<typeof locations>>['address']>().toEqualTypeOf<LocationAddress>();
    expectTypeOf(() => api.skus.reviews.vote(1, 2, { helpful: true }, { embed: 'sku_review' }))
      .returns.resolves.toHaveProperty('sku_review')
      .toEqualTypeOf<SkuReview>();
    expectTypeOf(() =>
      api.skus.reviews.vote(1, 2, { helpful: true }),
    ).returns.resolves.toEqualTypeOf<SkuReviewVoteFields>();
  });
});

describe('include_meta types the meta it asks for', () => {
  type ReviewPage<T> = T extends PagePromise<infer Item, infer Body> ? Page<Item, Body> : never;

  it('SKU reviews: sku_rating_breakdown and sku_reviews_aggregation', () => {
    const both = () =>
      api.skus.reviews.list(1, { include_meta: ['sku_rating_breakdown', 'sku_reviews_aggregation'] });
    type Both = ReviewPage<ReturnType<typeof both>>;
    expectTypeOf<Both['body']['meta']['sku_rating_breakdown']>().toEqualTypeOf<SkuRatingBreakdown[]>();
    expectTypeOf<Both['body']['meta']['sku_reviews_aggregation']>().toEqualTypeOf<SkuReviewsAggregation[]>();
    expectTypeOf<Both['items']>().toEqualTypeOf<SkuReview[]>();

    const one = () =>
      api.skus.reviews.list(1, { include_meta: 'sku_rating_breakdown', sort: 'most_helpful' });
    type One = ReviewPage<ReturnType<typeof one>>;
    expectTypeOf<One['body']['meta']['sku_rating_breakdown']>().toEqualTypeOf<SkuRatingBreakdown[]>();
    expectTypeOf<One['body']['meta']['sku_reviews_aggregation']>().toEqualTypeOf<
      SkuReviewsAggregation[] | undefined
    >();

    const none = () => api.skus.reviews.list(1);
    expectTypeOf<ReviewPage<ReturnType<typeof none>>['body']['meta']['sku_rating_breakdown']>().toEqualTypeOf<
      SkuRatingBreakdown[] | undefined
    >();
  });

  it('shop reviews: shop_rating_breakdown', () => {
    const withBreakdown = () => api.shops.reviews(1, { include_meta: 'shop_rating_breakdown', per: 3 });
    type WithBreakdown = ReviewPage<ReturnType<typeof withBreakdown>>;
    expectTypeOf<WithBreakdown['body']['meta']['shop_rating_breakdown']>().toEqualTypeOf<
      ShopRatingBreakdown[]
    >();
    expectTypeOf<WithBreakdown['items']>().toEqualTypeOf<ShopReview[]>();
  });

  it('wrong values are type errors', () => {
    const wrong = () => [
      // @ts-expect-error: not a meta of SKU reviews
      api.skus.reviews.list(1, { include_meta: 'shop_rating_breakdown' }),
      // @ts-expect-error: not a sort
      api.skus.reviews.list(1, { sort: 'oldest' }),
      // @ts-expect-error: not a flag reason
      api.skus.reviews.flag(1, 2, { reason: 'rude' }),
      // @ts-expect-error: ratings are 1 to 5
      api.skus.reviews.create(1, { rating: 6 }),
      // @ts-expect-error: shop_uid is a string, even when it looks numeric
      api.skus.shopProducts(452, { shop_uid: 62276 }),
    ];
    expect(wrong).toBeTypeOf('function');
  });
});

describe('the other results', () => {
  it('are the resources of the spec', () => {
    expectTypeOf(() => api.skus.get(1)).returns.resolves.toEqualTypeOf<Sku>();
    const similar = () => api.skus.similar(1);
    expectTypeOf<ItemOf<ReturnType<typeof similar>>>().toEqualTypeOf<Sku>();
    const products = () => api.skus.products(1, { zero_installments: true });
    expectTypeOf<ItemOf<ReturnType<typeof products>>>().toEqualTypeOf<Product>();
    const found = () => api.skus.shopProducts(452, { shop_uid: '062276' });
    expectTypeOf<ItemOf<ReturnType<typeof found>>>().toEqualTypeOf<Product>();
    const shops = () => api.shops.search({ q: 'shop' });
    expectTypeOf<ItemOf<ReturnType<typeof shops>>>().toEqualTypeOf<Shop>();
    expectTypeOf(() => api.skus.reviews.flag(1, 2, { reason: 'spam' })).returns.resolves.toEqualTypeOf<
      FlagRecord | undefined
    >();
    expectTypeOf(() => api.skus.reviews.delete(1, 2)).returns.resolves.toEqualTypeOf<void>();
    expectTypeOf(() => api.shops.get(1)).returns.resolves.toEqualTypeOf<Shop>();
    expectTypeOf(parseFirstProductShopInfo).returns.toEqualTypeOf<FirstProductShopInfo | null>();
  });
});

// The result types written out as the zod schemas infer them: a change to a schema that changes
// a public type shows here.
describe('result types are the ones the zod schemas gave', () => {
  it('Sku, Category, AutocompleteEntry, SkuListMeta', () => {
    expectTypeOf<Sku>().toEqualTypeOf<{
      id: number;
      ean: string | null;
      pn: string | null;
      name: string;
      display_name: string;
      category_id: number;
      // "Can be null or absent" (spec, SKU).
      first_product_shop_info?: string | null | undefined;
      click_url?: string | null | undefined;
      price_max: number | null;
      price_min: number | null;
      reviewscore: number | null;
      shop_count: number | null;
      plain_spec_summary: string | null;
      manufacturer_id: number | null;
      future: boolean;
      reviews_count: number | null;
      virtual: boolean;
      images: { main: string | null; alternatives: string[] };
      web_uri: string;
      comparable?: boolean | undefined;
      favorited?: boolean | undefined;
      reviewable?: boolean | undefined;
      name_source?: string | null | undefined;
      sizes?: unknown[] | null | undefined;
      description?: string | null | undefined;
    }>();
    expectTypeOf<Category>().toEqualTypeOf<{
      id: number;
      name: string;
      children_count: number | null;
      image_url: string | null;
      parent_id: number | null;
      fashion: boolean;
      layout_mode: string;
      web_uri: string;
      code: string | null;
      path: string;
      show_specifications: boolean;
      manufacturer_title: string | null;
      match_count?: number | null | undefined;
      family_id?: number | null | undefined;
      show_manufacturers_filter?: boolean | null | undefined;
    }>();
    expectTypeOf<AutocompleteEntry>().toEqualTypeOf<{
      k: string;
      i?: number | undefined;
      d?: { n: string; id: number } | null | undefined;
    }>();
    type Facet = { id: number; label?: string | undefined; count?: number | undefined };
    expectTypeOf<SkuListMeta>().toEqualTypeOf<{
      pagination?: { total_results: number; total_pages: number; page: number; per: number } | undefined;
      ordered_by?: string | null | undefined;
      order_by_methods?: Record<string, string> | undefined;
      available_filters?:
        | {
            filters?: Record<string, number> | undefined;
            manufacturers?: Record<string, number> | undefined;
            shops?: Record<string, number> | undefined;
            availabilities?: Facet[] | undefined;
            distances?: Facet[] | undefined;
          }
        | undefined;
      applied_filters?:
        | {
            filters?: number[] | undefined;
            manufacturers?: number[] | undefined;
            shops?: number[] | undefined;
          }
        | undefined;
    }>();
  });
});

// Keys the API may leave out: an answer without them is still of the type, so code that reads
// them must allow undefined.
describe('keys the spec marks "can be null or absent" are optional', () => {
  it('reseller, free_from, free_from_info, shop_reply, get_absolute_threshold, image, snapshot, created_at', () => {
    expectTypeOf<Omit<ProductCard, 'reseller'>>().toExtend<ProductCard>();
    expectTypeOf<Omit<ShopShipping, 'free_from' | 'free_from_info'>>().toExtend<ShopShipping>();
    expectTypeOf<Omit<ShopReview, 'shop_reply'>>().toExtend<ShopReview>();
    expectTypeOf<Omit<Favorite, 'get_absolute_threshold'>>().toExtend<Favorite>();
    expectTypeOf<Omit<SavedOrderLineItem, 'image'>>().toExtend<SavedOrderLineItem>();
    expectTypeOf<Omit<OtherNotification, 'snapshot'>>().toExtend<OtherNotification>();
    expectTypeOf<Omit<FilterGroup, 'created_at'>>().toExtend<FilterGroup>();
    expectTypeOf<Omit<Sku, 'first_product_shop_info' | 'click_url'>>().toExtend<Sku>();
  });

  it('a price change keeps its documented snapshot required', () => {
    expectTypeOf<Omit<PriceChangeNotification, 'snapshot'>>().not.toExtend<PriceChangeNotification>();
    expectTypeOf<PriceChangeNotification['snapshot']['price_min']>().toEqualTypeOf<number | null>();
  });
});
