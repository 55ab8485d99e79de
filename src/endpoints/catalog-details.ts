import type { CATALOG_METHODS } from './catalog.js';
import { type DetailsOf, PAGE } from './row.js';

const BY_NAME_OR_POPULARITY = { order_by: 'string', order_dir: 'string', ...PAGE } as const;

/** The query kinds of the catalog's endpoints. */
export const CATALOG_DETAILS = {
  'catalog.search': { query: { q: 'string', ...PAGE }, required: ['q'] },
  'catalog.autocomplete': { query: { q: 'string' }, required: ['q'] },
  'catalog.categories.list': { query: PAGE },
  'catalog.categories.children': { query: PAGE },
  'catalog.categories.specifications': { query: { include: 'names' } },
  'catalog.categories.manufacturers': { query: BY_NAME_OR_POPULARITY },
  'catalog.categories.skus': {
    query: {
      // Dynamic: any method of the answer's `meta.order_by_methods`.
      order_by: 'string',
      order_dir: 'string',
      q: 'string',
      include_meta: 'array',
      filter_ids: 'array',
      manufacturer_ids: 'array',
      shop_ids: 'array',
      distance: 'integer',
      availability: 'integer',
      ...PAGE,
    },
    values: { include_meta: ['available_filters', 'applied_filters'] },
  },
  'catalog.categories.filterGroups': { query: PAGE },
  'catalog.manufacturers.list': { query: PAGE },
  'catalog.manufacturers.categories': { query: BY_NAME_OR_POPULARITY },
  'catalog.manufacturers.skus': { query: BY_NAME_OR_POPULARITY },
} satisfies DetailsOf<typeof CATALOG_METHODS>;
