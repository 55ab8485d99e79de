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
import type { EndpointCall } from './row.js';

/** Search, autocomplete, categories and manufacturers (`api.catalog`): what their calls need. */
export const CATALOG = {
  'catalog.search': { path: '/search', schema: SearchResultSchema },
  'catalog.autocomplete': { path: '/autocomplete', schema: AutocompleteSchema, maxAge: 60 },
  'catalog.categories.list': { path: '/categories', schema: CategoryListSchema, maxAge: 60 },
  'catalog.categories.root': { path: '/categories/root', schema: CategoryEnvelopeSchema, maxAge: 60 },
  'catalog.categories.get': { path: '/categories/:id', schema: CategoryEnvelopeSchema, maxAge: 300 },
  'catalog.categories.parent': { path: '/categories/:id/parent', schema: CategoryEnvelopeSchema, maxAge: 60 },
  'catalog.categories.children': {
    path: '/categories/:id/children',
    schema: CategoryListSchema,
    maxAge: 300,
  },
  'catalog.categories.specifications': {
    path: '/categories/:id/specifications',
    schema: SpecificationListSchema,
    maxAge: 300,
  },
  'catalog.categories.manufacturers': {
    path: '/categories/:id/manufacturers',
    schema: ManufacturerListSchema,
    maxAge: 60,
  },
  'catalog.categories.skus': { path: '/categories/:id/skus', schema: SkuListSchema },
  'catalog.categories.filterGroups': {
    path: '/categories/:id/filter_groups',
    schema: FilterGroupListSchema,
    maxAge: 300,
  },
  'catalog.manufacturers.list': { path: '/manufacturers', schema: ManufacturerListSchema },
  'catalog.manufacturers.get': { path: '/manufacturers/:id', schema: ManufacturerEnvelopeSchema },
  'catalog.manufacturers.categories': { path: '/manufacturers/:id/categories', schema: CategoryListSchema },
  'catalog.manufacturers.skus': { path: '/manufacturers/:id/skus', schema: SkuListSchema },
} satisfies Record<string, EndpointCall>;
