import { applyFieldsets } from '../http/fieldsets.js';
import { presentProduct, presentShop } from '../present/shop.js';
import type { RouteDef } from '../router.js';
import { embeds, findProduct } from './lookup.js';

export const productRoutes: RouteDef[] = [
  {
    id: 'product',
    method: 'GET',
    path: '/products/:id',
    handler: (ctx) => {
      const product = findProduct(ctx);
      const shop = ctx.catalog.index.shop.get(product.shop_id);
      const body = {
        ...presentProduct(product, ctx.version),
        ...(embeds(ctx.query).includes('shop') && shop ? { shop: presentShop(shop, ctx.version) } : {}),
      };
      return { body: { product: applyFieldsets(body, ctx.query, ctx.version, ['shop']) } };
    },
  },
];
