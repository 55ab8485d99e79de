import { type BulkCategory, bulkSku } from '../catalog/bulk.js';
import { readSkuFilters } from '../catalog/sku-listing.js';
import type { CategoryRecord } from '../data/types.js';
import { invalidParameter } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { pageWindow } from '../http/pagination.js';
import { listParam, orderDir } from '../http/params.js';
import { presentSku } from '../present/sku.js';
import type { RouteContext, RouteResult } from '../router.js';
import { shapeFor } from '../versions/contract.js';
import { orderBy } from './lookup.js';

/**
 * `/categories/:id/skus` of the bulk (load-test) category: only the asked page is generated.
 * One order, `newest` (by id, newest first; `order_dir=asc` turns it round); filters and
 * `include_meta` are refused with a 400 rather than silently ignored.
 */
export function bulkSkuList(ctx: RouteContext, category: CategoryRecord, bulk: BulkCategory): RouteResult {
  const filters = readSkuFilters(ctx.query, ctx.version, 'category_skus');
  const refused = [
    filters.filterIds.length > 0 && 'filter_ids',
    filters.manufacturerIds.length > 0 && 'manufacturer_ids',
    filters.shopIds.length > 0 && 'shop_ids',
    filters.q.length > 0 && 'q',
    filters.distance !== undefined && 'distance',
    filters.availability !== undefined && 'availability',
    listParam(ctx.query, 'include_meta').length > 0 && 'include_meta',
  ].find((name) => name !== false);
  if (refused) throw invalidParameter(refused, 'is not supported by the load-test category');
  const method = orderBy(ctx.query, Object.keys(category.order_by_methods), category.default_order_by);
  const ascending = orderDir(ctx.query, 'desc') === 'asc';
  const { start, end, pagination } = pageWindow(bulk.skus, ctx.query);
  const skus: JsonObject[] = [];
  for (let position = start; position < end; position++) {
    const i = ascending ? position : bulk.skus - 1 - position;
    const sku = bulkSku(ctx.catalog.data, ctx.state.options.seed, bulk, i);
    skus.push(presentSku(sku, ctx.version, { favorited: false }));
  }
  const meta: JsonObject = {
    ordered_by: method,
    order_by_methods: { ...category.order_by_methods },
    pagination: { ...pagination },
  };
  return {
    body: { skus, meta: shapeFor('sku_list_meta', meta, ctx.version) },
    pagination,
    autoLink: false,
    cache: 'fresh',
  };
}
