import type { FavoriteRecord } from '../data/user-types.js';
import { requestParams } from '../http/body.js';
import { invalidParameter } from '../http/http-error.js';
import { paginate } from '../http/pagination.js';
import { orderDir } from '../http/params.js';
import { presentFavorite } from '../present/favorite.js';
import type { RouteContext, RouteDef, RouteResult } from '../router.js';
import { createFavorite, updateFavorite } from '../users/favorite-rules.js';
import { atLeast } from '../versions/version.js';
import {
  accountOf,
  FAVORITES_SCOPE,
  findFavorite,
  findFavoriteList,
  stampNow,
  subjectOf,
} from './account.js';
import { readPlacement, readSkuId } from './favorite-input.js';
import { findCategory, findSku } from './lookup.js';

/** Creation order (ids grow with it); `order_dir` flips it. */
function ordered(favorites: readonly FavoriteRecord[], dir: 'asc' | 'desc'): FavoriteRecord[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...favorites].sort((a, b) => sign * (a.id - b.id));
}

function favoriteList(
  ctx: RouteContext,
  favorites: readonly FavoriteRecord[],
  dir: 'asc' | 'desc',
): RouteResult {
  const page = paginate(ordered(favorites, orderDir(ctx.query, dir)), ctx.query);
  return {
    body: { favorites: page.items.map(presentFavorite), meta: { pagination: { ...page.pagination } } },
    pagination: page.pagination,
    cache: 'revalidate',
  };
}

/**
 * `owned=true`: owned favorites only; otherwise, since 3.2.0, owned ones are left out (spec,
 * Contract changes); older versions list them with the rest.
 */
function ownedFilter(ctx: RouteContext): (favorite: FavoriteRecord) => boolean {
  const owned = ctx.query.get('owned');
  if (owned !== null && owned !== '' && !['true', 'false', '1', '0'].includes(owned))
    throw invalidParameter('owned', 'must be true or false');
  if (owned === 'true' || owned === '1') return (f) => f.have_it === true;
  if (!atLeast(ctx.version, '3.2.0')) return () => true;
  return (f) => f.have_it !== true;
}

export const favoriteRoutes: RouteDef[] = [
  {
    id: 'favorites',
    method: 'GET',
    path: '/favorites',
    scope: FAVORITES_SCOPE,
    userToken: true,
    // Newest first unless `order_dir=asc`.
    handler: (ctx) => favoriteList(ctx, accountOf(ctx).favorites.filter(ownedFilter(ctx)), 'desc'),
  },
  {
    id: 'favorite_list_favorites',
    method: 'GET',
    path: '/favorite_lists/:id/favorites',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: (ctx) => {
      const account = accountOf(ctx);
      const list = findFavoriteList(ctx, account);
      // Oldest first, as the recorded list answer is.
      return favoriteList(
        ctx,
        account.favorites.filter((f) => f.favorite_list_id === list.id),
        'asc',
      );
    },
  },
  {
    id: 'category_favorites',
    method: 'GET',
    path: '/categories/:id/favorites',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: (ctx) => {
      const category = findCategory(ctx);
      const prefix = `${category.path},`;
      // SKUs sit in leaves: a parent category answers for its whole subtree. Owned ones count.
      const inside = (favorite: FavoriteRecord): boolean => {
        const sku = ctx.catalog.index.sku.get(favorite.sku_id);
        const leaf = sku && ctx.catalog.index.category.get(sku.category_id);
        return leaf !== undefined && (leaf.id === category.id || leaf.path.startsWith(prefix));
      };
      return favoriteList(ctx, accountOf(ctx).favorites.filter(inside), 'desc');
    },
  },
  {
    id: 'sku_favorite',
    method: 'GET',
    path: '/skus/:id/favorite',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: (ctx) => {
      const sku = findSku(ctx);
      // As recorded: `{favorites: [...]}`, the user's favorite of this SKU if any, no meta.
      const favorites = accountOf(ctx).favorites.filter((f) => f.sku_id === sku.id);
      return { body: { favorites: favorites.map(presentFavorite) }, cache: 'revalidate' };
    },
  },
  {
    id: 'favorite',
    method: 'GET',
    path: '/favorites/:id',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: (ctx) => ({
      body: { favorite: presentFavorite(findFavorite(ctx, accountOf(ctx))) },
      cache: 'revalidate',
    }),
  },
  {
    id: 'favorite_create',
    method: 'POST',
    path: '/favorites',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: async (ctx) => {
      const account = accountOf(ctx);
      const params = await requestParams(ctx.request, ctx.url);
      const subject = subjectOf(ctx, readSkuId(params));
      const favorite = createFavorite(ctx.state.users, account, subject, readPlacement(params), stampNow());
      return { status: 201, body: { favorite: presentFavorite(favorite) } };
    },
  },
  {
    id: 'favorite_update',
    method: 'PUT',
    path: '/favorites/:id',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: async (ctx) => {
      const account = accountOf(ctx);
      const favorite = findFavorite(ctx, account);
      const params = await requestParams(ctx.request, ctx.url);
      updateFavorite(
        ctx.state.users,
        account,
        favorite,
        subjectOf(ctx, favorite.sku_id),
        readPlacement(params),
        stampNow(),
      );
      return { body: { favorite: presentFavorite(favorite) } };
    },
  },
  {
    id: 'favorite_destroy',
    method: 'DELETE',
    path: '/favorites/:id',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: (ctx) => {
      const account = accountOf(ctx);
      const favorite = findFavorite(ctx, account);
      account.favorites = account.favorites.filter((f) => f !== favorite);
      return { status: 204, body: null };
    },
  },
];
