import * as z from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { object } from './object.js';

/** The reduced SKU that list responses embed in price, availability and review notifications. */
export const NotificationSkuSchema = object({
  id: z.number(),
  display_name: nullableString(),
  images: object({ main: nullableString(), alternatives: z.array(z.string()) }),
  click_url: z.optional(nullableString()),
  virtual: z.boolean(),
  future: z.boolean(),
  // Recorded, though the spec's list of embedded fields leaves them out.
  category_id: z.optional(nullableNumber()),
  first_product_shop_info: z.optional(nullableString()),
});
export type NotificationSku = z.infer<typeof NotificationSkuSchema>;

const NotificationBaseSchema = object({
  id: z.number(),
  etype: z.string(),
  /** Null when blank (rule 2): the record the event was about may be gone. */
  eventable_id: nullableNumber(),
  eventable_type: z.string(),
  eventable_name: nullableString(),
  eventable_url: nullableString(),
  event_text: z.optional(nullableString()),
  /** Documented only for price changes, see `PriceSnapshotSchema`. */
  snapshot: z.unknown(),
  is_viewed: z.boolean(),
  aggregated: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  // The spec says "only on list responses", but the recorded GET /notifications/:id has it too.
  sku: z.optional(NotificationSkuSchema),
});

export const PriceSnapshotSchema = object({
  price_min: nullableNumber(),
  latest_price: nullableNumber(),
  change_rate: nullableNumber(),
  // Recorded, not in the spec.
  from_threshold: z.optional(z.boolean()),
});
export type PriceSnapshot = z.infer<typeof PriceSnapshotSchema>;

export const PriceChangeNotificationSchema = z.extend(NotificationBaseSchema, {
  etype: z.enum(['price_drop', 'price_up']),
  snapshot: PriceSnapshotSchema,
  // The spec says "only on list responses", but the recorded GET /notifications/:id has it too.
  category_name: z.optional(nullableString()),
});
export type PriceChangeNotification = z.infer<typeof PriceChangeNotificationSchema>;

export const AvailabilityNotificationSchema = z.extend(NotificationBaseSchema, {
  etype: z.enum(['availability_true', 'availability_false']),
});
export type AvailabilityNotification = z.infer<typeof AvailabilityNotificationSchema>;

export const SkuReleaseNotificationSchema = z.extend(NotificationBaseSchema, {
  etype: z.literal('sku_release'),
});
export type SkuReleaseNotification = z.infer<typeof SkuReleaseNotificationSchema>;

export const SkuReviewNotificationSchema = z.extend(NotificationBaseSchema, {
  etype: z.literal('sku_review'),
  review_rating: z.number(),
  /** `review_text` and `user` come only when the notification is not aggregated. */
  review_text: z.optional(nullableString()),
  user: z.optional(object({ id: z.number(), username: z.string(), avatar: nullableString() })),
});
export type SkuReviewNotification = z.infer<typeof SkuReviewNotificationSchema>;

/** About the user's own review: a rephrase was requested, or the rephrased review was approved. */
export const SkuReviewModerationNotificationSchema = z.extend(NotificationBaseSchema, {
  etype: z.enum(['sku_review_rephrase_request', 'sku_review_approve_after_update']),
});
export type SkuReviewModerationNotification = z.infer<typeof SkuReviewModerationNotificationSchema>;

export const KnownNotificationSchema = z.discriminatedUnion('etype', [
  PriceChangeNotificationSchema,
  AvailabilityNotificationSchema,
  SkuReleaseNotificationSchema,
  SkuReviewNotificationSchema,
  SkuReviewModerationNotificationSchema,
]);
export type KnownNotification = z.infer<typeof KnownNotificationSchema>;

// A Record over the union's etypes fails to compile when a variant is added or removed without
// this list following.
const knownEtypes: Record<KnownNotification['etype'], true> = {
  price_drop: true,
  price_up: true,
  availability_true: true,
  availability_false: true,
  sku_release: true,
  sku_review: true,
  sku_review_rephrase_request: true,
  sku_review_approve_after_update: true,
};
const isKnownEtype = (etype: unknown) => typeof etype === 'string' && Object.hasOwn(knownEtypes, etype);

/**
 * A notification of an etype this SDK does not know yet: only the common fields are checked,
 * so a new server etype never breaks parsing.
 */
export const OtherNotificationSchema = z.extend(NotificationBaseSchema, {
  // Refused for known etypes, so that a malformed known notification fails instead of passing
  // as an unknown one.
  etype: z.string().check(z.refine((etype: string) => !isKnownEtype(etype), { abort: true })),
});
export type OtherNotification = z.infer<typeof OtherNotificationSchema>;

export const NotificationSchema = z.union([KnownNotificationSchema, OtherNotificationSchema]).check(
  // The union alone reports a malformed known notification as "no branch matched" at the
  // notification; this adds the known variant's own issues, which name the fields at fault. It
  // runs only after such a failure, when `value` is still the input.
  z.superRefine(
    (notification, ctx) => {
      for (const issue of KnownNotificationSchema.safeParse(notification).error?.issues ?? []) {
        ctx.addIssue({ ...issue });
      }
    },
    {
      when: ({ issues, value }) =>
        issues.length > 0 &&
        typeof value === 'object' &&
        value !== null &&
        'etype' in value &&
        isKnownEtype(value.etype),
    },
  ),
);
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationEnvelopeSchema = object({ notification: NotificationSchema });
export type NotificationEnvelope = z.infer<typeof NotificationEnvelopeSchema>;

export const NotificationListSchema = object({
  notifications: z.array(NotificationSchema),
  meta: ListMetaSchema,
});
export type NotificationList = z.infer<typeof NotificationListSchema>;
