import type { ProductRecord, ShopLocationRecord, ShopRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';

export function presentShop(shop: ShopRecord, version: Version): JsonObject {
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
      payment_methods: { ...shop.payment_methods },
      shipping: { ...shop.shipping },
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

export function presentProduct(product: ProductRecord, version: Version): JsonObject {
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
      blp: { ...product.blp },
      price: product.price,
      immediate_pickup: product.immediate_pickup,
    },
    version,
  );
}
