import type { ShopLocationRecord, ShopRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';

/** A shop; in shop search results without `shipping.shipping_cost_enabled`, as the spec says. */
export function presentShop(
  shop: ShopRecord,
  version: Version,
  options: { inSearch?: boolean } = {},
): JsonObject {
  const { shipping_cost_enabled, ...searchShipping } = shop.shipping;
  return shapeFor(
    'shop',
    {
      id: shop.id,
      name: shop.name,
      link: shop.link,
      phone: shop.phone,
      image_url: shop.image_url,
      thumbshot_url: shop.thumbshot_url,
      reviews_count: shop.reviews_count,
      latest_reviews_count: shop.latest_reviews_count,
      review_score: shop.review_score,
      // The spec lists `bkm` and `ipara` (card schemes of another market): no seeded shop takes them.
      payment_methods: { bkm: false, ipara: false, ...shop.payment_methods },
      shipping: options.inSearch ? searchShipping : { ...searchShipping, shipping_cost_enabled },
      web_uri: shop.web_uri,
      extra_info: { ...shop.extra_info },
      top_positive_reasons: [...shop.top_positive_reasons],
    },
    version,
  );
}

export function presentLocation(
  location: ShopLocationRecord,
  options: { embedAddress?: boolean } = {},
): JsonObject {
  return {
    id: location.id,
    headquarter: location.headquarter,
    phones: [...location.phones],
    pickup_point: location.pickup_point,
    store: location.store,
    full_address: location.full_address,
    format: location.format,
    lat: location.lat,
    lng: location.lng,
    info: location.info,
    ...(options.embedAddress ? { address: { ...location.address } } : {}),
  };
}
