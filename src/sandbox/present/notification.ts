import type { SkuRecord } from '../data/types.js';
import type { NotificationEtype, NotificationRecord } from '../data/user-types.js';
import type { JsonObject } from '../http/json.js';

/** The etypes whose answers embed a reduced SKU (spec, Events). */
const WITH_SKU: readonly NotificationEtype[] = [
  'price_up',
  'price_drop',
  'sku_review',
  'availability_true',
  'availability_false',
];
const PRICE_TYPES: readonly NotificationEtype[] = ['price_up', 'price_drop'];

/** The reduced SKU, in the recorded shape (which adds `category_id` and `first_product_shop_info`). */
function reducedSku(sku: SkuRecord): JsonObject {
  return {
    id: sku.id,
    category_id: sku.category_id,
    display_name: sku.display_name,
    images: { main: sku.images.main, alternatives: [...sku.images.alternatives] },
    click_url: sku.click_url,
    virtual: sku.virtual,
    future: sku.future,
    first_product_shop_info: sku.first_product_shop_info,
  };
}

/**
 * A notification. `sku_review` ones carry `review_rating`, and when not aggregated `review_text`
 * and the reviewer as `user`. The reduced `sku` (and `category_name` for price changes) is on list
 * answers per the spec, and on the single answer too, as recorded. Other etypes' snapshot: `{}`.
 */
export function presentNotification(
  notification: NotificationRecord,
  about: { sku: SkuRecord | undefined; categoryName: string | undefined },
): JsonObject {
  const review: JsonObject =
    notification.etype === 'sku_review'
      ? {
          review_rating: notification.review_rating,
          ...(notification.aggregated
            ? {}
            : {
                review_text: notification.review_text,
                user: notification.review_user ? { ...notification.review_user } : null,
              }),
        }
      : {};
  const withSku = WITH_SKU.includes(notification.etype) && about.sku !== undefined;
  return {
    id: notification.id,
    etype: notification.etype,
    eventable_id: notification.eventable_id,
    eventable_type: notification.eventable_type,
    eventable_name: notification.eventable_name,
    eventable_url: notification.eventable_url,
    event_text: notification.event_text,
    snapshot: notification.snapshot ? { ...notification.snapshot } : {},
    is_viewed: notification.is_viewed,
    aggregated: notification.aggregated,
    created_at: notification.created_at,
    updated_at: notification.updated_at,
    ...review,
    ...(withSku && about.sku ? { sku: reducedSku(about.sku) } : {}),
    ...(PRICE_TYPES.includes(notification.etype) && about.categoryName !== undefined
      ? { category_name: about.categoryName }
      : {}),
  };
}
