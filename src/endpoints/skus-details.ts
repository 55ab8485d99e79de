import type { MethodName } from './methods.js';
import { type EndpointDetails, FIELDSETS, PAGE } from './row.js';

/** The query names of the SKU endpoints, the extras beyond the spec.. */
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
  'skus.similar': { query: PAGE, documented: false },
  'skus.product': {
    query: [
      { name: 'embed', kind: 'names', values: ['shop'] },
      { name: 'embed_ids', kind: 'names', values: ['shop'] },
      ...FIELDSETS,
    ],
  },
  'skus.shopProducts': { query: [{ name: 'shop_uid', kind: 'string' }, ...PAGE] },
  'skus.reviews.list': {
    query: [
      { name: 'sort', kind: 'string' },
      { name: 'include_meta', kind: 'array', values: ['sku_rating_breakdown', 'sku_reviews_aggregation'] },
      ...PAGE,
    ],
  },
  'skus.reviews.vote': {
    query: [
      { name: 'vote[helpful]', kind: 'boolean' },
      { name: 'embed', kind: 'names', values: ['sku_review'] },
    ],
  },
  'skus.reviews.flag': {
    query: [{ name: 'flag[reason]', kind: 'string', values: ['bad_language', 'wrong_section', 'spam'] }],
  },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
