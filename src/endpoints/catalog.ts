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
import { type EndpointCall, ORDER_DIRS, PAGE_NAMES } from './row.js';

const BY_NAME_OR_POPULARITY = { order_by: ['name', 'popularity'], order_dir: ORDER_DIRS } as const;

/** Search, autocomplete, categories and manufacturers (`api.catalog`): what their calls need. */
export const search = {
  path: '/search',
  queryNames: ['q', ...PAGE_NAMES],
  schema: SearchResultSchema,
  args: ['params'],
} as const satisfies EndpointCall;
export const autocomplete = {
  path: '/autocomplete',
  queryNames: ['q'],
  schema: AutocompleteSchema,
  args: ['params'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const categoriesList = {
  path: '/categories',
  queryNames: PAGE_NAMES,
  schema: CategoryListSchema,
  args: ['params'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const categoriesRoot = {
  path: '/categories/root',
  schema: CategoryEnvelopeSchema,
  args: [],
  maxAge: 60,
} as const satisfies EndpointCall;
export const categoriesGet = {
  path: '/categories/:id',
  schema: CategoryEnvelopeSchema,
  args: ['id'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const categoriesParent = {
  path: '/categories/:id/parent',
  schema: CategoryEnvelopeSchema,
  args: ['id'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const categoriesChildren = {
  path: '/categories/:id/children',
  queryNames: PAGE_NAMES,
  schema: CategoryListSchema,
  args: ['id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const categoriesSpecifications = {
  path: '/categories/:id/specifications',
  queryNames: ['include'],
  schema: SpecificationListSchema,
  values: { include: ['group'] },
  args: ['id', 'params'],
  maxAge: 300,
  since: '3.1.1',
} as const satisfies EndpointCall;
export const categoriesManufacturers = {
  path: '/categories/:id/manufacturers',
  queryNames: ['order_by', 'order_dir', ...PAGE_NAMES],
  schema: ManufacturerListSchema,
  values: BY_NAME_OR_POPULARITY,
  args: ['id', 'params'],
  maxAge: 60,
} as const satisfies EndpointCall;
/** `order_by` takes any method of the answer's `meta.order_by_methods`: not a fixed list. */
export const categoriesSkus = {
  path: '/categories/:id/skus',
  queryNames: [
    'order_by',
    'order_dir',
    'q',
    'include_meta',
    'filter_ids',
    'manufacturer_ids',
    'shop_ids',
    'distance',
    'availability',
    ...PAGE_NAMES,
  ],
  schema: SkuListSchema,
  values: { order_dir: ORDER_DIRS },
  args: ['id', 'params'],
} as const satisfies EndpointCall;
export const categoriesFilterGroups = {
  path: '/categories/:id/filter_groups',
  queryNames: PAGE_NAMES,
  schema: FilterGroupListSchema,
  args: ['id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const manufacturersList = {
  path: '/manufacturers',
  queryNames: PAGE_NAMES,
  schema: ManufacturerListSchema,
  args: ['params'],
} as const satisfies EndpointCall;
export const manufacturersGet = {
  path: '/manufacturers/:id',
  schema: ManufacturerEnvelopeSchema,
  args: ['id'],
} as const satisfies EndpointCall;
export const manufacturersCategories = {
  path: '/manufacturers/:id/categories',
  queryNames: ['order_by', 'order_dir', ...PAGE_NAMES],
  schema: CategoryListSchema,
  values: BY_NAME_OR_POPULARITY,
  args: ['id', 'params'],
} as const satisfies EndpointCall;
export const manufacturersSkus = {
  path: '/manufacturers/:id/skus',
  queryNames: ['order_by', 'order_dir', ...PAGE_NAMES],
  schema: SkuListSchema,
  values: { order_by: ['price', 'popularity'], order_dir: ORDER_DIRS },
  args: ['id', 'params'],
} as const satisfies EndpointCall;

/** This area's client methods by their name on the client, each to its literal (METHODS joins the areas). */
export const CATALOG_METHODS = {
  'catalog.search': search,
  'catalog.autocomplete': autocomplete,
  'catalog.categories.list': categoriesList,
  'catalog.categories.root': categoriesRoot,
  'catalog.categories.get': categoriesGet,
  'catalog.categories.parent': categoriesParent,
  'catalog.categories.children': categoriesChildren,
  'catalog.categories.specifications': categoriesSpecifications,
  'catalog.categories.manufacturers': categoriesManufacturers,
  'catalog.categories.skus': categoriesSkus,
  'catalog.categories.filterGroups': categoriesFilterGroups,
  'catalog.manufacturers.list': manufacturersList,
  'catalog.manufacturers.get': manufacturersGet,
  'catalog.manufacturers.categories': manufacturersCategories,
  'catalog.manufacturers.skus': manufacturersSkus,
} satisfies Record<string, EndpointCall>;
