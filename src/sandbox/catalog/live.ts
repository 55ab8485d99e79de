import { round2 } from '../data/products.js';
import type { ProductRecord, SkuRecord } from '../data/types.js';
import { reviewedSku } from '../reviews/review-stats.js';
import type { SandboxState } from '../state.js';

/** What a live record depends on: the seed, the reviews written and the prices set by tests. */
export type LiveState = Pick<SandboxState, 'catalog' | 'reviews' | 'prices'>;

/** The product with the price a test set, and `blp.final_price` following it. */
export function liveProduct(state: LiveState, product: ProductRecord): ProductRecord {
  const price = state.prices.priceOf(product);
  if (price === product.price) return product;
  const { shipping_cost, payment_method_cost } = product.blp;
  return {
    ...product,
    price,
    blp: {
      ...product.blp,
      final_price: payment_method_cost === null ? null : round2(price + shipping_cost + payment_method_cost),
    },
  };
}

/** The SKU's products as they stand, in seed order. */
export function liveProducts(state: LiveState, skuId: number): ProductRecord[] {
  return (state.catalog.index.productsBySku.get(skuId) ?? []).map((p) => liveProduct(state, p));
}

/** The cheapest of the SKU's products as they stand; the first in seed order on a tie. */
export function cheapestProduct(state: LiveState, skuId: number): ProductRecord | undefined {
  return liveProducts(state, skuId).reduce<ProductRecord | undefined>(
    (best, p) => (best === undefined || p.price < best.price ? p : best),
    undefined,
  );
}

/**
 * The SKU as the sandbox now serves it: review summary from the reviews as written, and
 * `price_min`, `price_max` (and the cheapest shop in `first_product_shop_info`, when the SKU shows
 * one) from the prices as set. An untouched SKU is the seeded record itself.
 */
export function liveSku(state: LiveState, sku: SkuRecord): SkuRecord {
  const reviewed = reviewedSku(state.reviews, sku);
  if (!state.prices.touched(sku.id)) return reviewed;
  const products = liveProducts(state, sku.id);
  const cheapest = cheapestProduct(state, sku.id);
  if (!cheapest) return reviewed;
  const shop = state.catalog.index.shop.get(cheapest.shop_id);
  return {
    ...reviewed,
    price_min: round2(Math.min(...products.map((p) => p.price))),
    price_max: round2(Math.max(...products.map((p) => p.price))),
    first_product_shop_info:
      reviewed.first_product_shop_info !== null && shop
        ? `${shop.id}|${shop.name}|${shop.slug}`
        : reviewed.first_product_shop_info,
  };
}
