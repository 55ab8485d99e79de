import type { Catalog } from '../data/catalog-cache.js';
import { round2 } from '../data/products.js';
import { deriveRng } from '../data/random.js';
import type { ProductRecord, SkuRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';

export const HISTORY_DAYS = 90;

const DAY_MS = 86_400_000;

export interface PriceHistory {
  average: JsonObject[];
  lowest: JsonObject[];
}

/**
 * A SKU's daily average and lowest prices over the last 90 days up to today (UTC), oldest first.
 * The spec shows no shape; this one is `{date, price}` and `{date, price, shop_name}`. Today's
 * points are the SKU's current average product price and its `price_min` at its cheapest shop;
 * earlier days walk back from there with seeded noise (prices were a little higher before), so the
 * same seed and the same clock give the same history. A SKU without products has none.
 */
export function priceHistory(
  catalog: Catalog,
  seed: number,
  sku: SkuRecord,
  now: number,
  products: readonly ProductRecord[] = catalog.index.productsBySku.get(sku.id) ?? [],
): PriceHistory {
  if (products.length === 0) return { average: [], lowest: [] };
  const rng = deriveRng(seed, `price-history:${sku.id}`);
  const shopName = (shopId: number): string => catalog.index.shop.get(shopId)?.name ?? '';
  const cheapest = products.reduce((best, p) => (p.price < best.price ? p : best));
  const shops = products.map((p) => p.shop_id);

  let average = products.reduce((sum, p) => sum + p.price, 0) / products.length;
  let lowest = sku.price_min;
  let shopId = cheapest.shop_id;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const averagePoints: JsonObject[] = [];
  const lowestPoints: JsonObject[] = [];
  for (let daysAgo = 0; daysAgo < HISTORY_DAYS; daysAgo++) {
    const date = new Date(today - daysAgo * DAY_MS).toISOString().slice(0, 10);
    averagePoints.push({ date, price: round2(average) });
    lowestPoints.push({ date, price: round2(Math.min(lowest, average)), shop_name: shopName(shopId) });
    // One step further into the past.
    average *= 1 + (rng.next() - 0.4) * 0.02;
    lowest *= 1 + (rng.next() - 0.4) * 0.025;
    if (rng.chance(0.08)) shopId = rng.pick(shops);
  }
  return { average: averagePoints.reverse(), lowest: lowestPoints.reverse() };
}
