import { endSession } from '../auth/user-tokens.js';
import { AVATAR_PRESETS, presetUrl } from '../data/avatars.js';
import { requestParams } from '../http/body.js';
import { paginate } from '../http/pagination.js';
import { presentSavedOrder, presentUser } from '../present/user.js';
import type { RouteContext, RouteDef, RouteResult } from '../router.js';
import { patchProfile } from '../users/profile-input.js';
import type { Account } from '../users/user-book.js';
import { accountOf } from './account.js';

function userBody(ctx: RouteContext, account: Account): RouteResult['body'] {
  const count = ctx.state.reviews.countBy(account.profile.id);
  return { user: presentUser(account.profile, count, ctx.version) };
}

/**
 * `/user/**` needs a user token and no particular scope (the spec names none). Not gated by
 * version, though the changelog dates profile update and saved orders to 3.2.0: recorded calls
 * of that family were answered under 3.1.
 */
export const userRoutes: RouteDef[] = [
  {
    id: 'user',
    method: 'GET',
    path: '/user',
    scope: null,
    userToken: true,
    handler: (ctx) => ({ body: userBody(ctx, accountOf(ctx)), cache: 'revalidate' }),
  },
  {
    id: 'user_update',
    method: 'PATCH',
    path: '/user',
    scope: null,
    userToken: true,
    handler: async (ctx) => {
      const account = accountOf(ctx);
      const params = await requestParams(ctx.request, ctx.url);
      const others = ctx.state.users
        .userIds()
        .filter((id) => id !== account.profile.id)
        .map((id) => ctx.state.users.account(id).profile.username);
      account.profile = patchProfile(account.profile, params, {
        takenUsernames: new Set(others),
        year: new Date(Date.now()).getUTCFullYear(),
      });
      return { body: userBody(ctx, account) };
    },
  },
  {
    id: 'user_avatars',
    method: 'GET',
    path: '/user/avatars',
    scope: null,
    userToken: true,
    handler: () => ({ body: { avatars: AVATAR_PRESETS.map(presetUrl) }, cache: 'revalidate' }),
  },
  {
    id: 'user_saved_orders',
    method: 'GET',
    path: '/user/saved_orders',
    scope: null,
    userToken: true,
    handler: (ctx) => {
      const orders = [...ctx.state.users.savedOrders(accountOf(ctx).profile.id)].reverse();
      const page = paginate(orders, ctx.query);
      return {
        // Newest first.
        body: {
          saved_orders: page.items.map(presentSavedOrder),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'revalidate',
      };
    },
  },
  {
    id: 'user_logout',
    method: 'DELETE',
    path: '/user/logout',
    scope: null,
    userToken: true,
    handler: (ctx) => {
      endSession(ctx.state, ctx.token);
      // As recorded: 200 with an empty body, typed JSON anyway.
      return { status: 200, body: null, headers: { 'Content-Type': 'application/json' } };
    },
  },
];
