import type {
  CategoryRecord,
  ManufacturerRecord,
  ProductRecord,
  ShopRecord,
  SkuRecord,
} from '../data/types.js';
import { invalidParameter, notFound } from '../http/http-error.js';
import type { RouteContext } from '../router.js';

/** Record lookups by path param; an id that is not a number cannot exist either, so it is a 404 too. */
function find<T>(ctx: RouteContext, param: string, model: string, table: ReadonlyMap<number, T>): T {
  const raw = ctx.params[param] ?? '';
  const record = /^\d+$/.test(raw) ? table.get(Number(raw)) : undefined;
  if (record === undefined) throw notFound(model, raw);
  return record;
}

export const findCategory = (ctx: RouteContext, param = 'id'): CategoryRecord =>
  find(ctx, param, 'Category', ctx.catalog.index.category);
export const findManufacturer = (ctx: RouteContext, param = 'id'): ManufacturerRecord =>
  find(ctx, param, 'Manufacturer', ctx.catalog.index.manufacturer);
export const findSku = (ctx: RouteContext, param = 'id'): SkuRecord =>
  find(ctx, param, 'Sku', ctx.catalog.index.sku);
export const findProduct = (ctx: RouteContext, param = 'id'): ProductRecord =>
  find(ctx, param, 'Product', ctx.catalog.index.product);
export const findShop = (ctx: RouteContext, param = 'id'): ShopRecord =>
  find(ctx, param, 'Shop', ctx.catalog.index.shop);

/** `order_by` among the allowed methods; unknown ones are refused rather than silently ignored. */
export function orderBy(query: URLSearchParams, allowed: readonly string[], fallback: string): string {
  const raw = query.get('order_by');
  if (raw === null || raw === '') return fallback;
  if (!allowed.includes(raw)) throw invalidParameter('order_by', `must be one of ${allowed.join(', ')}`);
  return raw;
}

/** `embed=shop,address` (comma-separated or repeated). */
export function embeds(query: URLSearchParams, name = 'embed'): string[] {
  return [...query.getAll(name), ...query.getAll(`${name}[]`)]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim());
}
