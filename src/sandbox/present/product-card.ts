import type { ProductCard } from '../catalog/product-cards.js';
import type { ShopRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';
import { presentProduct } from './product.js';
import { presentShop } from './shop.js';

/** A card: the shop's products (cheapest first), the shop, the cheapest product's `blp`. */
export function presentProductCard(
  card: ProductCard,
  shop: ShopRecord,
  version: Version,
  color: string | null,
): JsonObject {
  const cheapest = card.products[0];
  return shapeFor(
    'product_card',
    {
      products: card.products.map((p) => presentProduct(p, version, { color })),
      shop: presentShop(shop, version),
      blp: cheapest ? { ...cheapest.blp } : null,
      // Always null in the recorded answers.
      reseller: null,
    },
    version,
  );
}
