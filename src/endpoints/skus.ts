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
import { FIELDSETS, PAGE, rows, type StaleRead } from './row.js';

const READS = rows({
  'skus.get': {
    path: '/skus/:id',
    args: ['id', 'options'],
    schema: SkuEnvelopeSchema,
    scope: 'public',
    maxAge: 60,
  },
  'skus.products': {
    path: '/skus/:id/products',
    query: [
      { name: 'size', kind: 'string' },
      { name: 'distance', kind: 'integer' },
      { name: 'availability', kind: 'integer' },
      { name: 'zero_installments', kind: 'boolean' },
      ...PAGE,
    ],
    args: ['id', 'params', 'options'],
    schema: ProductListSchema,
    scope: 'public',
    maxAge: 60,
    pagination: 'pages',
  },
  'skus.productCards': {
    path: '/skus/:id/product_cards',
    args: ['id', 'options'],
    schema: ProductCardGroupListSchema,
    scope: 'public',
    maxAge: 60,
  },
  'skus.specifications': {
    path: '/skus/:id/specifications',
    query: [{ name: 'include', kind: 'names', values: ['group'] }],
    args: ['id', 'params', 'options'],
    schema: SkuSpecificationListSchema,
    scope: 'public',
    maxAge: 300,
  },
  'skus.priceHistory': {
    path: '/skus/:id/price_history',
    args: ['id', 'options'],
    schema: PriceHistoryEnvelopeSchema,
    scope: 'public',
    maxAge: 60,
    since: '3.0.1',
  },
  'skus.similar': {
    path: '/skus/:id/similar',
    query: PAGE,
    args: ['id', 'params', 'options'],
    schema: SimilarSkuListSchema,
    scope: 'public',
    maxAge: 300,
    pagination: 'pages',
    documented: false,
  },
  'skus.product': {
    path: '/products/:id',
    query: [
      { name: 'embed', kind: 'names', values: ['shop'] },
      { name: 'embed_ids', kind: 'names', values: ['shop'] },
      ...FIELDSETS,
    ],
    args: ['id', 'params', 'options'],
    schema: ProductEnvelopeSchema,
    scope: 'public',
    maxAge: 300,
  },
  'skus.shopProducts': {
    path: '/shops/:shop_id/products/search',
    query: [{ name: 'shop_uid', kind: 'string' }, ...PAGE],
    args: ['shop_id', 'params', 'options'],
    schema: ProductListSchema,
    scope: 'public',
    pagination: 'pages',
    since: '3.0.1',
  },
  'skus.flags': {
    path: '/flags',
    args: ['options'],
    schema: FlagListSchema,
    scope: 'public',
    maxAge: 300,
  },
  'skus.reviews.list': {
    path: '/skus/:sku_id/reviews',
    query: [
      { name: 'sort', kind: 'string', values: ['most_recent', 'most_helpful'] },
      { name: 'include_meta', kind: 'array', values: ['sku_rating_breakdown', 'sku_reviews_aggregation'] },
      ...PAGE,
    ],
    args: ['sku_id', 'params', 'options'],
    schema: SkuReviewListSchema,
    scope: 'public',
    maxAge: 300,
    pagination: 'pages',
  },
  'skus.reviews.newForm': {
    path: '/skus/:sku_id/reviews/new',
    args: ['sku_id', 'options'],
    schema: ReviewFormEnvelopeSchema,
    user: true,
    maxAge: 300,
  },
  'skus.reviews.editForm': {
    path: '/skus/:sku_id/reviews/:review_id/edit',
    args: ['sku_id', 'review_id', 'options'],
    schema: EditReviewFormEnvelopeSchema,
    user: true,
  },
});

/** What a review written, changed or deleted shows in: that SKU's reviews, forms and record. */
const REVIEW_READS: readonly StaleRead[] = [
  { read: READS['skus.reviews.list'], same: { sku_id: 'sku_id' } },
  { read: READS['skus.reviews.newForm'], same: { sku_id: 'sku_id' } },
  { read: READS['skus.reviews.editForm'], same: { sku_id: 'sku_id' } },
  // `reviews_count` and `reviewscore`.
  { read: READS['skus.get'], same: { id: 'sku_id' } },
];

const WRITES = rows({
  'skus.reviews.create': {
    method: 'POST',
    path: '/skus/:sku_id/reviews',
    args: ['sku_id', 'input', 'options'],
    schema: SkuReviewEnvelopeSchema,
    user: true,
    stale: REVIEW_READS,
    since: '3.2.0',
  },
  'skus.reviews.update': {
    method: 'PUT',
    path: '/skus/:sku_id/reviews/:review_id',
    args: ['sku_id', 'review_id', 'input', 'options'],
    schema: SkuReviewEnvelopeSchema,
    user: true,
    stale: REVIEW_READS,
    since: '3.2.0',
  },
  'skus.reviews.delete': {
    method: 'DELETE',
    path: '/skus/:sku_id/reviews/:review_id',
    args: ['sku_id', 'review_id', 'options'],
    user: true,
    stale: REVIEW_READS,
    since: '3.2.0',
  },
  'skus.reviews.vote': {
    method: 'POST',
    path: '/skus/:sku_id/reviews/:review_id/votes',
    query: [
      { name: 'vote[helpful]', kind: 'boolean' },
      { name: 'embed', kind: 'names', values: ['sku_review'] },
    ],
    args: ['sku_id', 'review_id', 'input', 'params', 'options'],
    schema: SkuReviewVoteEnvelopeSchema,
    user: true,
    scope: 'publish_sku_review_actions',
    // `votes_count`, `helpful_votes_count`, `voted`, `helpful`.
    stale: [{ read: READS['skus.reviews.list'], same: { sku_id: 'sku_id' } }],
    since: '3.0.17',
  },
  'skus.reviews.flag': {
    method: 'POST',
    path: '/skus/:sku_id/reviews/:review_id/flags',
    query: [{ name: 'flag[reason]', kind: 'string', values: ['bad_language', 'wrong_section', 'spam'] }],
    args: ['sku_id', 'review_id', 'input', 'options'],
    schema: FlagRecordSchema,
    user: true,
    scope: 'publish_sku_review_actions',
    // `flagged`.
    stale: [{ read: READS['skus.reviews.list'], same: { sku_id: 'sku_id' } }],
    since: '3.0.17',
  },
});

/** SKUs, products, product cards, specifications, price history, reviews, votes and flags (`api.skus`). */
export const SKU_ROWS = { ...READS, ...WRITES };
