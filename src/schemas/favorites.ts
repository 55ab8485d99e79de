import * as v from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';

export const FavoriteSchema = v.object({
  id: v.number(),
  /** Null after the favorite was moved with `new_list_name`. */
  have_it: v.nullable(v.boolean()),
  user_id: v.number(),
  user_notes: v.optional(nullableString()),
  /** Null when blank (rule 2): the SKU may be gone. */
  sku_id: nullableNumber(),
  created_at: v.string(),
  updated_at: v.string(),
  // Untyped in the spec ("can be null or absent"); recorded as null or a decimal string ("19.11").
  get_absolute_threshold: v.optional(v.unknown()),
  /** Null for owned favorites; absent from every recording. */
  favorite_list_id: v.optional(v.nullable(v.number())),
});
export type Favorite = v.infer<typeof FavoriteSchema>;

export const FavoriteEnvelopeSchema = v.object({ favorite: FavoriteSchema });
export type FavoriteEnvelope = v.infer<typeof FavoriteEnvelopeSchema>;

/**
 * GET /favorites, /favorite_lists/:id/favorites, /categories/:id/favorites, /skus/:id/favorite.
 * (`FavoriteListSchema` is the favorite-list resource, hence this name.)
 */
export const FavoritesSchema = v.object({
  favorites: v.array(FavoriteSchema),
  // GET /skus/:id/favorite (recorded, not in the spec) answers `{favorites}` alone.
  meta: v.optional(ListMetaSchema),
});
export type Favorites = v.infer<typeof FavoritesSchema>;

export const FavoriteListSchema = v.object({
  /** Negative for an auto list (one per category, created with a favorite added without a list). */
  id: v.number(),
  name: v.string(),
  /** On creation. */
  category_id: v.optional(v.nullable(v.number())),
  /** On creation: `custom`. */
  type: v.optional(v.string()),
});
export type FavoriteList = v.infer<typeof FavoriteListSchema>;

export const FavoriteListEnvelopeSchema = v.object({ favorite_list: FavoriteListSchema });
export type FavoriteListEnvelope = v.infer<typeof FavoriteListEnvelopeSchema>;

/** GET /favorite_lists. */
export const FavoriteListListSchema = v.object({
  favorite_lists: v.array(FavoriteListSchema),
  meta: ListMetaSchema,
});
export type FavoriteListList = v.infer<typeof FavoriteListListSchema>;
