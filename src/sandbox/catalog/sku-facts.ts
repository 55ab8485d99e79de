import type { Catalog } from '../data/catalog-cache.js';
import { distanceKm, ORIGIN } from '../data/places.js';
import type { SkuRecord } from '../data/types.js';

/** Per-SKU facts behind the shop, availability and distance filters, derived from its products. */
export interface SkuFacts {
  shopIds: ReadonlySet<number>;
  /** The best (lowest) availability id among its products; Infinity without products. */
  bestAvailability: number;
  /** Km from ORIGIN to the nearest store or pickup point of a shop selling it. */
  nearestKm: number;
}

export const AVAILABILITIES = [
  { id: 0, label: 'Άμεση παραλαβή' },
  { id: 1, label: '1-3 ημέρες' },
  { id: 2, label: '4-10 ημέρες' },
] as const;

export const DISTANCES = [
  { id: 2, label: '2km' },
  { id: 5, label: '5km' },
  { id: 10, label: '10km' },
] as const;

const factsCache = new WeakMap<Catalog, Map<number, SkuFacts>>();
const shopCache = new WeakMap<Catalog, Map<number, number>>();

export function shopNearestKm(catalog: Catalog, shopId: number): number {
  let byShop = shopCache.get(catalog);
  if (!byShop) {
    byShop = new Map();
    shopCache.set(catalog, byShop);
  }
  let km = byShop.get(shopId);
  if (km === undefined) {
    const visitable = (catalog.index.locationsByShop.get(shopId) ?? []).filter(
      (l) => l.store || l.pickup_point,
    );
    km = Math.min(
      Number.POSITIVE_INFINITY,
      ...visitable.map((l) => distanceKm(ORIGIN, { lat: Number(l.lat), lng: Number(l.lng) })),
    );
    byShop.set(shopId, km);
  }
  return km;
}

export function skuFacts(catalog: Catalog, sku: SkuRecord): SkuFacts {
  let bySku = factsCache.get(catalog);
  if (!bySku) {
    bySku = new Map();
    factsCache.set(catalog, bySku);
  }
  let facts = bySku.get(sku.id);
  if (!facts) {
    const products = catalog.index.productsBySku.get(sku.id) ?? [];
    const shopIds = new Set(products.map((p) => p.shop_id));
    facts = {
      shopIds,
      bestAvailability: Math.min(Number.POSITIVE_INFINITY, ...products.map((p) => p.availability_id)),
      nearestKm: Math.min(Number.POSITIVE_INFINITY, ...[...shopIds].map((id) => shopNearestKm(catalog, id))),
    };
    bySku.set(sku.id, facts);
  }
  return facts;
}
