import type { MethodName } from './methods.js';
import { type EndpointDetails, FIELDSETS, PAGE } from './row.js';

/** The query names of the SKU endpoints, their versions, the extras beyond the spec. */
export const SKU_DETAILS = {
  'skus.products': {
    query: [
      { name: 'size', kind: 'string' },
      { name: 'distance', kind: 'integer' },
      { name: 'availability', kind: 'integer' },
      { name: 'zero_installments', kind: 'boolean' },
      ...PAGE,
    ],
  },
  'skus.specifications': { query: [{ name: 'include', kind: 'names' }] },
  'skus.priceHistory': { since: '3.0.1' },
  'skus.similar': { query: PAGE, documented: false },
  'skus.product': {
    query: [
      { name: 'embed', kind: 'names', values: ['shop'] },
      { name: 'embed_ids', kind: 'names', values: ['shop'] },
      ...FIELDSETS,
    ],
  },
  'skus.shopProducts': { query: [{ name: 'shop_uid', kind: 'string' }, ...PAGE], since: '3.0.1' },
  'skus.reviews.list': {
    query: [
      { name: 'sort', kind: 'string' },
      { name: 'include_meta', kind: 'array', values: ['sku_rating_breakdown', 'sku_reviews_aggregation'] },
      ...PAGE,
    ],
  },
  'skus.reviews.create': { since: '3.2.0' },
  'skus.reviews.update': { since: '3.2.0' },
  'skus.reviews.delete': { since: '3.2.0' },
  'skus.reviews.vote': {
    query: [
      { name: 'vote[helpful]', kind: 'boolean' },
      { name: 'embed', kind: 'names', values: ['sku_review'] },
    ],
    since: '3.0.17',
  },
  'skus.reviews.flag': {
    query: [{ name: 'flag[reason]', kind: 'string', values: ['bad_language', 'wrong_section', 'spam'] }],
    since: '3.0.17',
  },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
