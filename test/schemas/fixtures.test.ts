import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { type Schema, validate } from '../../src/core/call/validate.js';
import { ResponseValidationError } from '../../src/core/errors.js';
import {
  FavoriteEnvelopeSchema,
  FavoriteListEnvelopeSchema,
  FavoriteListListSchema,
  FavoritesSchema,
} from '../../src/schemas/favorites.js';
import { NotificationEnvelopeSchema, NotificationListSchema } from '../../src/schemas/notifications.js';
import {
  PriceHistoryEnvelopeSchema,
  ProductCardGroupListSchema,
  ProductEnvelopeSchema,
  ProductListSchema,
  SkuSpecificationListSchema,
  SparseProductEnvelopeSchema,
} from '../../src/schemas/products.js';
import {
  EditReviewFormEnvelopeSchema,
  FlagListSchema,
  FlagRecordSchema,
  ReviewFormEnvelopeSchema,
  SkuReviewEnvelopeSchema,
  SkuReviewListSchema,
  SkuReviewVoteEnvelopeSchema,
} from '../../src/schemas/reviews.js';
import {
  FoundLocationListSchema,
  ShopEnvelopeSchema,
  ShopListSchema,
  ShopLocationEnvelopeSchema,
  ShopReviewListSchema,
  ShopSchema,
} from '../../src/schemas/shops.js';
import {
  AddressEnvelopeSchema,
  AddressFormEnvelopeSchema,
  AvatarListSchema,
  LogoutAnswerSchema,
  SavedOrderListSchema,
  UserEnvelopeSchema,
} from '../../src/schemas/user.js';

// Read directly rather than through test/helpers, which pulls in the client and the sandbox:
// these tests check the schemas alone.
const FIXTURES_DIR = new URL('../fixtures/recorded/', import.meta.url);

interface Recording {
  response: { body: unknown };
}

function body(name: string): unknown {
  const recording = JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES_DIR), 'utf8')) as Recording;
  return recording.response.body;
}

type Path = (string | number)[];

/** `schema`'s check of `value`, which must pass: `value`, typed. */
function parse<T>(schema: Schema<T>, value: unknown): T {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

/** A copy of `value` with `replacement` at `path`, for the negative tests. */
function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = replacement;
  return copy;
}

/** The issues the SDK reports for `value` (strict mode): zod's, unions expanded. */
function issuesOf(schema: Schema, value: unknown) {
  const error = (() => {
    try {
      validate(schema, value, 'strict', 'GET /test', {});
    } catch (e) {
      return e;
    }
  })();
  expect(error).toBeInstanceOf(ResponseValidationError);
  return (error as ResponseValidationError).issues;
}

/** Every recording of the resources these schemas cover, with the schema of its answer. */
const recordings: Record<string, Schema | 'no body'> = {
  products_search: ProductListSchema,
  products_show: ProductEnvelopeSchema,
  fieldsets_product_with_shop_and_association_fields: SparseProductEnvelopeSchema,
  fieldsets_product_with_shop_and_exclude_fields: SparseProductEnvelopeSchema,
  fieldsets_product_with_shop_and_root_fields: SparseProductEnvelopeSchema,
  sku_specifications: SkuSpecificationListSchema,
  skus_reviews: SkuReviewListSchema,
  skus_reviews_new: ReviewFormEnvelopeSchema,
  skus_reviews_update: SkuReviewEnvelopeSchema,
  skus_reviews_destroy: 'no body',
  sku_review_vote_create: SkuReviewVoteEnvelopeSchema,
  sku_review_flag_create: FlagRecordSchema,
  flags_index: FlagListSchema,
  shop_locations_find: FoundLocationListSchema,
  shop_locations_show_embed_address: ShopLocationEnvelopeSchema,
  shop_reviews_with_rating_breakdown: ShopReviewListSchema,
  favorite_create: FavoriteEnvelopeSchema,
  favorite_update: FavoriteEnvelopeSchema,
  favorites_show: FavoriteEnvelopeSchema,
  favorites_index: FavoritesSchema,
  favorite_list_favorites: FavoritesSchema,
  sku_favorite: FavoritesSchema,
  user_addresses_update: AddressEnvelopeSchema,
  user_avatars: AvatarListSchema,
  user_logout: LogoutAnswerSchema,
  notifications_index: NotificationListSchema,
  notifications_show: NotificationEnvelopeSchema,
};

describe('recorded answers parse', () => {
  it('every recording of these resources has a schema here', () => {
    const ours =
      /^(products_|fieldsets_product_|sku_specifications|skus_reviews|sku_review_|flags_index|shop_|favorite|sku_favorite|user_|notifications_)/;
    const names = readdirSync(FIXTURES_DIR)
      .map((file) => file.replace(/\.json$/, ''))
      .filter((name) => ours.test(name));
    expect(names.sort()).toEqual(Object.keys(recordings).sort());
  });

  for (const [name, schema] of Object.entries(recordings)) {
    it(name, () => {
      if (schema === 'no body') {
        expect(body(name)).toBeNull();
        return;
      }
      const result = z.safeParse(schema, body(name));
      expect(result.error?.issues).toBeUndefined();
      expect(result.success).toBe(true);
    });
  }
});

describe('answers the recordings do not show, written from the spec', () => {
  const shop = parse(
    ShopSchema,
    parse(SparseProductEnvelopeSchema, body('fieldsets_product_with_shop_and_root_fields')).product.shop,
  );
  const product = parse(ProductEnvelopeSchema, body('products_show')).product;
  const review = parse(SkuReviewListSchema, body('skus_reviews')).reviews[0];
  const meta = { pagination: { total_results: 1, total_pages: 1, page: 1, per: 25 } };

  it('shop, shop search (without shipping_cost_enabled), product with its shop embedded', () => {
    expect(ShopEnvelopeSchema.safeParse({ shop }).success).toBe(true);
    const { shipping_cost_enabled, ...shipping } = shop.shipping;
    expect(ShopListSchema.safeParse({ shops: [{ ...shop, shipping }], meta }).success).toBe(true);
    expect(ProductEnvelopeSchema.safeParse({ product: { ...product, shop } }).success).toBe(true);
  });

  it('answers of versions before blp, immediate_pickup, sizes and sentiments', () => {
    const { blp, immediate_pickup, sizes, ...oldProduct } = product;
    expect(ProductEnvelopeSchema.safeParse({ product: oldProduct }).success).toBe(true);
    const { sentiments, ...oldReview } = review ?? {};
    expect(SkuReviewEnvelopeSchema.safeParse({ sku_review: { ...oldReview, sku_id: 1 } }).success).toBe(true);
  });

  it('product cards', () => {
    const blp = { shipping_cost: 0, payment_method_cost: null, final_price: 12 };
    const card = { products: [{ ...product, color: 'Black' }], shop, blp, reseller: null };
    expect(ProductCardGroupListSchema.safeParse({ product_cards: [{ cards: [card] }] }).success).toBe(true);
  });

  it('price history', () => {
    const history = {
      average: [{ date: '2018-01-01', price: 10.5 }],
      lowest: [{ date: '2018-01-01', price: 9, shop_name: 'A shop' }],
    };
    expect(PriceHistoryEnvelopeSchema.safeParse({ history }).success).toBe(true);
  });

  it('review list metas, the edit form, a vote with its review embedded', () => {
    const listMeta = {
      ...meta,
      sku_rating_breakdown: [{ star: 5, percentage: 80.5, count: 4 }],
      sku_reviews_aggregation: [{ label: 'Battery', score: 0.4, style: 'bad' }],
    };
    expect(SkuReviewListSchema.safeParse({ reviews: [review], meta: listMeta }).success).toBe(true);

    const form = parse(ReviewFormEnvelopeSchema, body('skus_reviews_new')).review_form;
    const questions = form.questions.map((q, i) => ({
      ...q,
      answers: q.answers.map((a, j) => (i === 0 && j === 0 ? { ...a, selected: true } : a)),
    }));
    const edit = { review_form: { ...form, questions, rating: 4, review: 'Fine' } };
    expect(EditReviewFormEnvelopeSchema.safeParse(edit).success).toBe(true);
    expect(EditReviewFormEnvelopeSchema.safeParse(body('skus_reviews_new')).success).toBe(false);

    const vote = parse(SkuReviewVoteEnvelopeSchema, body('sku_review_vote_create')).sku_review_vote;
    expect(
      SkuReviewVoteEnvelopeSchema.safeParse({ sku_review_vote: { ...vote, sku_review: review } }).success,
    ).toBe(true);
  });

  it('favorite lists (an auto list has a negative id) and a favorite moved by new_list_name', () => {
    const lists = [
      { id: -40, name: 'Mobile phones' },
      { id: 12, name: 'Gifts' },
    ];
    expect(FavoriteListListSchema.safeParse({ favorite_lists: lists, meta }).success).toBe(true);
    const created = { id: 13, name: 'Mine', category_id: null, type: 'custom' };
    expect(FavoriteListEnvelopeSchema.safeParse({ favorite_list: created }).success).toBe(true);
    const favorite = parse(FavoriteEnvelopeSchema, body('favorite_create')).favorite;
    const moved = { ...favorite, have_it: null, favorite_list_id: 13 };
    expect(FavoriteEnvelopeSchema.safeParse({ favorite: moved }).success).toBe(true);
  });

  it('user, address form, saved orders', () => {
    const user = {
      id: 1,
      username: 'bill',
      type: 'open_id',
      sex: null,
      avatar: 'https://example.test/avatar1.jpg',
      created_at: '2016-01-01T10:00:00Z',
      email: 'bill@example.test',
      birthyear: 1980,
      mobile: null,
      stats: { sku_review_count: 1, shop_review_count: 0, sku_comment_count: 0, received_votes: 3 },
      email_notifications: [{ field: 'newsletter', label: 'Newsletter', description: 'News', enabled: true }],
      is_staff: false,
      resend_verification_email: false,
    };
    expect(UserEnvelopeSchema.safeParse({ user }).success).toBe(true);
    const form = { address_form: { required: ['label', 'full'] } };
    expect(AddressFormEnvelopeSchema.safeParse(form).success).toBe(true);
    const item = {
      name: 'Phone',
      quantity: 1,
      price: 100,
      image: null,
      sku_id: 1,
      product_id: 2,
      category_id: 40,
    };
    const order = {
      date: '2018-01-01T10:00:00+02:00',
      products_cost: 100,
      shipping_cost: 2.5,
      total_cost: 102.5,
      line_items: [item],
      shop_id: 452,
      order_code: '180101-1',
    };
    expect(SavedOrderListSchema.safeParse({ saved_orders: [order], meta }).success).toBe(true);
  });

  it('every notification etype, and one this SDK does not know', () => {
    const base = body('notifications_show') as { notification: Record<string, unknown> };
    const { sku, category_name, ...common } = base.notification;
    const user = { id: 7, username: 'bill', avatar: 'https://example.test/a.jpg' };
    const notifications = [
      { ...common, sku, category_name, etype: 'price_up' },
      { ...common, sku, etype: 'availability_true', snapshot: {} },
      { ...common, etype: 'availability_false', snapshot: null },
      { ...common, etype: 'sku_release' },
      { ...common, sku, etype: 'sku_review', aggregated: true, review_rating: 4.5 },
      { ...common, etype: 'sku_review', review_rating: 5, review_text: 'Great', user },
      { ...common, etype: 'sku_review_rephrase_request' },
      { ...common, etype: 'sku_review_approve_after_update' },
      { ...common, etype: 'a_type_added_later', snapshot: { anything: [1] } },
    ];
    const result = NotificationListSchema.safeParse({ notifications, meta });
    expect(result.error?.issues).toBeUndefined();
  });
});

describe('a wrong type fails at its path', () => {
  const cases: [string, Schema, Path][] = [
    ['products_show', ProductEnvelopeSchema, ['product', 'price']],
    ['products_show', ProductEnvelopeSchema, ['product', 'blp', 'final_price']],
    [
      'fieldsets_product_with_shop_and_association_fields',
      SparseProductEnvelopeSchema,
      ['product', 'shop', 'review_score'],
    ],
    [
      'shop_reviews_with_rating_breakdown',
      ShopReviewListSchema,
      ['meta', 'shop_rating_breakdown', 1, 'count'],
    ],
    ['shop_locations_show_embed_address', ShopLocationEnvelopeSchema, ['location', 'address', 'id']],
    ['skus_reviews', SkuReviewListSchema, ['reviews', 2, 'sentiments', 'mediocre']],
    ['skus_reviews_new', ReviewFormEnvelopeSchema, ['review_form', 'questions', 1, 'answers', 0, 'id']],
    ['sku_review_flag_create', FlagRecordSchema, ['flaggable_id']],
    ['favorites_index', FavoritesSchema, ['favorites', 3, 'sku_id']],
  ];
  for (const [name, schema, path] of cases) {
    it(`${name}: ${path.join('.')}`, () => {
      const issues = issuesOf(schema, withValueAt(body(name), path, { wrong: true }));
      expect(issues.map((issue) => issue.path)).toEqual([path]);
    });
  }

  // A notification is a union with a fallback: the union's own issue comes first, at the
  // notification, then the known variant's issue at the field.
  const notificationCases: [string, Schema, Path, Path][] = [
    ['notifications_index', NotificationListSchema, ['notifications', 0], ['snapshot', 'price_min']],
    ['notifications_show', NotificationEnvelopeSchema, ['notification'], ['sku', 'images', 'alternatives']],
  ];
  for (const [name, schema, at, field] of notificationCases) {
    it(`${name}: ${[...at, ...field].join('.')}, not passing as an unknown etype`, () => {
      const issues = issuesOf(schema, withValueAt(body(name), [...at, ...field], { wrong: true }));
      expect(issues.map((issue) => [issue.code, issue.path])).toEqual([
        ['invalid_union', at],
        ['invalid_type', [...at, ...field]],
      ]);
    });
  }

  it('a notification of an unknown etype still needs the common fields', () => {
    let answer = withValueAt(body('notifications_show'), ['notification', 'etype'], 'a_type_added_later');
    answer = withValueAt(answer, ['notification', 'is_viewed'], 'yes');
    expect(issuesOf(NotificationEnvelopeSchema, answer).map((issue) => [issue.code, issue.path])).toEqual([
      ['invalid_union', ['notification']],
      ['invalid_type', ['notification', 'is_viewed']],
    ]);
  });
});
