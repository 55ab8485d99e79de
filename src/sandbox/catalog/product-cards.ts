import type { Catalog } from '../data/catalog-cache.js';
import type { ProductRecord, SkuRecord } from '../data/types.js';

/** One shop's offers of a SKU. */
export interface ProductCard {
  shopId: number;
  products: ProductRecord[];
}

/** What the buyer pays in the end: the product's `blp.final_price`, or price plus shipping. */
export function finalPrice(product: ProductRecord): number {
  return product.blp.final_price ?? product.price + product.blp.shipping_cost;
}

/**
 * The product cards of a SKU: one card per shop, cheapest final price first, in two groups:
 * offers available within 1-3 days, then the slower ones (4-10 days, on order). The spec shows
 * only that groups exist; an empty group is left out. A future SKU has none. `products` are the
 * SKU's products as they stand (prices set by tests included).
 */
export function productCardGroups(products: readonly ProductRecord[]): ProductCard[][] {
  const cards = (fast: boolean): ProductCard[] => {
    const byShop = new Map<number, ProductRecord[]>();
    for (const product of products) {
      if (product.availability_id <= 1 !== fast) continue;
      byShop.set(product.shop_id, [...(byShop.get(product.shop_id) ?? []), product]);
    }
    const cheapest = (card: ProductCard): number => Math.min(...card.products.map(finalPrice));
    return [...byShop]
      .map(([shopId, offers]) => ({ shopId, products: offers.sort((a, b) => finalPrice(a) - finalPrice(b)) }))
      .sort((a, b) => cheapest(a) - cheapest(b) || a.shopId - b.shopId);
  };
  return [cards(true), cards(false)].filter((group) => group.length > 0);
}

/** The SKU's colour, from its `Χρώμα` specification: the `color` of its products in cards. */
export function skuColor(catalog: Catalog, sku: SkuRecord): string | null {
  const spec = (catalog.index.specsByCategory.get(sku.category_id) ?? []).find((s) => s.name === 'Χρώμα');
  return spec ? (sku.spec_values[spec.id]?.[0] ?? null) : null;
}
