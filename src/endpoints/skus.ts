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
import type { EndpointCall, StaleRead } from './row.js';

const READS = {
  'skus.get': { path: '/skus/:id', schema: SkuEnvelopeSchema, maxAge: 60 },
  'skus.products': { path: '/skus/:id/products', schema: ProductListSchema, maxAge: 60 },
  'skus.productCards': { path: '/skus/:id/product_cards', schema: ProductCardGroupListSchema, maxAge: 60 },
  'skus.specifications': {
    path: '/skus/:id/specifications',
    schema: SkuSpecificationListSchema,
    maxAge: 300,
  },
  'skus.priceHistory': { path: '/skus/:id/price_history', schema: PriceHistoryEnvelopeSchema, maxAge: 60 },
  'skus.similar': { path: '/skus/:id/similar', schema: SimilarSkuListSchema, maxAge: 300 },
  'skus.product': { path: '/products/:id', schema: ProductEnvelopeSchema, maxAge: 300 },
  'skus.shopProducts': { path: '/shops/:shop_id/products/search', schema: ProductListSchema },
  'skus.flags': { path: '/flags', schema: FlagListSchema, maxAge: 300 },
  'skus.reviews.list': { path: '/skus/:sku_id/reviews', schema: SkuReviewListSchema, maxAge: 300 },
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
} satisfies Record<string, EndpointCall>;

/** What a review written, changed or deleted shows in: that SKU's reviews, forms and record. */
const REVIEW_READS: readonly StaleRead<EndpointCall>[] = [
  { read: READS['skus.reviews.list'], same: { sku_id: 'sku_id' } },
  { read: READS['skus.reviews.newForm'], same: { sku_id: 'sku_id' } },
  { read: READS['skus.reviews.editForm'], same: { sku_id: 'sku_id' } },
  // `reviews_count` and `reviewscore`.
  { read: READS['skus.get'], same: { id: 'sku_id' } },
];

const WRITES = {
  'skus.reviews.create': {
    method: 'POST',
    path: '/skus/:sku_id/reviews',
    schema: SkuReviewEnvelopeSchema,
    user: true,
    stale: REVIEW_READS,
  },
  'skus.reviews.update': {
    method: 'PUT',
    path: '/skus/:sku_id/reviews/:review_id',
    schema: SkuReviewEnvelopeSchema,
    user: true,
    stale: REVIEW_READS,
  },
  'skus.reviews.delete': {
    method: 'DELETE',
    path: '/skus/:sku_id/reviews/:review_id',
    user: true,
    stale: REVIEW_READS,
  },
  'skus.reviews.vote': {
    method: 'POST',
    path: '/skus/:sku_id/reviews/:review_id/votes',
    schema: SkuReviewVoteEnvelopeSchema,
    user: true,
    scope: 'publish_sku_review_actions',
    // `votes_count`, `helpful_votes_count`, `voted`, `helpful`.
    stale: [{ read: READS['skus.reviews.list'], same: { sku_id: 'sku_id' } }],
  },
  'skus.reviews.flag': {
    method: 'POST',
    path: '/skus/:sku_id/reviews/:review_id/flags',
    schema: FlagRecordSchema,
    user: true,
    scope: 'publish_sku_review_actions',
    // `flagged`.
    stale: [{ read: READS['skus.reviews.list'], same: { sku_id: 'sku_id' } }],
  },
} satisfies Record<string, EndpointCall>;

/** SKUs, products, product cards, specifications, price history, reviews, votes and flags (`api.skus`): what their calls need. */
export const SKUS = { ...READS, ...WRITES };
