import type {
  CategoryRecord,
  ManufacturerRecord,
  ProductRecord,
  ReviewFormRecord,
  ShopLocationRecord,
  ShopRecord,
  SkuRecord,
  SkuReviewRecord,
} from '../data/types.js';
import { invalidParameter, notFound } from '../http/http-error.js';
import { orderDir } from '../http/params.js';
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

/** A location of the given shop; another shop's location is as missing as an unknown one. */
export function findLocation(ctx: RouteContext, shop: ShopRecord, param = 'id'): ShopLocationRecord {
  const raw = ctx.params[param] ?? '';
  const locations = ctx.catalog.index.locationsByShop.get(shop.id) ?? [];
  const location = /^\d+$/.test(raw) ? locations.find((l) => l.id === Number(raw)) : undefined;
  if (location === undefined) throw notFound('Location', raw);
  return location;
}

/** A review of the given SKU as it stands in this sandbox (written, edited, deleted). */
export function findSkuReview(ctx: RouteContext, sku: SkuRecord, param = 'review_id'): SkuReviewRecord {
  const raw = ctx.params[param] ?? '';
  const review = /^\d+$/.test(raw) ? ctx.state.reviews.find(sku.id, Number(raw)) : undefined;
  if (review === undefined) throw notFound('SkuReview', raw);
  return review;
}

export function reviewFormOf(ctx: RouteContext, sku: SkuRecord): ReviewFormRecord | undefined {
  return ctx.catalog.index.reviewFormByCategory.get(sku.category_id);
}

/** `order_by` among the allowed methods; unknown ones are refused rather than silently ignored. */
export function orderBy(query: URLSearchParams, allowed: readonly string[], fallback: string): string {
  const raw = query.get('order_by');
  if (raw === null || raw === '') return fallback;
  if (!allowed.includes(raw)) throw invalidParameter('order_by', `must be one of ${allowed.join(', ')}`);
  return raw;
}

/**
 * Named records ordered as `order_by=name|popularity` and `order_dir` ask: by name (Greek
 * collation) or by how many SKUs each has (`counts`), ties by id.
 */
export function byNameOrCount<T extends { id: number; name: string }>(
  records: T[],
  counts: ReadonlyMap<number, number>,
  query: URLSearchParams,
  fallback: 'name' | 'popularity',
): T[] {
  const method = orderBy(query, ['name', 'popularity'], fallback);
  const sign = orderDir(query, method === 'name' ? 'asc' : 'desc') === 'asc' ? 1 : -1;
  return records.sort((a, b) =>
    method === 'name'
      ? sign * a.name.localeCompare(b.name, 'el') || a.id - b.id
      : sign * ((counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0)) || a.id - b.id,
  );
}

/** `embed=shop,address` (comma-separated or repeated). */
export function embeds(query: URLSearchParams, name = 'embed'): string[] {
  return [...query.getAll(name), ...query.getAll(`${name}[]`)]
    .flatMap((v) => v.split(','))
    .map((v) => v.trim());
}
