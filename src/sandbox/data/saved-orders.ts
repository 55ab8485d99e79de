import { round2 } from './products.js';
import type { Rng } from './random.js';
import { athensTime } from './timestamps.js';
import type { ProductRecord, SandboxData } from './types.js';
import type { SavedOrderLineItemRecord, SavedOrderRecord } from './user-types.js';
import { SANDBOX_USERS } from './users.js';

/**
 * One order at one shop: 1-3 of that shop's products of released SKUs, at the prices of the seed
 * (an order keeps the prices it was placed at, whatever a test does to prices later).
 */
function order(rng: Rng, data: SandboxData, userId: number, time: number): SavedOrderRecord {
  const sellable = (p: ProductRecord): boolean =>
    data.skus.some((s) => s.id === p.sku_id && !s.future && !s.virtual);
  let products: ProductRecord[] = [];
  let shopId = 0;
  // A shop with enough products; every seeded shop sells something, so this ends fast.
  while (products.length === 0) {
    const shop = rng.pick(data.shops);
    shopId = shop.id;
    const offers = data.products.filter((p) => p.shop_id === shop.id && sellable(p));
    products = rng.sample(offers, rng.int(1, 3));
  }
  const lineItems: SavedOrderLineItemRecord[] = products.map((product) => ({
    name: product.name,
    quantity: rng.chance(0.2) ? 2 : 1,
    price: product.price,
    image: data.skus.find((s) => s.id === product.sku_id)?.images.main ?? null,
    sku_id: product.sku_id,
    product_id: product.id,
    category_id: product.category_id,
  }));
  const productsCost = round2(lineItems.reduce((sum, item) => sum + item.price * item.quantity, 0));
  const shop = data.shops.find((s) => s.id === shopId);
  const free =
    shop === undefined ||
    shop.shipping.free ||
    (shop.shipping.free_from !== null && productsCost >= shop.shipping.free_from);
  const shippingCost = free ? 0 : (shop?.shipping_rate ?? 0);
  const date = athensTime(time);
  return {
    user_id: userId,
    date,
    products_cost: productsCost,
    shipping_cost: shippingCost,
    total_cost: round2(productsCost + shippingCost),
    line_items: lineItems,
    shop_id: shopId,
    // `YYMMDD-` and seven digits: the shop-facing order code.
    order_code: `${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}-${rng.int(1_000_000, 9_999_999)}`,
  };
}

/** alice: three orders; bob: one; carol: none. Oldest first. */
export function buildSavedOrders(rng: Rng, data: SandboxData): SavedOrderRecord[] {
  const { alice, bob } = SANDBOX_USERS;
  const owners = [alice, bob, alice, alice];
  let time = Date.UTC(2022, 10, 14, 12);
  return owners.map((userId) => {
    time += rng.int(10, 120) * 86_400_000 + rng.int(0, 86_399) * 1000;
    return order(rng, data, userId, time);
  });
}
