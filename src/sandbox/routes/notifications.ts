import { liveSku } from '../catalog/live.js';
import type { NotificationRecord } from '../data/user-types.js';
import { requestParams } from '../http/body.js';
import { invalidParameter, notFound } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { paginate } from '../http/pagination.js';
import { listParam } from '../http/params.js';
import { presentNotification } from '../present/notification.js';
import type { RouteContext, RouteDef } from '../router.js';
import { markViewed, newestFirst } from '../users/notifications.js';
import { accountOf, NOTIFICATIONS_SCOPE, stampNow } from './account.js';

function present(ctx: RouteContext, notification: NotificationRecord): JsonObject {
  const seeded = ctx.catalog.index.sku.get(notification.eventable_id);
  const sku = seeded && liveSku(ctx.state, seeded);
  return presentNotification(notification, {
    sku,
    categoryName: sku && ctx.catalog.index.category.get(sku.category_id)?.name,
  });
}

export const notificationRoutes: RouteDef[] = [
  {
    id: 'notifications',
    method: 'GET',
    path: '/notifications',
    scope: NOTIFICATIONS_SCOPE,
    userToken: true,
    handler: (ctx) => {
      const page = paginate(newestFirst(accountOf(ctx)), ctx.query);
      return {
        body: {
          notifications: page.items.map((n) => present(ctx, n)),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'revalidate',
      };
    },
  },
  {
    id: 'notification',
    method: 'GET',
    path: '/notifications/:id',
    scope: NOTIFICATIONS_SCOPE,
    userToken: true,
    handler: (ctx) => {
      const raw = ctx.params.id ?? '';
      const notification = /^\d+$/.test(raw)
        ? accountOf(ctx).notifications.find((n) => n.id === Number(raw))
        : undefined;
      if (!notification) throw notFound('Notification', raw);
      return { body: { notification: present(ctx, notification) }, cache: 'revalidate' };
    },
  },
  {
    id: 'notifications_view',
    method: 'POST',
    path: '/notifications/view',
    scope: NOTIFICATIONS_SCOPE,
    userToken: true,
    handler: async (ctx) => {
      // `{"ids": [1, 2]}` flattens to `ids[]`; the query may carry `ids[]=1` or `ids=1,2`.
      const raw = listParam(await requestParams(ctx.request, ctx.url), 'ids');
      if (raw.length === 0) throw invalidParameter('ids', 'is required: the notifications to mark viewed');
      const bad = raw.filter((id) => !/^\d+$/.test(id));
      if (bad.length > 0) throw invalidParameter('ids', `must hold integers, got ${bad.join(', ')}`);
      markViewed(accountOf(ctx), raw.map(Number), stampNow());
      return { status: 204, body: null };
    },
  },
];
