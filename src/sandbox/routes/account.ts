import { athensTime } from '../data/timestamps.js';
import type { CategoryRecord } from '../data/types.js';
import type { FavoriteListRecord, FavoriteRecord } from '../data/user-types.js';
import { HttpError, notFound } from '../http/http-error.js';
import type { RouteContext } from '../router.js';
import type { FavoriteSubject } from '../users/favorite-rules.js';
import type { Account } from '../users/user-book.js';

/** What the favorites endpoints and `GET /categories/:id/favorites` need (spec, Permissions). */
export const FAVORITES_SCOPE = 'favorites';
export const NOTIFICATIONS_SCOPE = 'notifications';

/** The records of the user behind the token; the route's `userToken` flag has vouched for one. */
export function accountOf(ctx: RouteContext): Account {
  const userId = ctx.token.userId;
  if (ctx.token.kind !== 'user' || userId === undefined)
    throw new HttpError(403, 'UserTokenRequired', 'This resource needs a user token');
  return ctx.state.users.account(userId);
}

/** `Date.now()` as the service stamps a record it writes. */
export function stampNow(): string {
  return athensTime(Date.now());
}

/** An id in the path; auto lists have negative ones. Anything else cannot exist: 404. */
function pathId(ctx: RouteContext, param: string, model: string): number {
  const raw = ctx.params[param] ?? '';
  if (!/^-?\d+$/.test(raw)) throw notFound(model, raw);
  return Number(raw);
}

/** One of the user's favorites; another user's is as missing as an unknown one. */
export function findFavorite(ctx: RouteContext, account: Account, param = 'id'): FavoriteRecord {
  const id = pathId(ctx, param, 'Favorite');
  const favorite = account.favorites.find((f) => f.id === id);
  if (!favorite) throw notFound('Favorite', id);
  return favorite;
}

export function findFavoriteList(ctx: RouteContext, account: Account, param = 'id'): FavoriteListRecord {
  const id = pathId(ctx, param, 'FavoriteList');
  const list = account.lists.find((l) => l.id === id);
  if (!list) throw notFound('FavoriteList', id);
  return list;
}

/** The leaf category of a SKU of the seed; every SKU has one. */
export function categoryOfSku(ctx: RouteContext, skuId: number): CategoryRecord {
  const sku = ctx.catalog.index.sku.get(skuId);
  const category = sku && ctx.catalog.index.category.get(sku.category_id);
  if (!category) throw notFound('Sku', skuId);
  return category;
}

export function subjectOf(ctx: RouteContext, skuId: number): FavoriteSubject {
  const sku = ctx.catalog.index.sku.get(skuId);
  if (!sku) throw notFound('Sku', skuId);
  return { sku, category: categoryOfSku(ctx, skuId) };
}
