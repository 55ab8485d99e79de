/** What `sandbox.setPrice` did. */
export interface PriceChange {
  /** The product whose price changed: the SKU's cheapest before the change. */
  productId: number;
  /** The SKU's prices after the change. */
  priceMin: number;
  priceMax: number;
  /** One per user who has the SKU among favorites; none when `price_min` did not move. */
  notificationIds: number[];
}
