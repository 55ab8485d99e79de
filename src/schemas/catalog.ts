import * as z from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString, PaginationSchema } from './common.js';
import { object } from './object.js';
import { SkuSchema } from './sku.js';

export const CategorySchema = object({
  id: z.number(),
  name: z.string(),
  /** 0 for a leaf; null when blank (rule 2). */
  children_count: nullableNumber(),
  image_url: nullableString(),
  /** 0 for the root category; null when blank (rule 2). */
  parent_id: nullableNumber(),
  fashion: z.boolean(),
  layout_mode: z.string(),
  web_uri: z.string(),
  code: nullableString(),
  /** Comma-separated ids from the root down to this category. */
  path: z.string(),
  show_specifications: z.boolean(),
  manufacturer_title: nullableString(),
  /** In search results. */
  match_count: z.optional(z.nullable(z.number())),
  /** Since 3.1.2: the family of the category, not its parent. */
  family_id: z.optional(z.nullable(z.number())),
  show_manufacturers_filter: z.optional(z.nullable(z.boolean())),
});
export type Category = z.infer<typeof CategorySchema>;

export const ManufacturerSchema = object({
  id: z.number(),
  name: z.string(),
  image_url: nullableString(),
});
export type Manufacturer = z.infer<typeof ManufacturerSchema>;

export const CategoryEnvelopeSchema = object({ category: CategorySchema });
export const CategoryListSchema = object({ categories: z.array(CategorySchema), meta: ListMetaSchema });
export type CategoryList = z.infer<typeof CategoryListSchema>;
export const ManufacturerEnvelopeSchema = object({ manufacturer: ManufacturerSchema });
export const ManufacturerListSchema = object({
  manufacturers: z.array(ManufacturerSchema),
  meta: ListMetaSchema,
});
export type ManufacturerList = z.infer<typeof ManufacturerListSchema>;

// --- search ---------------------------------------------------------------------------------

export const SearchAlternativeSchema = object({
  term: z.string(),
  count: z.optional(nullableNumber()),
  drop: z.optional(z.array(object({ token: z.string(), dropped: z.boolean() }))),
  /** True: a hint to search again with `term`. */
  important: z.optional(z.boolean()),
});
export type SearchAlternative = z.infer<typeof SearchAlternativeSchema>;

export const SearchResultSchema = object({
  categories: z.array(CategorySchema),
  meta: object({
    q: z.string(),
    alternatives: z.array(SearchAlternativeSchema),
    strong_matches: object({
      category: z.optional(CategorySchema),
      manufacturer: z.optional(ManufacturerSchema),
      sku: z.optional(SkuSchema),
    }),
    /** Absent from some answers. */
    pagination: z.optional(PaginationSchema),
  }),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const AutocompleteEntrySchema = object({
  /** The suggested keyphrase: run a search on it when chosen. */
  k: z.string(),
  /** Index from which to highlight the keyphrase (since 3.0.23). */
  i: z.optional(z.number()),
  /** A category hint. */
  d: z.optional(z.nullable(object({ n: z.string(), id: z.number() }))),
});
export type AutocompleteEntry = z.infer<typeof AutocompleteEntrySchema>;
export const AutocompleteSchema = object({ autocomplete: z.array(AutocompleteEntrySchema) });

// --- specifications and filter groups -------------------------------------------------------

export const SpecificationGroupSchema = object({ id: z.number(), name: z.string(), order: z.number() });
export type SpecificationGroup = z.infer<typeof SpecificationGroupSchema>;

export const SpecificationSchema = object({
  id: z.number(),
  name: z.string(),
  /** Empty in category listings, filled for a SKU. */
  values: z.array(z.string()),
  order: z.optional(nullableNumber()),
  unit: z.nullable(z.string()),
  /** With `include: 'group'`. */
  group_id: z.optional(z.nullable(z.number())),
});
export type Specification = z.infer<typeof SpecificationSchema>;

export const SpecificationListSchema = object({
  specifications: z.array(SpecificationSchema),
  groups: z.optional(z.array(SpecificationGroupSchema)),
});
export type SpecificationList = z.infer<typeof SpecificationListSchema>;

export const FilterGroupSchema = object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  category_id: z.number(),
  created_at: z.nullable(z.string()),
  updated_at: z.nullable(z.string()),
  hint: nullableString(),
  combined: z.boolean(),
  /** 0 price, 1 keyword, 2 spec, 3 synced spec, 4 custom range, 5 sizes. */
  filter_type: z.number(),
});
export type FilterGroup = z.infer<typeof FilterGroupSchema>;
export const FilterGroupListSchema = object({
  filter_groups: z.array(FilterGroupSchema),
  meta: ListMetaSchema,
});
export type FilterGroupList = z.infer<typeof FilterGroupListSchema>;

// --- SKU listings ---------------------------------------------------------------------------

const countsById = z.record(z.string(), z.number());
const facetEntry = object({ id: z.number(), label: z.optional(z.string()), count: z.optional(z.number()) });

export const SkuListMetaSchema = object({
  pagination: z.optional(PaginationSchema),
  /** The order method in use. */
  ordered_by: z.optional(z.nullable(z.string())),
  /** `{ method: label }`: the values `order_by` accepts here (since 3.2.0). */
  order_by_methods: z.optional(z.record(z.string(), z.string())),
  /** With `include_meta: ['available_filters']`: matching SKU counts per filter, manufacturer and shop id. */
  available_filters: z.optional(
    object({
      filters: z.optional(countsById),
      manufacturers: z.optional(countsById),
      shops: z.optional(countsById),
      availabilities: z.optional(z.array(facetEntry)),
      distances: z.optional(z.array(facetEntry)),
    }),
  ),
  /** With `include_meta: ['applied_filters']`. */
  applied_filters: z.optional(
    object({
      filters: z.optional(z.array(z.number())),
      manufacturers: z.optional(z.array(z.number())),
      shops: z.optional(z.array(z.number())),
    }),
  ),
});
export type SkuListMeta = z.infer<typeof SkuListMetaSchema>;

export const SkuListSchema = object({ skus: z.array(SkuSchema), meta: SkuListMetaSchema });
export type SkuList = z.infer<typeof SkuListSchema>;
