import * as C from './catalog.js';
import { type EndpointRowSpec, ORDER_DIR, PAGE } from './row.js';

const BY_NAME_OR_POPULARITY = [
  { name: 'order_by', kind: 'string', values: ['name', 'popularity'] },
  ORDER_DIR,
  ...PAGE,
] as const;

/** The query names of the catalog's endpoints, and their versions. */
export const CATALOG_ROWS = {
  'catalog.search': [C.search, { query: [{ name: 'q', kind: 'string' }, ...PAGE] }],
  'catalog.autocomplete': [C.autocomplete, { query: [{ name: 'q', kind: 'string' }] }],
  'catalog.categories.list': [C.categoriesList, { query: PAGE }],
  'catalog.categories.root': [C.categoriesRoot],
  'catalog.categories.get': [C.categoriesGet],
  'catalog.categories.parent': [C.categoriesParent],
  'catalog.categories.children': [C.categoriesChildren, { query: PAGE }],
  'catalog.categories.specifications': [
    C.categoriesSpecifications,
    {
      query: [{ name: 'include', kind: 'names', values: ['group'] }],
      since: '3.1.1',
    },
  ],
  'catalog.categories.manufacturers': [C.categoriesManufacturers, { query: BY_NAME_OR_POPULARITY }],
  'catalog.categories.skus': [
    C.categoriesSkus,
    {
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
  ],
  'catalog.categories.filterGroups': [C.categoriesFilterGroups, { query: PAGE }],
  'catalog.manufacturers.list': [C.manufacturersList, { query: PAGE }],
  'catalog.manufacturers.get': [C.manufacturersGet],
  'catalog.manufacturers.categories': [C.manufacturersCategories, { query: BY_NAME_OR_POPULARITY }],
  'catalog.manufacturers.skus': [
    C.manufacturersSkus,
    {
      query: [{ name: 'order_by', kind: 'string', values: ['price', 'popularity'] }, ORDER_DIR, ...PAGE],
    },
  ],
} satisfies Record<string, EndpointRowSpec>;
