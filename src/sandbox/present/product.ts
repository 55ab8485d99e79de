import type { ProductRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';

/**
 * A product, the same on every endpoint that answers one (GET /products/:id, a SKU's products and
 * product cards, a shop's product search); in product cards also with its `color` (null when the
 * SKU has none), as the spec says.
 */
export function presentProduct(
  product: ProductRecord,
  version: Version,
  options: { color?: string | null } = {},
): JsonObject {
  return shapeFor(
    'product',
    {
      id: product.id,
      name: product.name,
      sku_id: product.sku_id,
      shop_id: product.shop_id,
      category_id: product.category_id,
      availability: product.availability,
      click_url: product.click_url,
      shop_uid: product.shop_uid,
      expenses: product.expenses,
      web_uri: product.web_uri,
      sizes: [...product.sizes],
      ...(options.color === undefined ? {} : { color: options.color }),
      blp: { ...product.blp },
      price: product.price,
      immediate_pickup: product.immediate_pickup,
    },
    version,
  );
}
