import * as z from 'zod/mini';
import { object } from './object.js';

/** `meta.pagination` of every list answer. */
export const PaginationSchema = object({
  total_results: z.number(),
  total_pages: z.number(),
  page: z.number(),
  per: z.number(),
});
export type PaginationMeta = z.infer<typeof PaginationSchema>;

/** `meta` of a plain list answer (search answers may carry no pagination). */
export const ListMetaSchema = object({ pagination: z.optional(PaginationSchema) });
export type ListMeta = z.infer<typeof ListMetaSchema>;

/** A string the spec types S that recordings also show as null ("blank fields are null"). */
export const nullableString = () => z.nullable(z.string());

/**
 * A number the spec types N that the API can blank (rule 2: "blank fields are returned as null"):
 * counts, prices, scores, and ids of other records that may be gone.
 */
export const nullableNumber = () => z.nullable(z.number());
