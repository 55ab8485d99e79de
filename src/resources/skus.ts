import * as z from 'zod/mini';
import type { Engine } from '../core/call/engine.js';
import type { Schema } from '../core/call/validate.js';
import { InvalidRequestError } from '../core/errors.js';
import type { PagePromise } from '../core/pagination.js';
import type { ValuesOf } from '../endpoints/row.js';
import * as ROWS from '../endpoints/skus.js';
import type { SpecificationGroup } from '../schemas/catalog.js';
import {
  PersonalizationSchema,
  type PriceHistory,
  type Product,
  type ProductCardGroup,
  type ProductFields,
  ProductFieldsSchema,
  type ProductList,
  type SkuSpecificationList,
} from '../schemas/products.js';
import {
  type EditReviewForm,
  type FlagDefinition,
  type FlagRecord,
  FlagRecordSchema,
  type ReviewForm,
  type SkuReview,
  type SkuReviewList,
  type SkuReviewListMeta,
  SkuReviewListSchema,
  SkuReviewSchema,
  type SkuReviewVoteFields,
  SkuReviewVoteFieldsSchema,
} from '../schemas/reviews.js';
import { type Shop, ShopSchema } from '../schemas/shops.js';
import type { SimilarSkuList, Sku } from '../schemas/sku.js';
import type { Fieldsets, LinkState, ParamOf, Simplify, Sparse, WithLink, WithMeta } from '../types/linked.js';
import { type LinkedShape, linkedSchema, linkNames, wrap } from './fieldsets.js';
import { call, describe, ids, list, type PageParams, type RequestOptions, type Target } from './shared.js';
import { write } from './write.js';

// --- params and the result types they decide ------------------------------------------------

/** Filters of a SKU's products (since 3.2.1). */
export interface SkuProductsParams extends PageParams {
  /** Only products offered in this size. */
  size?: string | undefined;
  /** The `id` of a distances entry: only shops within that many km. */
  distance?: number | undefined;
  /** The `id` of an availabilities entry. */
  availability?: number | undefined;
  /** Only shops that offer interest-free installments. */
  zero_installments?: boolean | undefined;
}

export interface SkuSpecificationsParams {
  /** `'group'`: each specification gets its `group_id` and the answer a `groups` array. */
  include?: 'group' | undefined;
}

/** SKU specifications; with `include: 'group'` the answer has `groups`. */
export type SkuSpecifications<P> = Simplify<
  WithLink<SkuSpecificationList, LinkState<ParamOf<P, 'include'>, 'group'>, 'groups', SpecificationGroup[]>
>;

/** The associations `embed` adds to a product. */
export interface ProductLinks {
  shop: Shop;
}

/** A product's root fields: its own, and `shop_ids` when `embed_ids: 'shop'` asks for it. */
export type ProductRootFields = ProductFields & { shop_ids?: number[] };

export interface ProductParams {
  /** `'shop'`: the product's shop, as a full Shop under `shop`. */
  embed?: 'shop' | readonly 'shop'[] | undefined;
  /** `'shop'`: the shop's id in the id form of linked resources, `shop_ids: [id]`. */
  embed_ids?: 'shop' | readonly 'shop'[] | undefined;
  /** Keep only these fields: `['id', 'price']` for the product, `{ root: […], shop: […] }` for both. */
  fields?: Fieldsets<ProductRootFields, ProductLinks> | undefined;
  /** Leave out these fields (after `fields`). */
  fields_except?: Fieldsets<ProductRootFields, ProductLinks> | undefined;
}

/**
 * The product a `GET /products/:id` with params `P` answers. `shop_ids` is a root field (a
 * `fields` list for the root that leaves it out drops it); the embedded `shop` stays unless
 * `fields_except` names it.
 */
export type ProductOf<P> = Simplify<
  WithLink<
    Sparse<
      WithLink<ProductFields, LinkState<ParamOf<P, 'embed_ids'>, 'shop'>, 'shop_ids', number[]>,
      P,
      'root'
    >,
    LinkState<ParamOf<P, 'embed'>, 'shop'>,
    'shop',
    Sparse<Shop, P, 'shop'>
  >
>;

export interface ShopProductsParams extends PageParams {
  /** The shop's own id for the product: a string, since `"062276"` is not `62276`. */
  shop_uid: string;
}

export type SkuReviewsSort = ValuesOf<typeof ROWS.reviewsList, 'sort'>;
export type SkuReviewsMetaName = 'sku_rating_breakdown' | 'sku_reviews_aggregation';

export interface SkuReviewsParams extends PageParams {
  /** `most_recent` (the default: most recent non-demoted first) or `most_helpful`. */
  sort?: SkuReviewsSort | undefined;
  /** Adds `meta.sku_rating_breakdown` and/or `meta.sku_reviews_aggregation`. */
  include_meta?: SkuReviewsMetaName | readonly SkuReviewsMetaName[] | undefined;
}

/** A review list answer: the `meta` entries `include_meta` asks for are there. */
export type SkuReviewListOf<P> = Simplify<
  Omit<SkuReviewList, 'meta'> & {
    meta: WithMeta<SkuReviewListMeta, ParamOf<P, 'include_meta'>, SkuReviewsMetaName>;
  }
>;

export type Rating = 1 | 2 | 3 | 4 | 5;

/** A new SKU review: the body of POST /skus/:id/reviews (sent as `{ review: … }`). */
export interface NewSkuReview {
  /** An integer from 1 to 5. */
  rating: Rating;
  /** Ids of the answers chosen on the review form. */
  answer_ids?: readonly number[] | undefined;
  /** The text; the form's `requires_body` tells whether it is needed. */
  review?: string | undefined;
}

export interface VoteParams {
  /** `'sku_review'`: the answer embeds the voted review. */
  embed?: 'sku_review' | undefined;
}

/** The vote a POST …/votes with params `P` answers. */
export type SkuReviewVoteOf<P> = Simplify<
  WithLink<SkuReviewVoteFields, LinkState<ParamOf<P, 'embed'>, 'sku_review'>, 'sku_review', SkuReview>
>;

/** The flag definitions of `GET /flags`. */
export const FLAG_REASONS = ['bad_language', 'wrong_section', 'spam'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

// --- runtime checks and schemas -------------------------------------------------------------

const PRODUCT: LinkedShape = {
  name: 'product',
  root: ProductFieldsSchema,
  embeds: { shop: ShopSchema },
  embedIds: { shop: { key: 'shop_ids', schema: z.array(z.number()) } },
};

const REVIEW_VOTE: LinkedShape = {
  name: 'sku_review_vote',
  root: SkuReviewVoteFieldsSchema,
  embeds: { sku_review: SkuReviewSchema },
  embedIds: {},
};

const productEnvelope = (product: z.ZodMiniObject) =>
  z.object({
    product,
    meta: z.optional(z.object({ personalization: z.optional(PersonalizationSchema) })),
  });
const voteEnvelope = (vote: z.ZodMiniObject) => z.object({ sku_review_vote: vote });

const reviewListSchemas = new Map<string, Schema<unknown>>();

/** The review list schema with the `meta` entries `include_meta` asks for required. */
function reviewListSchema(includeMeta: unknown): Schema<unknown> {
  const names = linkNames('include_meta', includeMeta, ['sku_rating_breakdown', 'sku_reviews_aggregation']);
  const key = [...new Set(names)].sort().join(',');
  let schema = reviewListSchemas.get(key);
  if (!schema) {
    const required = Object.fromEntries(names.map((n) => [n, true])) as Partial<
      Record<SkuReviewsMetaName, true>
    >;
    const meta = z.required(SkuReviewListSchema.shape.meta, required);
    schema = z.extend(SkuReviewListSchema, { meta });
    reviewListSchemas.set(key, schema);
  }
  return schema;
}

function integer(name: string, value: unknown, min = 0): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || (value as number) < min)) {
    throw new InvalidRequestError(
      `${name} must be an integer >= ${min}, got ${describe(value)}`,
      'InvalidParam',
      name,
    );
  }
}

/** Checks a review body: a rating the server would refuse never leaves. */
function checkReview(review: Partial<NewSkuReview> | undefined, partial: boolean): void {
  if (typeof review !== 'object' || review === null) {
    throw new InvalidRequestError('the review must be an object', 'InvalidParam', 'review');
  }
  const rating: unknown = review.rating;
  if (
    (!partial || rating !== undefined) &&
    !(Number.isInteger(rating) && (rating as number) >= 1 && (rating as number) <= 5)
  ) {
    throw new InvalidRequestError(
      `rating must be an integer from 1 to 5, got ${describe(rating)}`,
      'InvalidRating',
      'rating',
    );
  }
  ids(review.answer_ids, 'answer_ids');
  if (review.review !== undefined && typeof review.review !== 'string') {
    throw new InvalidRequestError('review text must be a string', 'InvalidParam', 'review');
  }
}

/** A cast for list schemas whose answer type the request narrows (the schema checks the same). */
const shaped = <T>(schema: Schema<unknown>) => schema as Schema<T>;

// --- the module -----------------------------------------------------------------------------

/** SKUs, their products, product cards, specifications, price history, similar SKUs, reviews and flags. */
export function skusResource(engine: Engine) {
  const reviewCall = (to: Target, review: object, options?: RequestOptions) =>
    write(engine, {
      ...to,
      input: review,
      body: { review },
      select: (b: { sku_review: SkuReview }) => b.sku_review,
      options,
    });

  return {
    /** GET /skus/:id */
    get: (skuId: number, options?: RequestOptions) =>
      call(engine, {
        row: ROWS.get,
        ids: [skuId],
        select: (b: { sku: Sku }) => b.sku,
        options,
      }),

    /** GET /skus/:id/products, cheapest first; a future SKU has none. */
    products: (
      skuId: number,
      params?: SkuProductsParams,
      options?: RequestOptions,
    ): PagePromise<Product, ProductList> => {
      const check = () => {
        for (const name of ['distance', 'availability'] as const) integer(name, params?.[name]);
        if (params?.zero_installments !== undefined && typeof params.zero_installments !== 'boolean') {
          throw new InvalidRequestError(
            'zero_installments must be a boolean',
            'InvalidParam',
            'zero_installments',
          );
        }
      };
      return list<Product, ProductList>(engine, {
        row: ROWS.products,
        ids: [skuId],
        check,
        items: (b) => b.products,
        params,
        options,
      });
    },

    /** GET /skus/:id/product_cards: the `product_cards` groups (cards of products by shop). */
    productCards: (skuId: number, options?: RequestOptions) =>
      call(engine, {
        row: ROWS.productCards,
        ids: [skuId],
        select: (b: { product_cards: ProductCardGroup[] }) => b.product_cards,
        options,
      }),

    /** GET /skus/:id/specifications, values filled (`include: 'group'` adds `groups`). */
    specifications<const P extends SkuSpecificationsParams | undefined = undefined>(
      skuId: number,
      params?: P,
      options?: RequestOptions,
    ) {
      return call(engine, {
        row: ROWS.specifications,
        ids: [skuId],
        select: (b: SkuSpecifications<P>) => b,
        query: params,
        options,
      });
    },

    /** GET /skus/:id/price_history: `{ average: [{date, price}], lowest: [{date, price, shop_name}] }`. */
    priceHistory: (skuId: number, options?: RequestOptions) =>
      call(engine, {
        row: ROWS.priceHistory,
        ids: [skuId],
        select: (b: { history: PriceHistory }) => b.history,
        options,
      }),

    /** GET /skus/:id/similar (recorded, not in the spec). */
    similar: (
      skuId: number,
      params?: PageParams,
      options?: RequestOptions,
    ): PagePromise<Sku, SimilarSkuList> =>
      list<Sku, SimilarSkuList>(engine, {
        row: ROWS.similar,
        ids: [skuId],
        items: (b) => b.skus,
        params,
        options,
      }),

    /**
     * GET /products/:id. The result type follows the params: `embed: 'shop'` adds a typed `shop`,
     * `fields` / `fields_except` keep and drop fields (of the product, or of `shop` by name).
     */
    product<const P extends ProductParams | undefined = undefined>(
      productId: number,
      params?: P,
      options?: RequestOptions,
    ) {
      // Built inside the call, so a bad embed or embed_ids is a rejected promise and no request.
      const schema = () => wrap(linkedSchema(PRODUCT, params), productEnvelope);
      const check = () => {
        schema();
      };
      return call(engine, {
        row: ROWS.product,
        ids: [productId],
        check,
        query: params,
        schema: z.lazy(schema),
        select: (b: { product: ProductOf<P> }) => b.product,
        options,
      });
    },

    /** GET /shops/:shop_id/products/search: the shop's products with its own id `shop_uid`. */
    shopProducts: (
      shopId: number,
      params: ShopProductsParams,
      options?: RequestOptions,
    ): PagePromise<Product, ProductList> => {
      const check = () => {
        if (typeof params?.shop_uid !== 'string' || params.shop_uid.length === 0) {
          throw new InvalidRequestError(
            `shop_uid must be a non-empty string (the shop's own id, e.g. "062276"), got ${describe(params?.shop_uid)}`,
            'InvalidParam',
            'shop_uid',
          );
        }
      };
      return list<Product, ProductList>(engine, {
        row: ROWS.shopProducts,
        ids: [shopId],
        check,
        items: (b) => b.products,
        params,
        options,
      });
    },

    /** GET /flags: the reasons a review can be flagged for. */
    flags: (options?: RequestOptions) =>
      call(engine, {
        row: ROWS.flags,
        select: (b: { flags: FlagDefinition[] }) => b.flags,
        options,
      }),

    reviews: {
      /** GET /skus/:id/reviews (`include_meta` adds typed `meta` entries). */
      list<const P extends SkuReviewsParams | undefined = undefined>(
        skuId: number,
        params?: P,
        options?: RequestOptions,
      ): PagePromise<SkuReview, SkuReviewListOf<P>> {
        const check = () => {
          reviewListSchema(params?.include_meta);
        };
        const schema = z.lazy(() => reviewListSchema(params?.include_meta));
        return list(engine, {
          row: ROWS.reviewsList,
          ids: [skuId],
          check,
          schema: shaped<SkuReviewListOf<P>>(schema),
          items: (b) => b.reviews,
          params,
          options,
        });
      },

      /** GET /skus/:id/reviews/new: the form to write a review with. */
      newForm: (skuId: number, options?: RequestOptions) =>
        call(engine, {
          row: ROWS.reviewsNewForm,
          ids: [skuId],
          select: (b: { review_form: ReviewForm }) => b.review_form,
          options,
        }),

      /** POST /skus/:id/reviews; a rating outside 1–5 is refused before sending. */
      create: (skuId: number, review: NewSkuReview, options?: RequestOptions) =>
        reviewCall(
          { row: ROWS.reviewsCreate, ids: [skuId], check: () => checkReview(review, false) },
          review,
          options,
        ),

      /** GET /skus/:id/reviews/:id/edit: the form with the review's rating, text and chosen answers. */
      editForm: (skuId: number, reviewId: number, options?: RequestOptions) =>
        call(engine, {
          row: ROWS.reviewsEditForm,
          ids: [skuId, reviewId],
          select: (b: { review_form: EditReviewForm }) => b.review_form,
          options,
        }),

      /** PUT /skus/:id/reviews/:id with only the fields to change. */
      update: (skuId: number, reviewId: number, changes: Partial<NewSkuReview>, options?: RequestOptions) =>
        reviewCall(
          { row: ROWS.reviewsUpdate, ids: [skuId, reviewId], check: () => checkReview(changes, true) },
          changes,
          options,
        ),

      /** DELETE /skus/:id/reviews/:id (204). */
      delete: (skuId: number, reviewId: number, options?: RequestOptions) =>
        write<void>(engine, {
          row: ROWS.reviewsDelete,
          ids: [skuId, reviewId],
          select: () => undefined,
          options,
        }),

      /** POST …/reviews/:id/votes with `vote[helpful]`; needs the `publish_sku_review_actions` scope. */
      vote<const P extends VoteParams | undefined = undefined>(
        skuId: number,
        reviewId: number,
        vote: { helpful: boolean },
        params?: P,
        options?: RequestOptions,
      ) {
        const schema = () => wrap(linkedSchema(REVIEW_VOTE, params), voteEnvelope);
        const check = () => {
          if (typeof vote?.helpful !== 'boolean') {
            throw new InvalidRequestError('vote.helpful must be true or false', 'InvalidParam', 'helpful');
          }
          schema();
        };
        return write(engine, {
          row: ROWS.reviewsVote,
          ids: [skuId, reviewId],
          check,
          input: vote,
          query: { 'vote[helpful]': vote?.helpful, embed: params?.embed },
          schema: z.lazy(schema),
          select: (b: { sku_review_vote: SkuReviewVoteOf<P> }) => b.sku_review_vote,
          options,
        });
      },

      /**
       * POST …/reviews/:id/flags with `flag[reason]`; a reason that is not a flag definition is
       * refused before sending (code `InvalidFlagReason`). Needs `publish_sku_review_actions`.
       * The answer is the flag record, or undefined when the server answers with no body.
       */
      flag: (skuId: number, reviewId: number, flag: { reason: FlagReason }, options?: RequestOptions) => {
        const check = () => {
          if (!(FLAG_REASONS as readonly unknown[]).includes(flag?.reason)) {
            throw new InvalidRequestError(
              `flag reason must be one of ${FLAG_REASONS.join(', ')}, got ${describe(flag?.reason)}`,
              'InvalidFlagReason',
              'reason',
            );
          }
        };
        return write(engine, {
          row: ROWS.reviewsFlag,
          ids: [skuId, reviewId],
          check,
          input: flag,
          query: { 'flag[reason]': flag?.reason },
          schema: z.optional(FlagRecordSchema),
          select: (b: FlagRecord | undefined) => b,
          options,
        });
      },
    },
  };
}

export type SkusResource = ReturnType<typeof skusResource>;
