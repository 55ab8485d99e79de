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

const BY_NAME_OR_POPULARITY = { order_by: ['name', 'popularity'], order_dir: ORDER_DIRS };

/** Search, autocomplete, categories and manufacturers (`api.catalog`): what their calls need. */
export const search = { path: '/search', schema: SearchResultSchema } satisfies EndpointCall;
export const autocomplete = {
  path: '/autocomplete',
  schema: AutocompleteSchema,
} satisfies EndpointCall;
export const categoriesList = {
  path: '/categories',
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
  schema: CategoryListSchema,
} satisfies EndpointCall;
export const categoriesSpecifications = {
  path: '/categories/:id/specifications',
  schema: SpecificationListSchema,
  values: { include: ['group'] },
} satisfies EndpointCall;
export const categoriesManufacturers = {
  path: '/categories/:id/manufacturers',
  schema: ManufacturerListSchema,
  values: BY_NAME_OR_POPULARITY,
} satisfies EndpointCall;
/** `order_by` takes any method of the answer's `meta.order_by_methods`: not a fixed list. */
export const categoriesSkus = {
  path: '/categories/:id/skus',
  schema: SkuListSchema,
  values: { order_dir: ORDER_DIRS },
} satisfies EndpointCall;
export const categoriesFilterGroups = {
  path: '/categories/:id/filter_groups',
  schema: FilterGroupListSchema,
} satisfies EndpointCall;
export const manufacturersList = {
  path: '/manufacturers',
  schema: ManufacturerListSchema,
} satisfies EndpointCall;
export const manufacturersGet = {
  path: '/manufacturers/:id',
  schema: ManufacturerEnvelopeSchema,
} satisfies EndpointCall;
export const manufacturersCategories = {
  path: '/manufacturers/:id/categories',
  schema: CategoryListSchema,
  values: BY_NAME_OR_POPULARITY,
} satisfies EndpointCall;
export const manufacturersSkus = {
  path: '/manufacturers/:id/skus',
  schema: SkuListSchema,
  values: { order_by: ['price', 'popularity'], order_dir: ORDER_DIRS },
} satisfies EndpointCall;
