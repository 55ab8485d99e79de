import * as v from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString, PaginationSchema } from './common.js';
import { SkuSchema } from './sku.js';

export const CategorySchema = v.object({
  id: v.number(),
  name: v.string(),
  /** 0 for a leaf; null when blank (rule 2). */
  children_count: nullableNumber(),
  image_url: nullableString(),
  /** 0 for the root category; null when blank (rule 2). */
  parent_id: nullableNumber(),
  fashion: v.boolean(),
  layout_mode: v.string(),
  web_uri: v.string(),
  code: nullableString(),
  /** Comma-separated ids from the root down to this category. */
  path: v.string(),
  show_specifications: v.boolean(),
  manufacturer_title: nullableString(),
  /** In search results. */
  match_count: v.optional(v.nullable(v.number())),
  /** Since 3.1.2: the family of the category, not its parent. */
  family_id: v.optional(v.nullable(v.number())),
  show_manufacturers_filter: v.optional(v.nullable(v.boolean())),
});
export type Category = v.infer<typeof CategorySchema>;

export const ManufacturerSchema = v.object({
  id: v.number(),
  name: v.string(),
  image_url: nullableString(),
});
export type Manufacturer = v.infer<typeof ManufacturerSchema>;

export const CategoryEnvelopeSchema = v.object({ category: CategorySchema });
export const CategoryListSchema = v.object({ categories: v.array(CategorySchema), meta: ListMetaSchema });
export type CategoryList = v.infer<typeof CategoryListSchema>;
export const ManufacturerEnvelopeSchema = v.object({ manufacturer: ManufacturerSchema });
export const ManufacturerListSchema = v.object({
  manufacturers: v.array(ManufacturerSchema),
  meta: ListMetaSchema,
});
export type ManufacturerList = v.infer<typeof ManufacturerListSchema>;

// --- search ---------------------------------------------------------------------------------

export const SearchAlternativeSchema = v.object({
  term: v.string(),
  count: v.optional(nullableNumber()),
  drop: v.optional(v.array(v.object({ token: v.string(), dropped: v.boolean() }))),
  /** True: a hint to search again with `term`. */
  important: v.optional(v.boolean()),
});
export type SearchAlternative = v.infer<typeof SearchAlternativeSchema>;

export const SearchResultSchema = v.object({
  categories: v.array(CategorySchema),
  meta: v.object({
    q: v.string(),
    alternatives: v.array(SearchAlternativeSchema),
    strong_matches: v.object({
      category: v.optional(CategorySchema),
      manufacturer: v.optional(ManufacturerSchema),
      sku: v.optional(SkuSchema),
    }),
    /** Absent from some answers. */
    pagination: v.optional(PaginationSchema),
  }),
});
export type SearchResult = v.infer<typeof SearchResultSchema>;

export const AutocompleteEntrySchema = v.object({
  /** The suggested keyphrase: run a search on it when chosen. */
  k: v.string(),
  /** Index from which to highlight the keyphrase (since 3.0.23). */
  i: v.optional(v.number()),
  /** A category hint. */
  d: v.optional(v.nullable(v.object({ n: v.string(), id: v.number() }))),
});
export type AutocompleteEntry = v.infer<typeof AutocompleteEntrySchema>;
export const AutocompleteSchema = v.object({ autocomplete: v.array(AutocompleteEntrySchema) });

// --- specifications and filter groups -------------------------------------------------------

export const SpecificationGroupSchema = v.object({ id: v.number(), name: v.string(), order: v.number() });
export type SpecificationGroup = v.infer<typeof SpecificationGroupSchema>;

export const SpecificationSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** Empty in category listings, filled for a SKU. */
  values: v.array(v.string()),
  order: v.optional(nullableNumber()),
  unit: v.nullable(v.string()),
  /** With `include: 'group'`. */
  group_id: v.optional(v.nullable(v.number())),
});
export type Specification = v.infer<typeof SpecificationSchema>;

export const SpecificationListSchema = v.object({
  specifications: v.array(SpecificationSchema),
  groups: v.optional(v.array(SpecificationGroupSchema)),
});
export type SpecificationList = v.infer<typeof SpecificationListSchema>;

export const FilterGroupSchema = v.object({
  id: v.number(),
  name: v.string(),
  active: v.boolean(),
  category_id: v.number(),
  /** Can be null or absent. */
  created_at: v.optional(v.nullable(v.string())),
  updated_at: v.nullable(v.string()),
  hint: nullableString(),
  combined: v.boolean(),
  /** 0 price, 1 keyword, 2 spec, 3 synced spec, 4 custom range, 5 sizes. */
  filter_type: v.number(),
});
export type FilterGroup = v.infer<typeof FilterGroupSchema>;
export const FilterGroupListSchema = v.object({
  filter_groups: v.array(FilterGroupSchema),
  meta: ListMetaSchema,
});
export type FilterGroupList = v.infer<typeof FilterGroupListSchema>;

// --- SKU listings ---------------------------------------------------------------------------

// Maps keyed by id or name are objects whose every key takes one schema (`v.catchall`): the same
// check as `v.record(v.string(), …)`, without zod's record code in every browser bundle (~600 B).
const countsById = v.catchall(v.object({}), v.number());
const facetEntry = v.object({ id: v.number(), label: v.optional(v.string()), count: v.optional(v.number()) });

export const SkuListMetaSchema = v.object({
  pagination: v.optional(PaginationSchema),
  /** The order method in use. */
  ordered_by: v.optional(v.nullable(v.string())),
  /** `{ method: label }`: the values `order_by` accepts here (since 3.2.0). */
  order_by_methods: v.optional(v.catchall(v.object({}), v.string())),
  /** With `include_meta: ['available_filters']`: matching SKU counts per filter, manufacturer and shop id. */
  available_filters: v.optional(
    v.object({
      filters: v.optional(countsById),
      manufacturers: v.optional(countsById),
      shops: v.optional(countsById),
      availabilities: v.optional(v.array(facetEntry)),
      distances: v.optional(v.array(facetEntry)),
    }),
  ),
  /** With `include_meta: ['applied_filters']`. */
  applied_filters: v.optional(
    v.object({
      filters: v.optional(v.array(v.number())),
      manufacturers: v.optional(v.array(v.number())),
      shops: v.optional(v.array(v.number())),
    }),
  ),
});
export type SkuListMeta = v.infer<typeof SkuListMetaSchema>;

export const SkuListSchema = v.object({ skus: v.array(SkuSchema), meta: SkuListMetaSchema });
export type SkuList = v.infer<typeof SkuListSchema>;
