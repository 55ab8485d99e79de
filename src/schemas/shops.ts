import * as v from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';

export const ShopPaymentMethodsSchema = v.object({
  credit_card: v.boolean(),
  paypal: v.boolean(),
  bank: v.boolean(),
  spot_cash: v.boolean(),
  // The spec lists bkm and ipara as B, but the recorded shop (3.1) has neither.
  bkm: v.optional(v.boolean()),
  ipara: v.optional(v.boolean()),
  /** Sometimes absent; recorded as "" when the shop offers none. */
  installments: v.optional(nullableString()),
});
export type ShopPaymentMethods = v.infer<typeof ShopPaymentMethodsSchema>;

export const ShopShippingSchema = v.object({
  free: v.boolean(),
  // The spec gives `free_from` and `free_from_info` no type and marks them "can be null or
  // absent"; recordings only show null.
  free_from: v.optional(v.unknown()),
  free_from_info: v.optional(v.unknown()),
  min_price: nullableString(),
  /** Since 3.1.1: true when the shop has shipping rules. Absent in shop search results. */
  shipping_cost_enabled: v.optional(v.boolean()),
});
export type ShopShipping = v.infer<typeof ShopShippingSchema>;

export const ShopExtraInfoSchema = v.object({
  time_on_platform: nullableString(),
  orders_per_week: v.optional(nullableString()),
});
export type ShopExtraInfo = v.infer<typeof ShopExtraInfoSchema>;

export const ShopSchema = v.object({
  id: v.number(),
  name: v.string(),
  link: nullableString(),
  phone: nullableString(),
  image_url: nullableString(),
  thumbshot_url: nullableString(),
  // Counts and the score can be blank (rule 2), e.g. a shop without reviews.
  reviews_count: nullableNumber(),
  /** The reviews counted for the score. */
  latest_reviews_count: nullableNumber(),
  review_score: nullableNumber(),
  payment_methods: ShopPaymentMethodsSchema,
  shipping: ShopShippingSchema,
  web_uri: v.string(),
  extra_info: ShopExtraInfoSchema,
  top_positive_reasons: v.array(v.string()),
});
export type Shop = v.infer<typeof ShopSchema>;

export const ShopEnvelopeSchema = v.object({ shop: ShopSchema });
export type ShopEnvelope = v.infer<typeof ShopEnvelopeSchema>;

/** GET /shops/search. */
export const ShopListSchema = v.object({ shops: v.array(ShopSchema), meta: ListMetaSchema });
export type ShopList = v.infer<typeof ShopListSchema>;

// --- reviews --------------------------------------------------------------------------------

export const ShopReviewSchema = v.object({
  id: v.number(),
  /** Null when blank (rule 2): the reviewer's account may be gone. */
  user_id: nullableNumber(),
  review: nullableString(),
  rating: v.number(),
  // Untyped in the spec ("can be null or absent"); always null in the recordings.
  shop_reply: v.optional(v.unknown()),
  created_at: v.string(),
  /** Whether `reasons` are complaints. */
  negative: v.boolean(),
  reasons: v.array(v.string()),
});
export type ShopReview = v.infer<typeof ShopReviewSchema>;

export const ShopRatingBreakdownSchema = v.object({
  /** `positive` or `negative`. */
  impression: v.string(),
  percentage: v.number(),
  count: v.number(),
});
export type ShopRatingBreakdown = v.infer<typeof ShopRatingBreakdownSchema>;

export const ShopReviewListMetaSchema = v.extend(ListMetaSchema, {
  /** With `include_meta=shop_rating_breakdown`. */
  shop_rating_breakdown: v.optional(v.array(ShopRatingBreakdownSchema)),
});
export type ShopReviewListMeta = v.infer<typeof ShopReviewListMetaSchema>;

export const ShopReviewListSchema = v.object({
  reviews: v.array(ShopReviewSchema),
  meta: ShopReviewListMetaSchema,
});
export type ShopReviewList = v.infer<typeof ShopReviewListSchema>;

// --- locations ------------------------------------------------------------------------------

/** Every part is null unless the location's `format` is `structured`. */
export const LocationAddressSchema = v.object({
  id: v.number(),
  street_number: v.optional(nullableString()),
  street: v.optional(nullableString()),
  postcode: v.optional(nullableString()),
  city: v.optional(nullableString()),
  region: v.optional(nullableString()),
  country: v.optional(nullableString()),
});
export type LocationAddress = v.infer<typeof LocationAddressSchema>;

export const ShopLocationSchema = v.object({
  id: v.number(),
  headquarter: v.boolean(),
  phones: v.array(v.string()),
  pickup_point: v.boolean(),
  store: v.boolean(),
  full_address: nullableString(),
  /** `structured` or `unstructured`. */
  format: v.string(),
  lat: nullableString(),
  lng: nullableString(),
  info: nullableString(),
  /** With `embed=address`. */
  address: v.optional(LocationAddressSchema),
  // Not in the spec: the recorded GET /locations/find answer adds the distance from the
  // queried point (in metres, by the values seen).
  distance: v.optional(v.number()),
});
export type ShopLocation = v.infer<typeof ShopLocationSchema>;

/** A location without the address `embed: 'address'` adds. */
export const ShopLocationFieldsSchema = v.omit(ShopLocationSchema, { address: true });
export type ShopLocationFields = v.infer<typeof ShopLocationFieldsSchema>;

export const ShopLocationEnvelopeSchema = v.object({ location: ShopLocationSchema });
export type ShopLocationEnvelope = v.infer<typeof ShopLocationEnvelopeSchema>;

export const ShopLocationListSchema = v.object({
  locations: v.array(ShopLocationSchema),
  meta: ListMetaSchema,
});
export type ShopLocationList = v.infer<typeof ShopLocationListSchema>;

/**
 * A location found by GET /locations/find (recorded, not in the spec): the location's fields and
 * its `distance` from the queried point, in metres by the values recorded (`87.0`).
 */
export const FoundLocationSchema = v.extend(ShopLocationFieldsSchema, { distance: v.number() });
export type FoundLocation = v.infer<typeof FoundLocationSchema>;

/** GET /locations/find: nearest first. */
export const FoundLocationListSchema = v.object({
  locations: v.array(FoundLocationSchema),
  meta: ListMetaSchema,
});
export type FoundLocationList = v.infer<typeof FoundLocationListSchema>;
