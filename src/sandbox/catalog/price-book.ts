/**
 * Product prices a test changed (`sandbox.setPrice`), over the frozen seeded ones. Empty until a
 * test sets one, so reads cost a map lookup. A new one of these per `reset()`.
 */
export class PriceBook {
  private readonly prices = new Map<number, number>();
  private readonly skus = new Set<number>();

  /** The product's price now: the one a test set, or the seeded one. */
  priceOf(product: { id: number; price: number }): number {
    return this.prices.get(product.id) ?? product.price;
  }

  set(product: { id: number; sku_id: number }, price: number): void {
    this.prices.set(product.id, price);
    this.skus.add(product.sku_id);
  }

  /** True once a test changed a price of this SKU: its summary fields must then be recomputed. */
  touched(skuId: number): boolean {
    return this.skus.has(skuId);
  }
}
