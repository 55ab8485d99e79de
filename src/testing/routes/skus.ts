import { shopNearestKm } from '../catalog/sku-facts.js';
import { invalidParameter } from '../http/http-error.js';
import { paginate } from '../http/pagination.js';
import { intParam } from '../http/params.js';
import { presentProduct } from '../present/shop.js';
import { presentSku } from '../present/sku.js';
import type { RouteContext, RouteDef } from '../router.js';
import { paramSupported } from '../versions/contract.js';
import { findSku } from './lookup.js';

/** The product-list filters of 3.2.1; older versions ignore them. */
function productFilters(ctx: RouteContext) {
  const supported = (param: string): boolean => paramSupported('sku_products', param, ctx.version);
  const zero = supported('zero_installments') ? ctx.query.get('zero_installments') : null;
  if (zero !== null && zero !== 'true' && zero !== 'false')
    throw invalidParameter('zero_installments', 'must be true or false');
  return {
    size: supported('size') ? ctx.query.get('size') : null,
    distance: supported('distance') ? intParam(ctx.query, 'distance') : undefined,
    availability: supported('availability') ? intParam(ctx.query, 'availability') : undefined,
    zeroInstallments: zero === 'true',
  };
}

export const skuRoutes: RouteDef[] = [
  {
    id: 'sku',
    method: 'GET',
    path: '/skus/:id',
    handler: (ctx) => ({ body: { sku: presentSku(findSku(ctx), ctx.version) } }),
  },
  {
    id: 'sku_products',
    method: 'GET',
    path: '/skus/:id/products',
    handler: (ctx) => {
      const sku = findSku(ctx);
      const filters = productFilters(ctx);
      // A future SKU has no products yet; the index simply holds none for it.
      const products = (ctx.catalog.index.productsBySku.get(sku.id) ?? [])
        .filter((p) => filters.size === null || p.sizes.includes(filters.size))
        .filter((p) => filters.availability === undefined || p.availability_id <= filters.availability)
        .filter(
          (p) => filters.distance === undefined || shopNearestKm(ctx.catalog, p.shop_id) <= filters.distance,
        )
        .filter(
          (p) =>
            !filters.zeroInstallments ||
            Boolean(ctx.catalog.index.shop.get(p.shop_id)?.payment_methods.installments),
        )
        .sort((a, b) => a.price - b.price || a.id - b.id);
      const page = paginate(products, ctx.query);
      return {
        body: {
          products: page.items.map((p) => presentProduct(p, ctx.version)),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
      };
    },
  },
];
