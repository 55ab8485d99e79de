import { presentShop } from '../present/shop.js';
import type { RouteDef } from '../router.js';
import { findShop } from './lookup.js';

export const shopRoutes: RouteDef[] = [
  {
    id: 'shop',
    method: 'GET',
    path: '/shops/:id',
    handler: (ctx) => ({ body: { shop: presentShop(findShop(ctx), ctx.version) } }),
  },
];
