import type { Rng } from './random.js';
import type { ProductRecord, ShopRecord, SkuRecord } from './types.js';

const AVAILABILITY = [
  'Άμεση παραλαβή / Παράδοση 1 έως 3 ημέρες',
  'Παράδοση 1 έως 3 ημέρες',
  'Παράδοση 4 έως 10 ημέρες',
  'Κατόπιν παραγγελίας',
] as const;

/** What shops add to a product's name: a phone's gift case or version; a warranty on anything. */
const PHONES_ID = 40;
const PHONE_SUFFIXES = ['', '', ' EU', ' Μαύρο', ' (Δώρο Θήκη)', ' - Εγγύηση 2 ετών', ' Global Version'];
const SUFFIXES = ['', '', '', ' - Εγγύηση 2 ετών', '', ' - Εγγύηση 3 ετών', ''];

export const CLICK_CLIENT_ID = 'c2FuZGJveC1jbGllbnQ%3D';

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

function shopUid(rng: Rng): string {
  const roll = rng.next();
  // Shops' own ids: numeric-looking strings, some with leading zeros that must survive as strings.
  if (roll < 0.3) return `0${String(rng.int(1000, 99999)).padStart(5, '0')}`;
  if (roll < 0.8) return String(rng.int(1, 999999));
  return `${rng.pick(['SKU', 'P', 'ART'])}-${rng.int(100, 99999)}`;
}

function availabilityId(rng: Rng): number {
  const roll = rng.next();
  return roll < 0.25 ? 0 : roll < 0.7 ? 1 : roll < 0.9 ? 2 : 3;
}

/** The offers of one SKU: prices within ±15% of its base price, from distinct shops. */
export function buildProducts(
  rng: Rng,
  nextId: () => number,
  sku: SkuRecord,
  basePrice: number,
  shops: readonly ShopRecord[],
): ProductRecord[] {
  const count = Math.min(rng.int(2, 12), shops.length);
  return rng.sample(shops, count).map((shop) => {
    const id = nextId();
    const price = Math.max(0.5, round2(basePrice * (0.85 + rng.next() * 0.3)));
    const freeShipping =
      shop.shipping.free || (shop.shipping.free_from !== null && price >= shop.shipping.free_from);
    const shipping = freeShipping ? 0 : shop.shipping_rate;
    const payment = shop.payment_fee;
    const availability = availabilityId(rng);
    const sizes = sku.sizes ? sku.sizes.filter(() => rng.chance(0.7)) : [];
    return {
      id,
      name: `${sku.display_name}${rng.pick(sku.category_id === PHONES_ID ? PHONE_SUFFIXES : SUFFIXES)}`,
      sku_id: sku.id,
      shop_id: shop.id,
      category_id: sku.category_id,
      availability: AVAILABILITY[availability] ?? AVAILABILITY[1],
      click_url: `https://www.sandbox.test/products/show/${id}?client_id=${CLICK_CLIENT_ID}&from=api`,
      shop_uid: shopUid(rng),
      expenses: shop.shipping.shipping_cost_enabled && rng.chance(0.5) ? shipping : null,
      web_uri: `https://www.sandbox.test/products/show/${id}`,
      sizes: sku.sizes && sizes.length === 0 ? [sku.sizes[0] as string] : sizes,
      price,
      immediate_pickup: availability === 0,
      blp: {
        shipping_cost: shipping,
        payment_method_cost: payment,
        final_price: payment === null ? null : round2(price + shipping + payment),
      },
      availability_id: availability,
    };
  });
}
