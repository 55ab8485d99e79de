import type { Engine } from '../core/call/engine.js';
import { InvalidRequestError } from '../core/errors.js';
import * as ROWS from '../endpoints/favorites.js';
import type { Favorite, FavoriteList, FavoriteListList, Favorites } from '../schemas/favorites.js';
import {
  call,
  id,
  list,
  listId,
  type OrderDir,
  type PageParams,
  type RequestOptions,
  type Target,
} from './shared.js';
import { write } from './write.js';

export interface FavoritesListParams extends PageParams {
  /** `true`: only owned favorites (`have_it`), which the default list leaves out. */
  owned?: boolean | undefined;
  /** `asc` for oldest first; the default is newest first. */
  order_dir?: OrderDir | undefined;
}

/** Where a new or moved favorite goes: an existing list, or a custom list made by name if absent. */
export type FavoritePlacement =
  | { favorite_list_id?: number | undefined; new_list_name?: undefined }
  | { new_list_name: string; favorite_list_id?: undefined };

export type FavoriteCreateParams = { sku_id: number } & FavoritePlacement;

/**
 * `have_it: true` makes the favorite owned and list-less (a list id sent with it is ignored by the
 * server); `favorite_list_id` moves it; `new_list_name` moves it to that custom list.
 */
export type FavoriteUpdateParams = { have_it?: boolean | undefined } & FavoritePlacement;

function checkPlacement(params: FavoritePlacement): void {
  if (params.favorite_list_id !== undefined && params.new_list_name !== undefined) {
    throw new InvalidRequestError(
      'give favorite_list_id or new_list_name, not both',
      'InvalidParam',
      'new_list_name',
    );
  }
  if (params.favorite_list_id !== undefined) listId(params.favorite_list_id);
  if (params.new_list_name !== undefined && params.new_list_name.trim() === '') {
    throw new InvalidRequestError('new_list_name must not be empty', 'InvalidParam', 'new_list_name');
  }
}

/** Wire body of a favorite write: `{ favorite: {...}, favorite_list_id?, new_list_name? }`. */
function favoriteBody(favorite: Record<string, unknown>, placement: FavoritePlacement) {
  return {
    favorite,
    ...(placement.favorite_list_id !== undefined && { favorite_list_id: placement.favorite_list_id }),
    ...(placement.new_list_name !== undefined && { new_list_name: placement.new_list_name }),
  };
}

const pickFavorite = (b: { favorite: Favorite }) => b.favorite;

/** The signed-in user's favorites and favorite lists (user token with the `favorites` scope). */
export function favoritesResource(engine: Engine) {
  const favoritesOf = (to: Target, params?: PageParams & object, options?: RequestOptions) =>
    list<Favorite, Favorites>(engine, { ...to, items: (b) => b.favorites, params, options });

  return {
    /** GET /favorites: owned favorites are left out unless `owned: true`. */
    list: (params?: FavoritesListParams, options?: RequestOptions) =>
      favoritesOf({ row: ROWS.list }, params, options),
    /**
     * GET /skus/:id/favorite (recorded, not in the spec): the user's favorites of one SKU, an
     * empty array when the SKU is not a favorite. The answer is `{ favorites }` with no `meta`.
     */
    forSku: (skuId: number, options?: RequestOptions) =>
      call(engine, {
        row: ROWS.forSku,
        ids: [skuId],
        select: (b: { favorites: Favorite[] }) => b.favorites,
        options,
      }),
    /** GET /favorites/:id */
    get: (favoriteId: number, options?: RequestOptions) =>
      call(engine, {
        row: ROWS.get,
        ids: [favoriteId],
        select: pickFavorite,
        options,
      }),
    /** POST /favorites: without a list it lands in the auto list of the SKU's category. */
    create: (params: FavoriteCreateParams, options?: RequestOptions) =>
      write(engine, {
        row: ROWS.create,
        input: params,
        check: () => {
          id(params?.sku_id, 'sku_id');
          checkPlacement(params);
        },
        body: params && favoriteBody({ sku_id: params.sku_id }, params),
        select: pickFavorite,
        options,
      }),
    /** PUT /favorites/:id */
    update: (favoriteId: number, params: FavoriteUpdateParams, options?: RequestOptions) =>
      write(engine, {
        row: ROWS.update,
        ids: [favoriteId],
        input: params,
        check: () => {
          checkPlacement(params ?? {});
          if (params?.have_it !== undefined && typeof params.have_it !== 'boolean') {
            throw new InvalidRequestError('have_it must be a boolean', 'InvalidParam', 'have_it');
          }
        },
        body: params && favoriteBody(params.have_it === undefined ? {} : { have_it: params.have_it }, params),
        select: pickFavorite,
        options,
      }),
    /** DELETE /favorites/:id */
    delete: (favoriteId: number, options?: RequestOptions) =>
      write<void>(engine, {
        row: ROWS.remove,
        ids: [favoriteId],
        options,
      }),
    /** GET /categories/:id/favorites: the user's favorites in one category. */
    inCategory: (categoryId: number, params?: PageParams, options?: RequestOptions) =>
      favoritesOf({ row: ROWS.inCategory, ids: [categoryId] }, params, options),

    lists: {
      /** GET /favorite_lists: custom and auto lists (auto lists have negative ids). */
      list: (params?: PageParams, options?: RequestOptions) =>
        list<FavoriteList, FavoriteListList>(engine, {
          row: ROWS.listsList,
          items: (b) => b.favorite_lists,
          params,
          options,
        }),
      /** POST /favorite_lists: a custom list; a name already taken gets the server's error. */
      create: (params: { name: string }, options?: RequestOptions) =>
        write(engine, {
          row: ROWS.listsCreate,
          input: params,
          check: () => {
            if (typeof params?.name !== 'string' || params.name.trim() === '') {
              throw new InvalidRequestError('a favorite list needs a name', 'InvalidParam', 'name');
            }
          },
          body: { favorite_list: { name: params?.name } },
          select: (b: { favorite_list: FavoriteList }) => b.favorite_list,
          options,
        }),
      /** DELETE /favorite_lists/:id */
      delete: (favoriteListId: number, options?: RequestOptions) =>
        write<void>(engine, {
          row: ROWS.listsDelete,
          ids: [favoriteListId],
          options,
        }),
      /** GET /favorite_lists/:id/favorites */
      favorites: (favoriteListId: number, params?: PageParams, options?: RequestOptions) =>
        favoritesOf({ row: ROWS.listsFavorites, ids: [favoriteListId] }, params, options),
    },
  };
}

export type FavoritesResource = ReturnType<typeof favoritesResource>;
