import { type DetailsOf, PAGE } from './row.js';
import type { SKU_METHODS } from './skus.js';

/** The query kinds of the SKU endpoints, the extras beyond the spec. */
export const SKU_DETAILS = {
  'skus.products': {
    query: {
      size: 'string',
      distance: 'integer',
      availability: 'integer',
      zero_installments: 'boolean',
      ...PAGE,
    },
  },
  'skus.specifications': { query: { include: 'names' } },
  'skus.similar': { query: PAGE, documented: false },
  'skus.product': {
    query: { embed: 'names', embed_ids: 'names', fields: 'fieldset', fields_except: 'fieldset' },
    values: { embed: ['shop'], embed_ids: ['shop'] },
  },
  'skus.shopProducts': { query: { shop_uid: 'string', ...PAGE }, required: ['shop_uid'] },
  'skus.reviews.list': {
    query: { sort: 'string', include_meta: 'array', ...PAGE },
    values: { include_meta: ['sku_rating_breakdown', 'sku_reviews_aggregation'] },
  },
  'skus.reviews.create': { input: ['rating'] },
  'skus.reviews.update': { input: ['rating'] },
  'skus.reviews.vote': {
    input: ['helpful'],
    query: { 'vote[helpful]': 'boolean', embed: 'names' },
    values: { embed: ['sku_review'] },
  },
  'skus.reviews.flag': {
    input: ['reason'],
    query: { 'flag[reason]': 'string' },
    values: { 'flag[reason]': ['bad_language', 'wrong_section', 'spam'] },
  },
} satisfies DetailsOf<typeof SKU_METHODS>;
