import type { FavoriteListRecord, FavoriteRecord } from '../data/user-types.js';
import type { JsonObject } from '../http/json.js';

/** In the recorded field order; `favorite_list_id` (spec) after the recorded fields. */
export function presentFavorite(favorite: FavoriteRecord): JsonObject {
  return {
    id: favorite.id,
    have_it: favorite.have_it,
    user_id: favorite.user_id,
    user_notes: favorite.user_notes,
    sku_id: favorite.sku_id,
    created_at: favorite.created_at,
    updated_at: favorite.updated_at,
    get_absolute_threshold: favorite.get_absolute_threshold,
    favorite_list_id: favorite.favorite_list_id,
  };
}

/**
 * `GET /favorite_lists` shows `{id, name, category_id}` (the category of an auto list, null for a
 * custom one), as the real service answers; the answer to a create adds `type`.
 */
export function presentFavoriteList(
  list: FavoriteListRecord,
  options: { created?: boolean } = {},
): JsonObject {
  return {
    id: list.id,
    name: list.name,
    category_id: list.category_id,
    ...(options.created ? { type: list.type } : {}),
  };
}
