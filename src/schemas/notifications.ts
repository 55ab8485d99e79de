import * as v from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';

/** The reduced SKU that list responses embed in price, availability and review notifications. */
export const NotificationSkuSchema = v.object({
  id: v.number(),
  display_name: nullableString(),
  images: v.object({ main: nullableString(), alternatives: v.array(v.string()) }),
  click_url: v.optional(nullableString()),
  virtual: v.boolean(),
  future: v.boolean(),
  // Recorded, though the spec's list of embedded fields leaves them out.
  category_id: v.optional(nullableNumber()),
  first_product_shop_info: v.optional(nullableString()),
});
export type NotificationSku = v.infer<typeof NotificationSkuSchema>;

const NotificationBaseSchema = v.object({
  id: v.number(),
  etype: v.string(),
  /** Null when blank (rule 2): the record the event was about may be gone. */
  eventable_id: nullableNumber(),
  eventable_type: v.string(),
  eventable_name: nullableString(),
  eventable_url: nullableString(),
  event_text: v.optional(nullableString()),
  /** Documented only for price changes (see `PriceSnapshotSchema`); other etypes may leave it out. */
  snapshot: v.optional(v.unknown()),
  is_viewed: v.boolean(),
  aggregated: v.boolean(),
  created_at: v.string(),
  updated_at: v.string(),
  // The spec says "only on list responses", but the recorded GET /notifications/:id has it too.
  sku: v.optional(NotificationSkuSchema),
});

export const PriceSnapshotSchema = v.object({
  price_min: nullableNumber(),
  latest_price: nullableNumber(),
  change_rate: nullableNumber(),
  // Recorded, not in the spec.
  from_threshold: v.optional(v.boolean()),
});
export type PriceSnapshot = v.infer<typeof PriceSnapshotSchema>;

export const PriceChangeNotificationSchema = v.extend(NotificationBaseSchema, {
  etype: v.enum(['price_drop', 'price_up']),
  snapshot: PriceSnapshotSchema,
  // The spec says "only on list responses", but the recorded GET /notifications/:id has it too.
  category_name: v.optional(nullableString()),
});
export type PriceChangeNotification = v.infer<typeof PriceChangeNotificationSchema>;

export const AvailabilityNotificationSchema = v.extend(NotificationBaseSchema, {
  etype: v.enum(['availability_true', 'availability_false']),
});
export type AvailabilityNotification = v.infer<typeof AvailabilityNotificationSchema>;

export const SkuReleaseNotificationSchema = v.extend(NotificationBaseSchema, {
  etype: v.literal('sku_release'),
});
export type SkuReleaseNotification = v.infer<typeof SkuReleaseNotificationSchema>;

export const SkuReviewNotificationSchema = v.extend(NotificationBaseSchema, {
  etype: v.literal('sku_review'),
  review_rating: v.number(),
  /** `review_text` and `user` come only when the notification is not aggregated. */
  review_text: v.optional(nullableString()),
  user: v.optional(v.object({ id: v.number(), username: v.string(), avatar: nullableString() })),
});
export type SkuReviewNotification = v.infer<typeof SkuReviewNotificationSchema>;

/** About the user's own review: a rephrase was requested, or the rephrased review was approved. */
export const SkuReviewModerationNotificationSchema = v.extend(NotificationBaseSchema, {
  etype: v.enum(['sku_review_rephrase_request', 'sku_review_approve_after_update']),
});
export type SkuReviewModerationNotification = v.infer<typeof SkuReviewModerationNotificationSchema>;

export const KnownNotificationSchema = v.discriminatedUnion('etype', [
  PriceChangeNotificationSchema,
  AvailabilityNotificationSchema,
  SkuReleaseNotificationSchema,
  SkuReviewNotificationSchema,
  SkuReviewModerationNotificationSchema,
]);
export type KnownNotification = v.infer<typeof KnownNotificationSchema>;

/** The etypes this SDK knows, as the variants list them. */
const KNOWN_ETYPES: ReadonlySet<unknown> = KnownNotificationSchema._zod.propValues.etype ?? new Set();

/**
 * A notification of an etype this SDK does not know yet: only the common fields are checked,
 * so a new server etype never breaks parsing.
 */
export const OtherNotificationSchema = v.extend(NotificationBaseSchema, { etype: v.string() });
export type OtherNotification = v.infer<typeof OtherNotificationSchema>;

/**
 * A known notification checked as its etype's variant, any other as an `OtherNotification` (so a
 * malformed known notification fails instead of passing as an unknown one).
 */
export const NotificationSchema = v.union([
  v.extend(NotificationBaseSchema, {
    etype: v.string().check(v.refine((etype) => !KNOWN_ETYPES.has(etype), { abort: true })),
  }),
  KnownNotificationSchema,
]);
export type Notification = v.infer<typeof NotificationSchema>;

export const NotificationEnvelopeSchema = v.object({ notification: NotificationSchema });
export type NotificationEnvelope = v.infer<typeof NotificationEnvelopeSchema>;

export const NotificationListSchema = v.object({
  notifications: v.array(NotificationSchema),
  meta: ListMetaSchema,
});
export type NotificationList = v.infer<typeof NotificationListSchema>;
