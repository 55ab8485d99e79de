import type { MethodName } from './methods.js';
import { type EndpointDetails, ORDER_DIR, PAGE } from './row.js';

const BY_NAME_OR_POPULARITY = [{ name: 'order_by', kind: 'string' }, ORDER_DIR, ...PAGE] as const;

/** The query names of the catalog's endpoints. */
export const CATALOG_DETAILS = {
  'catalog.search': { query: [{ name: 'q', kind: 'string' }, ...PAGE] },
  'catalog.autocomplete': { query: [{ name: 'q', kind: 'string' }] },
  'catalog.categories.list': { query: PAGE },
  'catalog.categories.children': { query: PAGE },
  'catalog.categories.specifications': {
    query: [{ name: 'include', kind: 'names' }],
  },
  'catalog.categories.manufacturers': { query: BY_NAME_OR_POPULARITY },
  'catalog.categories.skus': {
    query: [
      // Dynamic: any method of the answer's `meta.order_by_methods`.
      { name: 'order_by', kind: 'string' },
      ORDER_DIR,
      { name: 'q', kind: 'string' },
      { name: 'include_meta', kind: 'array', values: ['available_filters', 'applied_filters'] },
      { name: 'filter_ids', kind: 'array' },
      { name: 'manufacturer_ids', kind: 'array' },
      { name: 'shop_ids', kind: 'array' },
      { name: 'distance', kind: 'integer' },
      { name: 'availability', kind: 'integer' },
      ...PAGE,
    ],
  },
  'catalog.categories.filterGroups': { query: PAGE },
  'catalog.manufacturers.list': { query: PAGE },
  'catalog.manufacturers.categories': { query: BY_NAME_OR_POPULARITY },
  'catalog.manufacturers.skus': {
    query: [{ name: 'order_by', kind: 'string' }, ORDER_DIR, ...PAGE],
  },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
