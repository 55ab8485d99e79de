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

const BY_NAME_OR_POPULARITY = { order_by: ['name', 'popularity'], order_dir: ORDER_DIRS };

/** Search, autocomplete, categories and manufacturers (`api.catalog`): what their calls need. */
export const search = {
  path: '/search',
  queryNames: ['q', ...PAGE_NAMES],
  schema: SearchResultSchema,
} satisfies EndpointCall;
export const autocomplete = {
  path: '/autocomplete',
  queryNames: ['q'],
  schema: AutocompleteSchema,
} satisfies EndpointCall;
export const categoriesList = {
  path: '/categories',
  queryNames: PAGE_NAMES,
  schema: CategoryListSchema,
} satisfies EndpointCall;
export const categoriesRoot = {
  path: '/categories/root',
  schema: CategoryEnvelopeSchema,
} satisfies EndpointCall;
export const categoriesGet = {
  path: '/categories/:id',
  schema: CategoryEnvelopeSchema,
} satisfies EndpointCall;
export const categoriesParent = {
  path: '/categories/:id/parent',
  schema: CategoryEnvelopeSchema,
} satisfies EndpointCall;
export const categoriesChildren = {
  path: '/categories/:id/children',
  queryNames: PAGE_NAMES,
  schema: CategoryListSchema,
} satisfies EndpointCall;
export const categoriesSpecifications = {
  path: '/categories/:id/specifications',
  queryNames: ['include'],
  schema: SpecificationListSchema,
  values: { include: ['group'] },
} satisfies EndpointCall;
export const categoriesManufacturers = {
  path: '/categories/:id/manufacturers',
  queryNames: ['order_by', 'order_dir', ...PAGE_NAMES],
  schema: ManufacturerListSchema,
  values: BY_NAME_OR_POPULARITY,
} satisfies EndpointCall;
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
} satisfies EndpointCall;
export const categoriesFilterGroups = {
  path: '/categories/:id/filter_groups',
  queryNames: PAGE_NAMES,
  schema: FilterGroupListSchema,
} satisfies EndpointCall;
export const manufacturersList = {
  path: '/manufacturers',
  queryNames: PAGE_NAMES,
  schema: ManufacturerListSchema,
} satisfies EndpointCall;
export const manufacturersGet = {
  path: '/manufacturers/:id',
  schema: ManufacturerEnvelopeSchema,
} satisfies EndpointCall;
export const manufacturersCategories = {
  path: '/manufacturers/:id/categories',
  queryNames: ['order_by', 'order_dir', ...PAGE_NAMES],
  schema: CategoryListSchema,
  values: BY_NAME_OR_POPULARITY,
} satisfies EndpointCall;
export const manufacturersSkus = {
  path: '/manufacturers/:id/skus',
  queryNames: ['order_by', 'order_dir', ...PAGE_NAMES],
  schema: SkuListSchema,
  values: { order_by: ['price', 'popularity'], order_dir: ORDER_DIRS },
} satisfies EndpointCall;
