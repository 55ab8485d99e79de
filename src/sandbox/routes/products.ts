import { liveProduct } from '../catalog/live.js';
import { applyFieldsets, applyFieldsetsToList } from '../http/fieldsets.js';
import { invalidParameter } from '../http/http-error.js';
import { paginate } from '../http/pagination.js';
import { presentProduct } from '../present/product.js';
import { presentShop } from '../present/shop.js';
import type { RouteDef } from '../router.js';
import { embeds, findProduct, findShop } from './lookup.js';
import { withPersonalization } from './personalization.js';

export const productRoutes: RouteDef[] = [
  {
    id: 'product',
    method: 'GET',
    path: '/products/:id',
    handler: (ctx) => {
      const product = liveProduct(ctx.state, findProduct(ctx));
      const shop = ctx.catalog.index.shop.get(product.shop_id);
      const body = {
        ...presentProduct(product, ctx.version),
        // `embed_ids` gives "an array of ids" (spec, Linked resources), named after the
        // association: `shop_ids: [shop_id]`, even for this one-to-one link.
        ...(embeds(ctx.query, 'embed_ids').includes('shop') ? { shop_ids: [product.shop_id] } : {}),
        ...(embeds(ctx.query).includes('shop') && shop ? { shop: presentShop(shop, ctx.version) } : {}),
      };
      const meta = withPersonalization(ctx, {});
      return {
        body: {
          product: applyFieldsets(body, ctx.query, ctx.version, ['shop']),
          ...(Object.keys(meta).length > 0 ? { meta } : {}),
        },
        cache: 'long',
      };
    },
  },
  {
    id: 'shop_products_search',
    method: 'GET',
    path: '/shops/:shop_id/products/search',
    handler: (ctx) => {
      const shop = findShop(ctx, 'shop_id');
      const uid = ctx.query.get('shop_uid');
      if (uid === null || uid === '') throw invalidParameter('shop_uid', 'is required');
      // Compared as text: "062276" and "62276" are different products of a shop.
      const products = (ctx.catalog.index.productsByShop.get(shop.id) ?? []).filter(
        (p) => p.shop_uid === uid,
      );
      const page = paginate(products, ctx.query);
      return {
        body: {
          products: applyFieldsetsToList(
            page.items.map((p) => presentProduct(liveProduct(ctx.state, p), ctx.version)),
            ctx.query,
            ctx.version,
          ),
          meta: withPersonalization(ctx, { pagination: { ...page.pagination } }),
        },
        pagination: page.pagination,
        cache: 'fresh',
      };
    },
  },
];
