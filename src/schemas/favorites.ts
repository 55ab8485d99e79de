import * as z from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { object } from './object.js';

export const FavoriteSchema = object({
  id: z.number(),
  /** Null after the favorite was moved with `new_list_name`. */
  have_it: z.nullable(z.boolean()),
  user_id: z.number(),
  user_notes: z.optional(nullableString()),
  /** Null when blank (rule 2): the SKU may be gone. */
  sku_id: nullableNumber(),
  created_at: z.string(),
  updated_at: z.string(),
  // Untyped in the spec; recorded as null or a decimal string ("19.11").
  get_absolute_threshold: z.unknown(),
  /** Null for owned favorites; absent from every recording. */
  favorite_list_id: z.optional(z.nullable(z.number())),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

export const FavoriteEnvelopeSchema = object({ favorite: FavoriteSchema });
export type FavoriteEnvelope = z.infer<typeof FavoriteEnvelopeSchema>;

/**
 * GET /favorites, /favorite_lists/:id/favorites, /categories/:id/favorites, /skus/:id/favorite.
 * (`FavoriteListSchema` is the favorite-list resource, hence this name.)
 */
export const FavoritesSchema = object({
  favorites: z.array(FavoriteSchema),
  // GET /skus/:id/favorite (recorded, not in the spec) answers `{favorites}` alone.
  meta: z.optional(ListMetaSchema),
});
export type Favorites = z.infer<typeof FavoritesSchema>;

export const FavoriteListSchema = object({
  /** Negative for an auto list (one per category, created with a favorite added without a list). */
  id: z.number(),
  name: z.string(),
  /** On creation. */
  category_id: z.optional(z.nullable(z.number())),
  /** On creation: `custom`. */
  type: z.optional(z.string()),
});
export type FavoriteList = z.infer<typeof FavoriteListSchema>;

export const FavoriteListEnvelopeSchema = object({ favorite_list: FavoriteListSchema });
export type FavoriteListEnvelope = z.infer<typeof FavoriteListEnvelopeSchema>;

/** GET /favorite_lists. */
export const FavoriteListListSchema = object({
  favorite_lists: z.array(FavoriteListSchema),
  meta: ListMetaSchema,
});
export type FavoriteListList = z.infer<typeof FavoriteListListSchema>;
