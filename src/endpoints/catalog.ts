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
import { type EndpointCall, ORDER_DIRS } from './row.js';

const BY_NAME_OR_POPULARITY = { order_by: ['name', 'popularity'], order_dir: ORDER_DIRS } as const;

/** Search, autocomplete, categories and manufacturers (`api.catalog`): what their calls need. */
export const search = {
  path: '/search',
  schema: SearchResultSchema,
  args: ['params'],
} satisfies EndpointCall;
export const autocomplete = {
  path: '/autocomplete',
  schema: AutocompleteSchema,
  args: ['params'],
  maxAge: 60,
} satisfies EndpointCall;
export const categoriesList = {
  path: '/categories',
  schema: CategoryListSchema,
  args: ['params'],
  maxAge: 60,
} satisfies EndpointCall;
export const categoriesRoot = {
  path: '/categories/root',
  schema: CategoryEnvelopeSchema,
  args: [],
  maxAge: 60,
} satisfies EndpointCall;
export const categoriesGet = {
  path: '/categories/:id',
  schema: CategoryEnvelopeSchema,
  args: ['id'],
  maxAge: 300,
} satisfies EndpointCall;
export const categoriesParent = {
  path: '/categories/:id/parent',
  schema: CategoryEnvelopeSchema,
  args: ['id'],
  maxAge: 60,
} satisfies EndpointCall;
export const categoriesChildren = {
  path: '/categories/:id/children',
  schema: CategoryListSchema,
  args: ['id', 'params'],
  maxAge: 300,
} satisfies EndpointCall;
export const categoriesSpecifications = {
  path: '/categories/:id/specifications',
  schema: SpecificationListSchema,
  values: { include: ['group'] },
  args: ['id', 'params'],
  maxAge: 300,
  since: '3.1.1',
} as const satisfies EndpointCall;
export const categoriesManufacturers = {
  path: '/categories/:id/manufacturers',
  schema: ManufacturerListSchema,
  values: BY_NAME_OR_POPULARITY,
  args: ['id', 'params'],
  maxAge: 60,
} as const satisfies EndpointCall;
/** `order_by` takes any method of the answer's `meta.order_by_methods`: not a fixed list. */
export const categoriesSkus = {
  path: '/categories/:id/skus',
  schema: SkuListSchema,
  values: { order_dir: ORDER_DIRS },
  args: ['id', 'params'],
} as const satisfies EndpointCall;
export const categoriesFilterGroups = {
  path: '/categories/:id/filter_groups',
  schema: FilterGroupListSchema,
  args: ['id', 'params'],
  maxAge: 300,
} satisfies EndpointCall;
export const manufacturersList = {
  path: '/manufacturers',
  schema: ManufacturerListSchema,
  args: ['params'],
} satisfies EndpointCall;
export const manufacturersGet = {
  path: '/manufacturers/:id',
  schema: ManufacturerEnvelopeSchema,
  args: ['id'],
} satisfies EndpointCall;
export const manufacturersCategories = {
  path: '/manufacturers/:id/categories',
  schema: CategoryListSchema,
  values: BY_NAME_OR_POPULARITY,
  args: ['id', 'params'],
} as const satisfies EndpointCall;
export const manufacturersSkus = {
  path: '/manufacturers/:id/skus',
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
