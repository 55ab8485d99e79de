import { liveProducts, liveSku } from '../catalog/live.js';
import { priceHistory } from '../catalog/price-history.js';
import { productCardGroups, skuColor } from '../catalog/product-cards.js';
import { shopNearestKm } from '../catalog/sku-facts.js';
import { applyFieldsetsToList } from '../http/fieldsets.js';
import { invalidParameter } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { paginate } from '../http/pagination.js';
import { intParam } from '../http/params.js';
import { presentProduct } from '../present/product.js';
import { presentProductCard } from '../present/product-card.js';
import type { RouteContext, RouteDef } from '../router.js';
import { paramSupported, shapeFor } from '../versions/contract.js';
import { findSku } from './lookup.js';
import { withPersonalization } from './personalization.js';

const TRUE = ['true', '1'];
/** A SKU's offers are listed cheapest first, the one order they have (`meta.order_by_methods`, 3.2.0). */
const OFFER_ORDERS: Readonly<Record<string, string>> = { price: 'Αύξουσα τιμή' };

/** The `meta` of a list of offers: its order from 3.2.0 (older versions strip it), and any more. */
function offersMeta(ctx: RouteContext, more: JsonObject = {}) {
  return shapeFor(
    'ordered_list_meta',
    { ordered_by: 'price', order_by_methods: { ...OFFER_ORDERS }, ...more },
    ctx.version,
  );
}
const FALSE = ['false', '0'];

/** The product-list filters of 3.2.1; older versions ignore them. */
function productFilters(ctx: RouteContext) {
  const supported = (param: string): boolean => paramSupported('sku_products', param, ctx.version);
  const zero = supported('zero_installments') ? ctx.query.get('zero_installments') : null;
  if (zero !== null && zero !== '' && !TRUE.includes(zero) && !FALSE.includes(zero))
    throw invalidParameter('zero_installments', 'must be true or false');
  const size = supported('size') ? ctx.query.get('size') : null;
  return {
    size: size === '' ? null : size,
    distance: supported('distance') ? intParam(ctx.query, 'distance') : undefined,
    availability: supported('availability') ? intParam(ctx.query, 'availability') : undefined,
    zeroInstallments: zero !== null && TRUE.includes(zero),
  };
}

/** The history ends at the prices as they stand now, those a test set included. */
function priceHistoryOf(ctx: RouteContext) {
  const sku = liveSku(ctx.state, findSku(ctx));
  return priceHistory(ctx.catalog, ctx.state.options.seed, sku, Date.now(), liveProducts(ctx.state, sku.id));
}

export const skuOfferRoutes: RouteDef[] = [
  {
    id: 'sku_products',
    method: 'GET',
    path: '/skus/:id/products',
    handler: (ctx) => {
      const sku = findSku(ctx);
      const filters = productFilters(ctx);
      // A future SKU has no products yet; the index simply holds none for it.
      const products = liveProducts(ctx.state, sku.id)
        .filter((p) => filters.size === null || p.sizes.includes(filters.size))
        .filter((p) => filters.availability === undefined || p.availability_id <= filters.availability)
        .filter(
          (p) => filters.distance === undefined || shopNearestKm(ctx.catalog, p.shop_id) <= filters.distance,
        )
        // Zero installments: only shops that offer interest-free installments (a non-empty text).
        .filter(
          (p) =>
            !filters.zeroInstallments ||
            Boolean(ctx.catalog.index.shop.get(p.shop_id)?.payment_methods.installments),
        )
        .sort((a, b) => a.price - b.price || a.id - b.id);
      const page = paginate(products, ctx.query);
      return {
        body: {
          products: applyFieldsetsToList(
            page.items.map((p) => presentProduct(p, ctx.version)),
            ctx.query,
            ctx.version,
          ),
          // Cheapest first, always.
          meta: withPersonalization(ctx, offersMeta(ctx, { pagination: { ...page.pagination } })),
        },
        pagination: page.pagination,
      };
    },
  },
  {
    id: 'sku_product_cards',
    method: 'GET',
    path: '/skus/:id/product_cards',
    handler: (ctx) => {
      const sku = findSku(ctx);
      const color = skuColor(ctx.catalog, sku);
      const groups = productCardGroups(liveProducts(ctx.state, sku.id)).map((cards) => ({
        cards: cards.flatMap((card) => {
          const shop = ctx.catalog.index.shop.get(card.shopId);
          return shop ? [presentProductCard(card, shop, ctx.version, color)] : [];
        }),
      }));
      // Cards are ordered as the products are, cheapest first; 3.0 and 3.1 say nothing of it.
      const meta = withPersonalization(ctx, offersMeta(ctx));
      return { body: { product_cards: groups, ...(Object.keys(meta).length > 0 ? { meta } : {}) } };
    },
  },
  {
    id: 'sku_price_history',
    method: 'GET',
    path: '/skus/:id/price_history',
    handler: (ctx) => ({
      body: {
        history: {
          ...priceHistoryOf(ctx),
        },
      },
    }),
  },
];
