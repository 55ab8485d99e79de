import type { AddressRecord, SavedOrderRecord, UserRecord } from '../data/user-types.js';
import type { JsonObject } from '../http/json.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';

/** The profile; `skuReviewCount` is counted live from the reviews in the sandbox. */
export function presentUser(user: UserRecord, skuReviewCount: number, version: Version): JsonObject {
  return shapeFor(
    'user',
    {
      id: user.id,
      username: user.username,
      type: user.type,
      sex: user.sex,
      avatar: user.avatar,
      created_at: user.created_at,
      email: user.email,
      birthyear: user.birthyear,
      mobile: user.mobile,
      stats: { ...user.stats, sku_review_count: skuReviewCount },
      email_notifications: user.email_notifications.map((setting) => ({ ...setting })),
      is_staff: user.is_staff,
      resend_verification_email: user.resend_verification_email,
    },
    version,
  );
}

/** The spec's fields (`label`, `full`, `lat`, `lng`) and the recorded parts, without `user_id`. */
export function presentAddress(address: AddressRecord): JsonObject {
  return {
    id: address.id,
    label: address.label,
    full: address.full,
    first_name: address.first_name,
    last_name: address.last_name,
    street_name: address.street_name,
    street_number: address.street_number,
    city: address.city,
    zip: address.zip,
    region: address.region,
    phone: address.phone,
    mobile: address.mobile,
    lng: address.lng,
    lat: address.lat,
  };
}

export function presentSavedOrder(order: SavedOrderRecord): JsonObject {
  return {
    date: order.date,
    products_cost: order.products_cost,
    shipping_cost: order.shipping_cost,
    total_cost: order.total_cost,
    line_items: order.line_items.map((item) => ({ ...item })),
    shop_id: order.shop_id,
    order_code: order.order_code,
  };
}
