import * as v from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';

export const UserStatsSchema = v.object({
  // Counts: null when blank (rule 2).
  sku_review_count: nullableNumber(),
  shop_review_count: nullableNumber(),
  sku_comment_count: nullableNumber(),
  received_votes: nullableNumber(),
});
export type UserStats = v.infer<typeof UserStatsSchema>;

export const EmailNotificationSettingSchema = v.object({
  field: v.string(),
  label: nullableString(),
  description: nullableString(),
  enabled: v.boolean(),
});
export type EmailNotificationSetting = v.infer<typeof EmailNotificationSettingSchema>;

export const UserSchema = v.object({
  id: v.number(),
  username: v.string(),
  /** Account kind: the native one, `open_id`, or a third-party provider. */
  type: v.string(),
  /** `male` or `female`. */
  sex: v.optional(nullableString()),
  /** URI. */
  avatar: nullableString(),
  created_at: v.string(),
  /** Null when blank (rule 2): an account made through a provider may have none. */
  email: nullableString(),
  // N in the spec, but a user who never gave a birth year has a blank, hence null, one.
  birthyear: v.nullable(v.number()),
  mobile: v.optional(nullableString()),
  stats: UserStatsSchema,
  email_notifications: v.array(EmailNotificationSettingSchema),
  // Since 3.2.1. The spec types it S yet describes it as "true when a staff member", so both
  // a boolean and a string are accepted.
  is_staff: v.optional(v.union([v.boolean(), v.string()])),
  /** Since 3.2.0 (profile update): absent from answers of 3.1. */
  resend_verification_email: v.optional(v.boolean()),
});
export type User = v.infer<typeof UserSchema>;

/** GET and PATCH /user. */
export const UserEnvelopeSchema = v.object({ user: UserSchema });
export type UserEnvelope = v.infer<typeof UserEnvelopeSchema>;

/** GET /user/avatars: URIs whose file names are the accepted `avatar_preset` values. */
export const AvatarListSchema = v.object({ avatars: v.array(v.string()) });
export type AvatarList = v.infer<typeof AvatarListSchema>;

// --- addresses ------------------------------------------------------------------------------

export const AddressSchema = v.object({
  id: v.number(),
  label: v.string(),
  // The spec lists `full` (S), but the recorded PUT /user/addresses/:id answer has no `full`
  // and carries the address in parts (first_name … zip) instead.
  full: v.optional(nullableString()),
  first_name: v.optional(nullableString()),
  last_name: v.optional(nullableString()),
  street_name: v.optional(nullableString()),
  street_number: v.optional(nullableString()),
  city: v.optional(nullableString()),
  zip: v.optional(nullableString()),
  region: v.optional(nullableString()),
  phone: v.optional(nullableString()),
  mobile: v.optional(nullableString()),
  /** May be filled in only after a full change. */
  lng: v.optional(nullableString()),
  lat: v.optional(nullableString()),
});
export type Address = v.infer<typeof AddressSchema>;

export const AddressEnvelopeSchema = v.object({ address: AddressSchema });
export type AddressEnvelope = v.infer<typeof AddressEnvelopeSchema>;

/** GET /user/addresses (not paginated). */
export const AddressListSchema = v.object({ addresses: v.array(AddressSchema) });
export type AddressList = v.infer<typeof AddressListSchema>;

export const AddressFormSchema = v.object({
  /** Names of the required fields: `label`, `full`. */
  required: v.array(v.string()),
});
export type AddressForm = v.infer<typeof AddressFormSchema>;

/** GET /user/addresses/new. */
export const AddressFormEnvelopeSchema = v.object({ address_form: AddressFormSchema });
export type AddressFormEnvelope = v.infer<typeof AddressFormEnvelopeSchema>;

// --- saved orders ---------------------------------------------------------------------------

export const SavedOrderLineItemSchema = v.object({
  // Texts, prices and the ids of records that may be gone: null when blank (rule 2).
  name: nullableString(),
  quantity: v.number(),
  price: nullableNumber(),
  // Untyped in the spec ("can be null or absent").
  image: v.optional(v.unknown()),
  sku_id: nullableNumber(),
  product_id: nullableNumber(),
  category_id: nullableNumber(),
});
export type SavedOrderLineItem = v.infer<typeof SavedOrderLineItemSchema>;

export const SavedOrderSchema = v.object({
  date: v.string(),
  products_cost: nullableNumber(),
  shipping_cost: nullableNumber(),
  total_cost: nullableNumber(),
  line_items: v.array(SavedOrderLineItemSchema),
  /** Null when blank (rule 2): the shop may be gone. */
  shop_id: nullableNumber(),
  order_code: nullableString(),
});
export type SavedOrder = v.infer<typeof SavedOrderSchema>;

export const SavedOrderListSchema = v.object({
  saved_orders: v.array(SavedOrderSchema),
  meta: ListMetaSchema,
});
export type SavedOrderList = v.infer<typeof SavedOrderListSchema>;

// The spec gives DELETE /user/logout no body; the recording answers 200 with an empty (null)
// body. Anything the server may send instead is only an acknowledgement.
export const LogoutAnswerSchema = v.nullish(v.object({}));
export type LogoutAnswer = v.infer<typeof LogoutAnswerSchema>;
