import {
  PriceHistoryEnvelopeSchema,
  ProductCardGroupListSchema,
  ProductEnvelopeSchema,
  ProductListSchema,
  SkuSpecificationListSchema,
} from '../schemas/products.js';
import {
  EditReviewFormEnvelopeSchema,
  FlagListSchema,
  FlagRecordSchema,
  ReviewFormEnvelopeSchema,
  SkuReviewEnvelopeSchema,
  SkuReviewListSchema,
  SkuReviewVoteEnvelopeSchema,
} from '../schemas/reviews.js';
import { SimilarSkuListSchema, SkuEnvelopeSchema } from '../schemas/sku.js';
import { type EndpointCall, PAGE_NAMES, type StaleRead } from './row.js';

export const get = {
  path: '/skus/:id',
  schema: SkuEnvelopeSchema,
  args: ['id'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const products = {
  path: '/skus/:id/products',
  queryNames: ['size', 'distance', 'availability', 'zero_installments', ...PAGE_NAMES],
  schema: ProductListSchema,
  args: ['id', 'params'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const productCards = {
  path: '/skus/:id/product_cards',
  schema: ProductCardGroupListSchema,
  args: ['id'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const specifications = {
  path: '/skus/:id/specifications',
  queryNames: ['include'],
  schema: SkuSpecificationListSchema,
  values: { include: ['group'] },
  args: ['id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const priceHistory = {
  path: '/skus/:id/price_history',
  schema: PriceHistoryEnvelopeSchema,
  args: ['id'],
  maxAge: 60,
  since: '3.0.1',
} as const satisfies EndpointCall;
export const similar = {
  path: '/skus/:id/similar',
  queryNames: PAGE_NAMES,
  schema: SimilarSkuListSchema,
  args: ['id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const product = {
  path: '/products/:id',
  queryNames: ['embed', 'embed_ids', 'fields', 'fields_except'],
  schema: ProductEnvelopeSchema,
  args: ['id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const shopProducts = {
  path: '/shops/:shop_id/products/search',
  queryNames: ['shop_uid', ...PAGE_NAMES],
  schema: ProductListSchema,
  args: ['shop_id', 'params'],
  since: '3.0.1',
} as const satisfies EndpointCall;
export const flags = {
  path: '/flags',
  schema: FlagListSchema,
  args: [],
  maxAge: 300,
} as const satisfies EndpointCall;
export const reviewsList = {
  path: '/skus/:sku_id/reviews',
  queryNames: ['sort', 'include_meta', ...PAGE_NAMES],
  schema: SkuReviewListSchema,
  values: { sort: ['most_recent', 'most_helpful'] },
  args: ['sku_id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const reviewsNewForm = {
  path: '/skus/:sku_id/reviews/new',
  schema: ReviewFormEnvelopeSchema,
  user: true,
  args: ['sku_id'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const reviewsEditForm = {
  path: '/skus/:sku_id/reviews/:review_id/edit',
  schema: EditReviewFormEnvelopeSchema,
  user: true,
  args: ['sku_id', 'review_id'],
} as const satisfies EndpointCall;

/** What a review written, changed or deleted shows in: that SKU's reviews, forms and record. */
const REVIEW_READS: readonly StaleRead<EndpointCall>[] = [
  { read: reviewsList, same: { sku_id: 'sku_id' } },
  { read: reviewsNewForm, same: { sku_id: 'sku_id' } },
  { read: reviewsEditForm, same: { sku_id: 'sku_id' } },
  // `reviews_count` and `reviewscore`.
  { read: get, same: { id: 'sku_id' } },
];

export const reviewsCreate = {
  method: 'POST',
  path: '/skus/:sku_id/reviews',
  schema: SkuReviewEnvelopeSchema,
  user: true,
  stale: REVIEW_READS,
  args: ['sku_id', 'input'],
  since: '3.2.0',
} as const satisfies EndpointCall;
export const reviewsUpdate = {
  method: 'PUT',
  path: '/skus/:sku_id/reviews/:review_id',
  schema: SkuReviewEnvelopeSchema,
  user: true,
  stale: REVIEW_READS,
  args: ['sku_id', 'review_id', 'input'],
  since: '3.2.0',
} as const satisfies EndpointCall;
export const reviewsDelete = {
  method: 'DELETE',
  path: '/skus/:sku_id/reviews/:review_id',
  user: true,
  stale: REVIEW_READS,
  args: ['sku_id', 'review_id'],
  since: '3.2.0',
} as const satisfies EndpointCall;
export const reviewsVote = {
  method: 'POST',
  path: '/skus/:sku_id/reviews/:review_id/votes',
  schema: SkuReviewVoteEnvelopeSchema,
  user: true,
  scope: 'publish_sku_review_actions',
  // `votes_count`, `helpful_votes_count`, `voted`, `helpful`.
  stale: [{ read: reviewsList, same: { sku_id: 'sku_id' } }],
  args: ['sku_id', 'review_id', 'input', 'params'],
  since: '3.0.17',
} as const satisfies EndpointCall;
export const reviewsFlag = {
  method: 'POST',
  path: '/skus/:sku_id/reviews/:review_id/flags',
  schema: FlagRecordSchema,
  user: true,
  scope: 'publish_sku_review_actions',
  // `flagged`.
  stale: [{ read: reviewsList, same: { sku_id: 'sku_id' } }],
  args: ['sku_id', 'review_id', 'input'],
  since: '3.0.17',
} as const satisfies EndpointCall;

/** This area's client methods by their name on the client, each to its literal (METHODS joins the areas). */
export const SKU_METHODS = {
  'skus.get': get,
  'skus.products': products,
  'skus.productCards': productCards,
  'skus.specifications': specifications,
  'skus.priceHistory': priceHistory,
  'skus.similar': similar,
  'skus.product': product,
  'skus.shopProducts': shopProducts,
  'skus.flags': flags,
  'skus.reviews.list': reviewsList,
  'skus.reviews.newForm': reviewsNewForm,
  'skus.reviews.editForm': reviewsEditForm,
  'skus.reviews.create': reviewsCreate,
  'skus.reviews.update': reviewsUpdate,
  'skus.reviews.delete': reviewsDelete,
  'skus.reviews.vote': reviewsVote,
  'skus.reviews.flag': reviewsFlag,
} satisfies Record<string, EndpointCall>;
