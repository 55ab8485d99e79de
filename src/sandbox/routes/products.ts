import { liveProduct } from '../catalog/live.js';
import { applyFieldsets, applyFieldsetsToList } from '../http/fieldsets.js';
import { invalidParameter } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { paginate } from '../http/pagination.js';
import { presentProduct, presentShop } from '../present/shop.js';
import type { RouteContext, RouteDef } from '../router.js';
import { embeds, findProduct, findShop } from './lookup.js';

/**
 * `meta.personalization` of a product, as recorded: the signed-in user's delivery location (their
 * first address) and payment method, what `blp` is computed for. Only with `blp`, for a user with
 * an address; an application token has no user, so no meta.
 */
function personalization(ctx: RouteContext, withBlp: boolean): JsonObject | undefined {
  const userId = ctx.token.kind === 'user' ? ctx.token.userId : undefined;
  if (userId === undefined || !withBlp) return undefined;
  const address = ctx.state.users.account(userId).addresses[0];
  if (!address) return undefined;
  return {
    location: {
      address_id: address.id,
      label: address.full,
      lat: address.lat,
      lng: address.lng,
      type: 'address',
      country_code: 'GR',
    },
    payment_method: { type: 'spot_cash' },
  };
}

export const productRoutes: RouteDef[] = [
  {
    id: 'product',
    method: 'GET',
    path: '/products/:id',
    handler: (ctx) => {
      const product = liveProduct(ctx.state, findProduct(ctx));
      const shop = ctx.catalog.index.shop.get(product.shop_id);
      const body = {
        ...presentProduct(product, ctx.version, { alone: true }),
        // `embed_ids` gives "an array of ids" (spec, Linked resources), named after the
        // association: `shop_ids: [shop_id]`, even for this one-to-one link.
        ...(embeds(ctx.query, 'embed_ids').includes('shop') ? { shop_ids: [product.shop_id] } : {}),
        ...(embeds(ctx.query).includes('shop') && shop ? { shop: presentShop(shop, ctx.version) } : {}),
      };
      const meta = personalization(ctx, 'blp' in body);
      return {
        body: {
          product: applyFieldsets(body, ctx.query, ctx.version, ['shop']),
          ...(meta ? { meta: { personalization: meta } } : {}),
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
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'fresh',
      };
    },
  },
];
