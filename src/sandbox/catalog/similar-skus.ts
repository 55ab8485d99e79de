import type { Catalog } from '../data/catalog-cache.js';
import type { SkuRecord } from '../data/types.js';

/** The recorded answer lists 5; a short list of close matches, not the whole category. */
export const MAX_SIMILAR = 10;

/**
 * SKUs like this one: released SKUs of the same category, closest in price first (by ratio, so a
 * €20 gap matters more on a €50 case than on a €900 phone), the same manufacturer first among
 * equals. A SKU without a price (a future one) compares by popularity instead.
 */
export function similarSkus(catalog: Catalog, sku: SkuRecord): SkuRecord[] {
  const distance = (other: SkuRecord): number =>
    sku.price_min > 0 ? Math.abs(Math.log(other.price_min / sku.price_min)) : -other.popularity;
  return (catalog.index.skusByCategory.get(sku.category_id) ?? [])
    .filter((other) => other.id !== sku.id && !other.future && other.price_min > 0)
    .sort(
      (a, b) =>
        distance(a) - distance(b) ||
        Number(b.manufacturer_id === sku.manufacturer_id) -
          Number(a.manufacturer_id === sku.manufacturer_id) ||
        a.id - b.id,
    )
    .slice(0, MAX_SIMILAR);
}
