import { requestParams, rootedParam } from '../http/body.js';
import { paginate } from '../http/pagination.js';
import { presentFavoriteList } from '../present/favorite.js';
import type { RouteDef } from '../router.js';
import { createCustomList, deleteList } from '../users/favorite-lists.js';
import { accountOf, categoryOfSku, FAVORITES_SCOPE, findFavoriteList, stampNow } from './account.js';

export const favoriteListRoutes: RouteDef[] = [
  {
    id: 'favorite_lists',
    method: 'GET',
    path: '/favorite_lists',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: (ctx) => {
      // Custom and auto lists in creation order; the owned "list" is virtual and not listed.
      const page = paginate(accountOf(ctx).lists, ctx.query);
      return {
        body: {
          favorite_lists: page.items.map((list) => presentFavoriteList(list)),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'revalidate',
      };
    },
  },
  {
    id: 'favorite_list_create',
    method: 'POST',
    path: '/favorite_lists',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: async (ctx) => {
      const params = await requestParams(ctx.request, ctx.url);
      const name = rootedParam(params, 'favorite_list', 'name') ?? '';
      const list = createCustomList(ctx.state.users, accountOf(ctx), name);
      return { status: 201, body: { favorite_list: presentFavoriteList(list, { created: true }) } };
    },
  },
  {
    id: 'favorite_list_destroy',
    method: 'DELETE',
    path: '/favorite_lists/:id',
    scope: FAVORITES_SCOPE,
    userToken: true,
    handler: (ctx) => {
      const account = accountOf(ctx);
      deleteList(account, findFavoriteList(ctx, account), (skuId) => categoryOfSku(ctx, skuId), stampNow());
      return { status: 204, body: null };
    },
  },
];
