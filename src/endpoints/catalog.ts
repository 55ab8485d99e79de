import {
  AutocompleteSchema,
  CategoryEnvelopeSchema,
  CategoryListSchema,
  FilterGroupListSchema,
  ManufacturerEnvelopeSchema,
  ManufacturerListSchema,
  SearchResultSchema,
  SkuListSchema,
  SpecificationListSchema,
} from '../schemas/catalog.js';
import { ORDER_DIR, PAGE, rows } from './row.js';

const BY_NAME_OR_POPULARITY = [
  { name: 'order_by', kind: 'string', values: ['name', 'popularity'] },
  ORDER_DIR,
  ...PAGE,
] as const;

/** Search, autocomplete, categories and manufacturers (`api.catalog`). */
export const CATALOG_ROWS = rows({
  'catalog.search': {
    path: '/search',
    query: [{ name: 'q', kind: 'string' }, ...PAGE],
    schema: SearchResultSchema,
  },
  'catalog.autocomplete': {
    path: '/autocomplete',
    query: [{ name: 'q', kind: 'string' }],
    schema: AutocompleteSchema,
    maxAge: 60,
  },
  'catalog.categories.list': {
    path: '/categories',
    query: PAGE,
    schema: CategoryListSchema,
    maxAge: 60,
  },
  'catalog.categories.root': {
    path: '/categories/root',
    schema: CategoryEnvelopeSchema,
    maxAge: 60,
  },
  'catalog.categories.get': {
    path: '/categories/:id',
    schema: CategoryEnvelopeSchema,
    maxAge: 300,
  },
  'catalog.categories.parent': {
    path: '/categories/:id/parent',
    schema: CategoryEnvelopeSchema,
    maxAge: 60,
  },
  'catalog.categories.children': {
    path: '/categories/:id/children',
    query: PAGE,
    schema: CategoryListSchema,
    maxAge: 300,
  },
  'catalog.categories.specifications': {
    path: '/categories/:id/specifications',
    query: [{ name: 'include', kind: 'names', values: ['group'] }],
    schema: SpecificationListSchema,
    maxAge: 300,
    since: '3.1.1',
  },
  'catalog.categories.manufacturers': {
    path: '/categories/:id/manufacturers',
    query: BY_NAME_OR_POPULARITY,
    schema: ManufacturerListSchema,
    maxAge: 60,
  },
  'catalog.categories.skus': {
    path: '/categories/:id/skus',
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
    schema: SkuListSchema,
  },
  'catalog.categories.filterGroups': {
    path: '/categories/:id/filter_groups',
    query: PAGE,
    schema: FilterGroupListSchema,
    maxAge: 300,
  },
  'catalog.manufacturers.list': {
    path: '/manufacturers',
    query: PAGE,
    schema: ManufacturerListSchema,
  },
  'catalog.manufacturers.get': {
    path: '/manufacturers/:id',
    schema: ManufacturerEnvelopeSchema,
  },
  'catalog.manufacturers.categories': {
    path: '/manufacturers/:id/categories',
    query: BY_NAME_OR_POPULARITY,
    schema: CategoryListSchema,
  },
  'catalog.manufacturers.skus': {
    path: '/manufacturers/:id/skus',
    query: [{ name: 'order_by', kind: 'string', values: ['price', 'popularity'] }, ORDER_DIR, ...PAGE],
    schema: SkuListSchema,
  },
});
