import { applyFieldsets, applyFieldsetsToList } from '../http/fieldsets.js';
import { paginate } from '../http/pagination.js';
import { presentLocation } from '../present/shop.js';
import type { RouteDef } from '../router.js';
import { embeds, findLocation, findShop } from './lookup.js';

export const shopLocationRoutes: RouteDef[] = [
  {
    id: 'shop_locations',
    method: 'GET',
    path: '/shops/:shop_id/locations',
    handler: (ctx) => {
      const shop = findShop(ctx, 'shop_id');
      const embedAddress = embeds(ctx.query).includes('address');
      const page = paginate(ctx.catalog.index.locationsByShop.get(shop.id) ?? [], ctx.query);
      return {
        body: {
          locations: applyFieldsetsToList(
            page.items.map((location) => presentLocation(location, { embedAddress })),
            ctx.query,
            ctx.version,
            ['address'],
          ),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'long',
      };
    },
  },
  {
    id: 'shop_location',
    method: 'GET',
    path: '/shops/:shop_id/locations/:id',
    handler: (ctx) => {
      const location = findLocation(ctx, findShop(ctx, 'shop_id'));
      const body = presentLocation(location, { embedAddress: embeds(ctx.query).includes('address') });
      return { body: { location: applyFieldsets(body, ctx.query, ctx.version, ['address']) }, cache: 'long' };
    },
  },
];
