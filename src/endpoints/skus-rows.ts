import { type EndpointRowSpec, FIELDSETS, PAGE } from './row.js';
import * as C from './skus.js';

/** The query names of the SKU endpoints, their versions, the extras beyond the spec. */
export const SKU_ROWS = {
  'skus.get': [C.get],
  'skus.products': [
    C.products,
    {
      query: [
        { name: 'size', kind: 'string' },
        { name: 'distance', kind: 'integer' },
        { name: 'availability', kind: 'integer' },
        { name: 'zero_installments', kind: 'boolean' },
        ...PAGE,
      ],
    },
  ],
  'skus.productCards': [C.productCards],
  'skus.specifications': [
    C.specifications,
    { query: [{ name: 'include', kind: 'names', values: ['group'] }] },
  ],
  'skus.priceHistory': [C.priceHistory, { since: '3.0.1' }],
  'skus.similar': [C.similar, { query: PAGE, documented: false }],
  'skus.product': [
    C.product,
    {
      query: [
        { name: 'embed', kind: 'names', values: ['shop'] },
        { name: 'embed_ids', kind: 'names', values: ['shop'] },
        ...FIELDSETS,
      ],
    },
  ],
  'skus.shopProducts': [
    C.shopProducts,
    { query: [{ name: 'shop_uid', kind: 'string' }, ...PAGE], since: '3.0.1' },
  ],
  'skus.flags': [C.flags],
  'skus.reviews.list': [
    C.reviewsList,
    {
      query: [
        { name: 'sort', kind: 'string', values: ['most_recent', 'most_helpful'] },
        { name: 'include_meta', kind: 'array', values: ['sku_rating_breakdown', 'sku_reviews_aggregation'] },
        ...PAGE,
      ],
    },
  ],
  'skus.reviews.newForm': [C.reviewsNewForm],
  'skus.reviews.editForm': [C.reviewsEditForm],
  'skus.reviews.create': [C.reviewsCreate, { since: '3.2.0' }],
  'skus.reviews.update': [C.reviewsUpdate, { since: '3.2.0' }],
  'skus.reviews.delete': [C.reviewsDelete, { since: '3.2.0' }],
  'skus.reviews.vote': [
    C.reviewsVote,
    {
      query: [
        { name: 'vote[helpful]', kind: 'boolean' },
        { name: 'embed', kind: 'names', values: ['sku_review'] },
      ],
      args: ['sku_id', 'review_id', 'input', 'params', 'options'],
      since: '3.0.17',
    },
  ],
  'skus.reviews.flag': [
    C.reviewsFlag,
    {
      query: [{ name: 'flag[reason]', kind: 'string', values: ['bad_language', 'wrong_section', 'spam'] }],
      since: '3.0.17',
    },
  ],
} satisfies Record<string, EndpointRowSpec>;
