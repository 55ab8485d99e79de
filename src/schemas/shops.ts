import * as z from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { object } from './object.js';

export const ShopPaymentMethodsSchema = object({
  credit_card: z.boolean(),
  paypal: z.boolean(),
  bank: z.boolean(),
  spot_cash: z.boolean(),
  // The spec lists bkm and ipara as B, but the recorded shop (3.1) has neither.
  bkm: z.optional(z.boolean()),
  ipara: z.optional(z.boolean()),
  /** Sometimes absent; recorded as "" when the shop offers none. */
  installments: z.optional(nullableString()),
});
export type ShopPaymentMethods = z.infer<typeof ShopPaymentMethodsSchema>;

export const ShopShippingSchema = object({
  free: z.boolean(),
  // The spec gives `free_from` and `free_from_info` no type; recordings only show null.
  free_from: z.unknown(),
  free_from_info: z.unknown(),
  min_price: nullableString(),
  /** Since 3.1.1: true when the shop has shipping rules. Absent in shop search results. */
  shipping_cost_enabled: z.optional(z.boolean()),
});
export type ShopShipping = z.infer<typeof ShopShippingSchema>;

export const ShopExtraInfoSchema = object({
  time_on_platform: nullableString(),
  orders_per_week: z.optional(nullableString()),
});
export type ShopExtraInfo = z.infer<typeof ShopExtraInfoSchema>;

export const ShopSchema = object({
  id: z.number(),
  name: z.string(),
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
  web_uri: z.string(),
  extra_info: ShopExtraInfoSchema,
  top_positive_reasons: z.array(z.string()),
});
export type Shop = z.infer<typeof ShopSchema>;

export const ShopEnvelopeSchema = object({ shop: ShopSchema });
export type ShopEnvelope = z.infer<typeof ShopEnvelopeSchema>;

/** GET /shops/search. */
export const ShopListSchema = object({ shops: z.array(ShopSchema), meta: ListMetaSchema });
export type ShopList = z.infer<typeof ShopListSchema>;

// --- reviews --------------------------------------------------------------------------------

export const ShopReviewSchema = object({
  id: z.number(),
  /** Null when blank (rule 2): the reviewer's account may be gone. */
  user_id: nullableNumber(),
  review: nullableString(),
  rating: z.number(),
  // Untyped in the spec; always null in the recordings.
  shop_reply: z.unknown(),
  created_at: z.string(),
  /** Whether `reasons` are complaints. */
  negative: z.boolean(),
  reasons: z.array(z.string()),
});
export type ShopReview = z.infer<typeof ShopReviewSchema>;

export const ShopRatingBreakdownSchema = object({
  /** `positive` or `negative`. */
  impression: z.string(),
  percentage: z.number(),
  count: z.number(),
});
export type ShopRatingBreakdown = z.infer<typeof ShopRatingBreakdownSchema>;

export const ShopReviewListMetaSchema = z.extend(ListMetaSchema, {
  /** With `include_meta=shop_rating_breakdown`. */
  shop_rating_breakdown: z.optional(z.array(ShopRatingBreakdownSchema)),
});
export type ShopReviewListMeta = z.infer<typeof ShopReviewListMetaSchema>;

export const ShopReviewListSchema = object({
  reviews: z.array(ShopReviewSchema),
  meta: ShopReviewListMetaSchema,
});
export type ShopReviewList = z.infer<typeof ShopReviewListSchema>;

// --- locations ------------------------------------------------------------------------------

/** Every part is null unless the location's `format` is `structured`. */
export const LocationAddressSchema = object({
  id: z.number(),
  street_number: z.optional(nullableString()),
  street: z.optional(nullableString()),
  postcode: z.optional(nullableString()),
  city: z.optional(nullableString()),
  region: z.optional(nullableString()),
  country: z.optional(nullableString()),
});
export type LocationAddress = z.infer<typeof LocationAddressSchema>;

export const ShopLocationSchema = object({
  id: z.number(),
  headquarter: z.boolean(),
  phones: z.array(z.string()),
  pickup_point: z.boolean(),
  store: z.boolean(),
  full_address: nullableString(),
  /** `structured` or `unstructured`. */
  format: z.string(),
  lat: nullableString(),
  lng: nullableString(),
  info: nullableString(),
  /** With `embed=address`. */
  address: z.optional(LocationAddressSchema),
  // Not in the spec: the recorded GET /locations/find answer adds the distance from the
  // queried point (in metres, by the values seen).
  distance: z.optional(z.number()),
});
export type ShopLocation = z.infer<typeof ShopLocationSchema>;

/** A location without the address `embed: 'address'` adds. */
export const ShopLocationFieldsSchema = z.omit(ShopLocationSchema, { address: true });
export type ShopLocationFields = z.infer<typeof ShopLocationFieldsSchema>;

export const ShopLocationEnvelopeSchema = object({ location: ShopLocationSchema });
export type ShopLocationEnvelope = z.infer<typeof ShopLocationEnvelopeSchema>;

export const ShopLocationListSchema = object({
  locations: z.array(ShopLocationSchema),
  meta: ListMetaSchema,
});
export type ShopLocationList = z.infer<typeof ShopLocationListSchema>;

/**
 * A location found by GET /locations/find (recorded, not in the spec): the location's fields and
 * its `distance` from the queried point, in metres by the values recorded (`87.0`).
 */
export const FoundLocationSchema = z.extend(ShopLocationFieldsSchema, { distance: z.number() });
export type FoundLocation = z.infer<typeof FoundLocationSchema>;

/** GET /locations/find: nearest first. */
export const FoundLocationListSchema = object({
  locations: z.array(FoundLocationSchema),
  meta: ListMetaSchema,
});
export type FoundLocationList = z.infer<typeof FoundLocationListSchema>;
