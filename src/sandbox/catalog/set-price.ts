import { athensTime } from '../data/timestamps.js';
import { priceSnapshot, skuNotification } from '../data/user-notifications.js';
import type { SandboxState } from '../state.js';
import { notify } from '../users/notifications.js';
import { cheapestProduct, liveSku } from './live.js';
import type { PriceChange } from './price-change.js';

/**
 * The control behind `sandbox.setPrice`: the SKU's cheapest product gets `price`, so the SKU's
 * `price_min`/`price_max` follow in every answer; when `price_min` moves, every user with a
 * favorite of the SKU (owned ones included) gets a `price_drop` or `price_up` notification.
 */
export function setPrice(state: SandboxState, skuId: number, price: number): PriceChange {
  // Prices are in cents on the wire; a price that rounds to 0 is no price.
  const cents = Math.round(price * 100) / 100;
  if (!Number.isFinite(cents) || cents <= 0)
    throw new RangeError(`sandbox.setPrice: price must be at least 0.01, got ${price}`);
  const seeded = state.catalog.index.sku.get(skuId);
  if (!seeded) throw new Error(`sandbox.setPrice: no SKU ${skuId}`);
  const cheapest = cheapestProduct(state, skuId);
  if (!cheapest) throw new Error(`sandbox.setPrice: SKU ${skuId} has no products (a future SKU?)`);
  const before = liveSku(state, seeded).price_min;
  state.prices.set(cheapest, cents);
  const after = liveSku(state, seeded);

  const notificationIds: number[] = [];
  if (after.price_min !== before) {
    const now = athensTime(Date.now());
    const etype = after.price_min < before ? 'price_drop' : 'price_up';
    for (const userId of state.users.userIds()) {
      if (!state.users.account(userId).favorites.some((favorite) => favorite.sku_id === skuId)) continue;
      const draft = skuNotification(userId, etype, after, {
        snapshot: priceSnapshot(before, after.price_min),
      });
      notificationIds.push(notify(state.users, draft, now).id);
    }
  }
  return { productId: cheapest.id, priceMin: after.price_min, priceMax: after.price_max, notificationIds };
}
