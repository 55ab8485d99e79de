import type { SkuRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';

/** `favorited` is only part of category SKU listings. */
export function presentSku(
  sku: SkuRecord,
  version: Version,
  options: { favorited?: boolean } = {},
): JsonObject {
  return shapeFor(
    'sku',
    {
      id: sku.id,
      ean: sku.ean,
      pn: sku.pn,
      name: sku.name,
      display_name: sku.display_name,
      category_id: sku.category_id,
      first_product_shop_info: sku.first_product_shop_info,
      click_url: sku.click_url,
      price_max: sku.price_max,
      price_min: sku.price_min,
      reviewscore: sku.reviewscore,
      shop_count: sku.shop_count,
      plain_spec_summary: sku.plain_spec_summary,
      manufacturer_id: sku.manufacturer_id,
      future: sku.future,
      reviews_count: sku.reviews_count,
      virtual: sku.virtual,
      images: { main: sku.images.main, alternatives: [...sku.images.alternatives] },
      web_uri: sku.web_uri,
      ...(options.favorited === undefined ? {} : { favorited: options.favorited }),
      comparable: sku.comparable,
      reviewable: sku.reviewable,
      name_source: sku.name_source,
      sizes: sku.sizes === null ? null : [...sku.sizes],
      description: sku.description,
      ecommerce_enabled: sku.ecommerce_enabled,
    },
    version,
  );
}
