import type { Catalog } from '../data/catalog-cache.js';
import type { SkuRecord } from '../data/types.js';
import { invalidParameter } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { intListParam, intParam } from '../http/params.js';
import { normalize, tokens } from '../search/text.js';
import { paramSupported } from '../versions/contract.js';
import type { Version } from '../versions/version.js';
import { AVAILABILITIES, DISTANCES, skuFacts } from './sku-facts.js';

export interface SkuFilters {
  filterIds: number[];
  manufacturerIds: number[];
  shopIds: number[];
  q: string[];
  distance?: number;
  availability?: number;
}

/** The filters of `/categories/:id/skus`; those a version predates are ignored, as the service does. */
export function readSkuFilters(query: URLSearchParams, version: Version, routeId: string): SkuFilters {
  const supported = (param: string): boolean => paramSupported(routeId, param, version);
  const filters: SkuFilters = {
    filterIds: intListParam(query, 'filter_ids'),
    manufacturerIds: intListParam(query, 'manufacturer_ids'),
    shopIds: supported('shop_ids') ? intListParam(query, 'shop_ids') : [],
    q: tokens(query.get('q') ?? ''),
  };
  const distance = supported('distance') ? intParam(query, 'distance') : undefined;
  if (distance !== undefined) {
    if (!DISTANCES.some((d) => d.id === distance)) {
      throw invalidParameter('distance', `must be one of ${DISTANCES.map((d) => d.id).join(', ')}`);
    }
    filters.distance = distance;
  }
  const availability = supported('availability') ? intParam(query, 'availability') : undefined;
  if (availability !== undefined) {
    if (!AVAILABILITIES.some((a) => a.id === availability)) {
      throw invalidParameter('availability', `must be one of ${AVAILABILITIES.map((a) => a.id).join(', ')}`);
    }
    filters.availability = availability;
  }
  return filters;
}

/** Filters of one filter group are alternatives (OR); different groups must all hold (AND). */
export function applySkuFilters(
  catalog: Catalog,
  skus: readonly SkuRecord[],
  filters: SkuFilters,
): SkuRecord[] {
  const byGroup = new Map<number, number[]>();
  for (const id of filters.filterIds) {
    const group = catalog.index.filter.get(id)?.filter_group_id ?? -id;
    byGroup.set(group, [...(byGroup.get(group) ?? []), id]);
  }
  return skus.filter((sku) => {
    for (const ids of byGroup.values()) if (!ids.some((id) => sku.filter_ids.includes(id))) return false;
    if (filters.manufacturerIds.length > 0 && !filters.manufacturerIds.includes(sku.manufacturer_id))
      return false;
    if (filters.q.length > 0) {
      const text = normalize(`${sku.display_name} ${sku.pn}`);
      if (!filters.q.every((token) => text.includes(token))) return false;
    }
    if (filters.shopIds.length === 0 && filters.distance === undefined && filters.availability === undefined)
      return true;
    const facts = skuFacts(catalog, sku);
    if (filters.shopIds.length > 0 && !filters.shopIds.some((id) => facts.shopIds.has(id))) return false;
    if (filters.distance !== undefined && !(facts.nearestKm <= filters.distance)) return false;
    if (filters.availability !== undefined && !(facts.bestAvailability <= filters.availability)) return false;
    return true;
  });
}

type Compare = (a: SkuRecord, b: SkuRecord) => number;

/** Each method's ascending order and the direction it is served in when `order_dir` is absent. */
const ORDERS: Readonly<Record<string, { ascending: Compare; dir: 'asc' | 'desc' }>> = {
  pricevat: { ascending: (a, b) => a.price_min - b.price_min, dir: 'asc' },
  price: { ascending: (a, b) => a.price_min - b.price_min, dir: 'asc' },
  popularity: { ascending: (a, b) => a.popularity - b.popularity, dir: 'desc' },
  rating: {
    ascending: (a, b) => a.reviewscore - b.reviewscore || a.reviews_count - b.reviews_count,
    dir: 'desc',
  },
  newest: { ascending: (a, b) => a.id - b.id, dir: 'desc' },
};

export function defaultDirection(method: string): 'asc' | 'desc' {
  return ORDERS[method]?.dir ?? 'asc';
}

/** Future SKUs have no price yet: they go last in price orders, whichever the direction. */
export function orderSkus(skus: readonly SkuRecord[], method: string, dir: 'asc' | 'desc'): SkuRecord[] {
  const order = ORDERS[method] ?? ORDERS.popularity;
  if (!order) return [...skus];
  const sign = dir === 'asc' ? 1 : -1;
  const byPrice = method === 'pricevat' || method === 'price';
  return [...skus].sort((a, b) => {
    if (byPrice && a.future !== b.future) return a.future ? 1 : -1;
    return sign * order.ascending(a, b) || a.id - b.id;
  });
}

function countInto(counts: Map<number, number>, key: number): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function asObject(counts: Map<number, number>): JsonObject {
  const out: JsonObject = {};
  for (const [key, count] of [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])) out[String(key)] = count;
  return out;
}

/** `meta.available_filters`: how many of the matching SKUs each filter, manufacturer and shop has. */
export function availableFilters(catalog: Catalog, skus: readonly SkuRecord[]): JsonObject {
  const filters = new Map<number, number>();
  const manufacturers = new Map<number, number>();
  const shops = new Map<number, number>();
  const availability = AVAILABILITIES.map(() => 0);
  const distance = DISTANCES.map(() => 0);
  for (const sku of skus) {
    for (const id of sku.filter_ids) countInto(filters, id);
    countInto(manufacturers, sku.manufacturer_id);
    const facts = skuFacts(catalog, sku);
    for (const id of facts.shopIds) countInto(shops, id);
    AVAILABILITIES.forEach((a, i) => {
      if (facts.bestAvailability <= a.id) availability[i] = (availability[i] ?? 0) + 1;
    });
    DISTANCES.forEach((d, i) => {
      if (facts.nearestKm <= d.id) distance[i] = (distance[i] ?? 0) + 1;
    });
  }
  return {
    filters: asObject(filters),
    manufacturers: asObject(manufacturers),
    shops: asObject(shops),
    availabilities: AVAILABILITIES.map((a, i) => ({ id: a.id, label: a.label, count: availability[i] ?? 0 })),
    distances: DISTANCES.map((d, i) => ({ id: d.id, label: d.label, count: distance[i] ?? 0 })),
  };
}

/** `meta.applied_filters`, in the recorded shape `{filters: [...], manufacturers: [...]}`. */
export function appliedFilters(filters: SkuFilters): JsonObject {
  return {
    filters: [...filters.filterIds],
    manufacturers: [...filters.manufacturerIds],
    ...(filters.shopIds.length > 0 ? { shops: [...filters.shopIds] } : {}),
  };
}
