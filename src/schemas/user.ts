import * as z from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { object } from './object.js';

export const UserStatsSchema = object({
  // Counts: null when blank (rule 2).
  sku_review_count: nullableNumber(),
  shop_review_count: nullableNumber(),
  sku_comment_count: nullableNumber(),
  received_votes: nullableNumber(),
});
export type UserStats = z.infer<typeof UserStatsSchema>;

export const EmailNotificationSettingSchema = object({
  field: z.string(),
  label: nullableString(),
  description: nullableString(),
  enabled: z.boolean(),
});
export type EmailNotificationSetting = z.infer<typeof EmailNotificationSettingSchema>;

export const UserSchema = object({
  id: z.number(),
  username: z.string(),
  /** Account kind: the native one, `open_id`, or a third-party provider. */
  type: z.string(),
  /** `male` or `female`. */
  sex: z.optional(nullableString()),
  /** URI. */
  avatar: nullableString(),
  created_at: z.string(),
  /** Null when blank (rule 2): an account made through a provider may have none. */
  email: nullableString(),
  // N in the spec, but a user who never gave a birth year has a blank, hence null, one.
  birthyear: z.nullable(z.number()),
  mobile: z.optional(nullableString()),
  stats: UserStatsSchema,
  email_notifications: z.array(EmailNotificationSettingSchema),
  // Since 3.2.1. The spec types it S yet describes it as "true when a staff member", so both
  // a boolean and a string are accepted.
  is_staff: z.optional(z.union([z.boolean(), z.string()])),
  resend_verification_email: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** GET and PATCH /user. */
export const UserEnvelopeSchema = object({ user: UserSchema });
export type UserEnvelope = z.infer<typeof UserEnvelopeSchema>;

/** GET /user/avatars: URIs whose file names are the accepted `avatar_preset` values. */
export const AvatarListSchema = object({ avatars: z.array(z.string()) });
export type AvatarList = z.infer<typeof AvatarListSchema>;

// --- addresses ------------------------------------------------------------------------------

export const AddressSchema = object({
  id: z.number(),
  label: z.string(),
  // The spec lists `full` (S), but the recorded PUT /user/addresses/:id answer has no `full`
  // and carries the address in parts (first_name … zip) instead.
  full: z.optional(nullableString()),
  first_name: z.optional(nullableString()),
  last_name: z.optional(nullableString()),
  street_name: z.optional(nullableString()),
  street_number: z.optional(nullableString()),
  city: z.optional(nullableString()),
  zip: z.optional(nullableString()),
  region: z.optional(nullableString()),
  phone: z.optional(nullableString()),
  mobile: z.optional(nullableString()),
  /** May be filled in only after a full change. */
  lng: z.optional(nullableString()),
  lat: z.optional(nullableString()),
});
export type Address = z.infer<typeof AddressSchema>;

export const AddressEnvelopeSchema = object({ address: AddressSchema });
export type AddressEnvelope = z.infer<typeof AddressEnvelopeSchema>;

/** GET /user/addresses (not paginated). */
export const AddressListSchema = object({ addresses: z.array(AddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

export const AddressFormSchema = object({
  /** Names of the required fields: `label`, `full`. */
  required: z.array(z.string()),
});
export type AddressForm = z.infer<typeof AddressFormSchema>;

/** GET /user/addresses/new. */
export const AddressFormEnvelopeSchema = object({ address_form: AddressFormSchema });
export type AddressFormEnvelope = z.infer<typeof AddressFormEnvelopeSchema>;

// --- saved orders ---------------------------------------------------------------------------

export const SavedOrderLineItemSchema = object({
  // Texts, prices and the ids of records that may be gone: null when blank (rule 2).
  name: nullableString(),
  quantity: z.number(),
  price: nullableNumber(),
  // Untyped in the spec.
  image: z.unknown(),
  sku_id: nullableNumber(),
  product_id: nullableNumber(),
  category_id: nullableNumber(),
});
export type SavedOrderLineItem = z.infer<typeof SavedOrderLineItemSchema>;

export const SavedOrderSchema = object({
  date: z.string(),
  products_cost: nullableNumber(),
  shipping_cost: nullableNumber(),
  total_cost: nullableNumber(),
  line_items: z.array(SavedOrderLineItemSchema),
  /** Null when blank (rule 2): the shop may be gone. */
  shop_id: nullableNumber(),
  order_code: nullableString(),
});
export type SavedOrder = z.infer<typeof SavedOrderSchema>;

export const SavedOrderListSchema = object({
  saved_orders: z.array(SavedOrderSchema),
  meta: ListMetaSchema,
});
export type SavedOrderList = z.infer<typeof SavedOrderListSchema>;

// The spec gives DELETE /user/logout no body; the recording answers 200 with an empty (null)
// body. Anything the server may send instead is only an acknowledgement.
export const LogoutAnswerSchema = z.nullish(object({}));
export type LogoutAnswer = z.infer<typeof LogoutAnswerSchema>;
