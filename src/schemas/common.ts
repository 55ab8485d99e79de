import * as v from 'zod/mini';

/** `meta.pagination` of every list answer. */
export const PaginationSchema = v.object({
  total_results: v.number(),
  total_pages: v.number(),
  page: v.number(),
  per: v.number(),
});
export type PaginationMeta = v.infer<typeof PaginationSchema>;

/** `meta` of a plain list answer (search answers may carry no pagination). */
export const ListMetaSchema = v.object({ pagination: v.optional(PaginationSchema) });
export type ListMeta = v.infer<typeof ListMetaSchema>;

/** A string the spec types S that recordings also show as null ("blank fields are null"). */
export const nullableString = () => v.nullable(v.string());

/**
 * A number the spec types N that the API can blank (rule 2: "blank fields are returned as null"):
 * counts, prices, scores, and ids of other records that may be gone.
 */
export const nullableNumber = () => v.nullable(v.number());
