/**
 * The seeded records of the sandbox's users: profiles, favorites and their lists, addresses,
 * saved orders and notifications. Each carries `user_id` (not on the wire where the API leaves it
 * out). Tests change copies of them (`../users/user-book.ts`), never these.
 */

export type Sex = 'male' | 'female';

export interface EmailNotificationRecord {
  field: string;
  label: string;
  description: string;
  enabled: boolean;
}

export interface UserStatsRecord {
  /** Seeded as 0: served live, counted from the SKU reviews the user has in the sandbox. */
  sku_review_count: number;
  shop_review_count: number;
  sku_comment_count: number;
  received_votes: number;
}

export interface UserRecord {
  id: number;
  username: string;
  /** `native`, `open_id`, or a third-party provider (`facebook`, `google`, `apple`). */
  type: string;
  sex: Sex | null;
  avatar: string;
  created_at: string;
  email: string;
  birthyear: number | null;
  mobile: string | null;
  stats: UserStatsRecord;
  email_notifications: EmailNotificationRecord[];
  is_staff: boolean;
  resend_verification_email: boolean;
}

/** `custom` lists are the user's own; an `auto` list (negative id: -category id) holds one category. */
export type FavoriteListType = 'custom' | 'auto';

export interface FavoriteListRecord {
  id: number;
  user_id: number;
  name: string;
  type: FavoriteListType;
  /** The category of an auto list; null for a custom list. */
  category_id: number | null;
}

export interface FavoriteRecord {
  id: number;
  /** true: owned (then `favorite_list_id` is null); null after a `new_list_name` assignment. */
  have_it: boolean | null;
  user_id: number;
  user_notes: string | null;
  sku_id: number;
  created_at: string;
  updated_at: string;
  get_absolute_threshold: string | null;
  favorite_list_id: number | null;
}

/**
 * A user's address: the spec's `label`, `full`, `lat`, `lng`, and the parts the recorded answer
 * shows (`first_name` … `mobile`), null when not given.
 */
export interface AddressRecord {
  id: number;
  user_id: number;
  label: string;
  full: string;
  first_name: string | null;
  last_name: string | null;
  street_name: string | null;
  street_number: string | null;
  city: string | null;
  zip: string | null;
  region: string | null;
  phone: string | null;
  mobile: string | null;
  lng: string | null;
  lat: string | null;
}

export interface SavedOrderLineItemRecord {
  name: string;
  quantity: number;
  price: number;
  image: string | null;
  sku_id: number;
  product_id: number;
  category_id: number;
}

export interface SavedOrderRecord {
  user_id: number;
  date: string;
  products_cost: number;
  shipping_cost: number;
  total_cost: number;
  line_items: SavedOrderLineItemRecord[];
  shop_id: number;
  order_code: string;
}

export type NotificationEtype =
  | 'price_drop'
  | 'price_up'
  | 'availability_true'
  | 'availability_false'
  | 'sku_release'
  | 'sku_review'
  | 'sku_review_rephrase_request'
  | 'sku_review_approve_after_update';

export interface PriceSnapshotRecord {
  /** The SKU's price after the change. */
  price_min: number;
  /** Its price before the change. */
  latest_price: number;
  /** |after - before| / before, 3 decimals. */
  change_rate: number;
  from_threshold: boolean;
}

export interface NotificationRecord {
  id: number;
  user_id: number;
  etype: NotificationEtype;
  /** A SKU id: every seeded etype is about a SKU. */
  eventable_id: number;
  eventable_type: string;
  eventable_name: string;
  eventable_url: string;
  event_text: string | null;
  /** Price changes only; other etypes show `{}` (the spec shows no other shape). */
  snapshot: PriceSnapshotRecord | null;
  is_viewed: boolean;
  aggregated: boolean;
  created_at: string;
  updated_at: string;
  /** `sku_review` only. */
  review_rating: number | null;
  /** Non-aggregated `sku_review` only. */
  review_text: string | null;
  review_user: { id: number; username: string; avatar: string } | null;
}
