/**
 * Which call comes next. A unit is one call: a listing page (`p:<listing>:<page>`, 100 SKUs' prices)
 * or one SKU (`s:<id>`). Each unit's value is the weight it refreshes (SKUs x users x how often they
 * moved); the next call is the unit whose pending delay grows fastest, value x age², which gives
 * each unit a share of the day as the square root of its value: the optimum for the mean delay
 * (docs/benchmarks.md, "Price watch"). Units never fetched come first, the heaviest first.
 */
import type { Place, UnitState } from './records.js';

export interface ListingFilters {
  manufacturer_ids: readonly number[];
  shop_ids: readonly number[];
}

export interface ListingWatch {
  category: number;
  filters: ListingFilters;
  weight: number;
}

export interface SkuWatch {
  category: number | undefined;
  weight: number;
}

/** What the process watches (each process adds its own list). */
export interface WatchList {
  skus: Map<number, SkuWatch>;
  listings: Map<string, ListingWatch>;
}

/** The shared state the plan reads: units' last calls, listings' page counts, SKUs' places. */
export interface Shared {
  units: Map<string, UnitState>;
  listings: Map<string, number>;
  places: Map<number, Place>;
}

export type Unit =
  | { key: string; kind: 'page'; listing: string; category: number; filters: ListingFilters; page: number }
  | { key: string; kind: 'sku'; sku: number };

/**
 * Moves seen of a SKU count against this many of its prior: a SKU that moved once is not refreshed
 * much more often than its neighbours, one that keeps moving is.
 */
const MOVES_PRIOR = 4;

const ids = (list: readonly number[]): string => [...new Set(list)].sort((a, b) => a - b).join(',');

/** `40`, or `40;m12,13;s7` with filters. */
export function listingKey(category: number, filters?: ListingFilters): string {
  const m = filters?.manufacturer_ids.length ? `;m${ids(filters.manufacturer_ids)}` : '';
  const s = filters?.shop_ids.length ? `;s${ids(filters.shop_ids)}` : '';
  return `${category}${m}${s}`;
}

export const pageKey = (listing: string, page: number): string => `p:${listing}:${page}`;
export const skuKey = (sku: number): string => `s:${sku}`;

const numbers = (text: string): number[] => (text === '' ? [] : text.split(',').map(Number));

/** The unit a key names. */
export function unitOf(key: string): Unit {
  if (key.startsWith('s:')) return { key, kind: 'sku', sku: Number(key.slice(2)) };
  const colon = key.lastIndexOf(':');
  const listing = key.slice(2, colon);
  const [category = '', ...parts] = listing.split(';');
  const filters = {
    manufacturer_ids: numbers(parts.find((p) => p.startsWith('m'))?.slice(1) ?? ''),
    shop_ids: numbers(parts.find((p) => p.startsWith('s'))?.slice(1) ?? ''),
  };
  return {
    key,
    kind: 'page',
    listing,
    category: Number(category),
    filters,
    page: Number(key.slice(colon + 1)),
  };
}

/** The unit to call now, or undefined when nothing is watched. */
export function nextUnit(list: WatchList, shared: Shared, now: number): string | undefined {
  const value = new Map<string, number>();
  const firstCalls = new Map<string, number>();
  const add = (key: string, weight: number): void => {
    if (shared.units.has(key)) value.set(key, (value.get(key) ?? 0) + weight);
    else firstCalls.set(key, (firstCalls.get(key) ?? 0) + weight);
  };

  for (const [listing, watch] of list.listings) {
    const pages = shared.listings.get(listing) ?? 1;
    for (let page = 1; page <= pages; page++) {
      const unit = shared.units.get(pageKey(listing, page));
      add(pageKey(listing, page), watch.weight * (unit ? unit.items + unit.moves / MOVES_PRIOR : 100));
    }
  }

  const unplaced = new Map<number, { sku: number; weight: number }[]>();
  for (const [sku, watch] of list.skus) {
    const place = shared.places.get(sku);
    const weight = (watch.weight * (MOVES_PRIOR + (place?.moves ?? 0))) / MOVES_PRIOR;
    if (place?.page) add(place.page, weight);
    else if (watch.category === undefined) add(skuKey(sku), weight);
    else {
      const same = unplaced.get(watch.category);
      if (same) same.push({ sku, weight });
      else unplaced.set(watch.category, [{ sku, weight }]);
    }
  }
  // SKUs not seen on a page yet: their category's pages not fetched yet when those are fewer
  // than the SKUs (one page may hold them all), else one call each.
  for (const [category, skus] of unplaced) {
    const listing = listingKey(category);
    const total = shared.listings.get(listing);
    const unfetched: number[] = [];
    for (let page = 1; page <= (total ?? 1); page++)
      if (!shared.units.has(pageKey(listing, page))) unfetched.push(page);
    if (unfetched.length > 0 && skus.length >= unfetched.length) {
      const weight = skus.reduce((sum, s) => sum + s.weight, 0);
      for (const page of unfetched) add(pageKey(listing, page), weight);
    } else for (const { sku, weight } of skus) add(skuKey(sku), weight);
  }

  let best: string | undefined;
  let bestScore = 0;
  for (const [key, weight] of firstCalls) {
    if (weight > bestScore) [best, bestScore] = [key, weight];
  }
  if (best !== undefined) return best;
  for (const [key, weight] of value) {
    const age = now - (shared.units.get(key)?.at ?? 0);
    const score = weight * age * age;
    if (score > bestScore) [best, bestScore] = [key, score];
  }
  return best;
}
