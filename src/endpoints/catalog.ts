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
