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
    schema: SkuEnvelopeSchema,
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
    schema: ProductListSchema,
    maxAge: 60,
  },
  'skus.productCards': {
    path: '/skus/:id/product_cards',
    schema: ProductCardGroupListSchema,
    maxAge: 60,
  },
  'skus.specifications': {
    path: '/skus/:id/specifications',
    query: [{ name: 'include', kind: 'names', values: ['group'] }],
    schema: SkuSpecificationListSchema,
    maxAge: 300,
  },
  'skus.priceHistory': {
    path: '/skus/:id/price_history',
    schema: PriceHistoryEnvelopeSchema,
    maxAge: 60,
    since: '3.0.1',
  },
  'skus.similar': {
    path: '/skus/:id/similar',
    query: PAGE,
    schema: SimilarSkuListSchema,
    maxAge: 300,
    documented: false,
  },
  'skus.product': {
    path: '/products/:id',
    query: [
      { name: 'embed', kind: 'names', values: ['shop'] },
      { name: 'embed_ids', kind: 'names', values: ['shop'] },
      ...FIELDSETS,
    ],
    schema: ProductEnvelopeSchema,
    maxAge: 300,
  },
  'skus.shopProducts': {
    path: '/shops/:shop_id/products/search',
    query: [{ name: 'shop_uid', kind: 'string' }, ...PAGE],
    schema: ProductListSchema,
    since: '3.0.1',
  },
  'skus.flags': {
    path: '/flags',
    schema: FlagListSchema,
    maxAge: 300,
  },
  'skus.reviews.list': {
    path: '/skus/:sku_id/reviews',
    query: [
      { name: 'sort', kind: 'string', values: ['most_recent', 'most_helpful'] },
      { name: 'include_meta', kind: 'array', values: ['sku_rating_breakdown', 'sku_reviews_aggregation'] },
      ...PAGE,
    ],
    schema: SkuReviewListSchema,
    maxAge: 300,
  },
  'skus.reviews.newForm': {
    path: '/skus/:sku_id/reviews/new',
    schema: ReviewFormEnvelopeSchema,
    user: true,
    maxAge: 300,
  },
  'skus.reviews.editForm': {
    path: '/skus/:sku_id/reviews/:review_id/edit',
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
    schema: SkuReviewEnvelopeSchema,
    user: true,
    stale: REVIEW_READS,
    since: '3.2.0',
  },
  'skus.reviews.update': {
    method: 'PUT',
    path: '/skus/:sku_id/reviews/:review_id',
    schema: SkuReviewEnvelopeSchema,
    user: true,
    stale: REVIEW_READS,
    since: '3.2.0',
  },
  'skus.reviews.delete': {
    method: 'DELETE',
    path: '/skus/:sku_id/reviews/:review_id',
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
