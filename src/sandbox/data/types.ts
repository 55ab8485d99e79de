import type {
  AddressRecord,
  FavoriteListRecord,
  FavoriteRecord,
  NotificationRecord,
  SavedOrderRecord,
  UserRecord,
} from './user-types.js';

/**
 * The seeded records of the sandbox. Each record holds its wire fields (as the newest API version
 * shows them) plus, where noted, relations the API never shows (`filter_ids`, `shop_id` on a
 * location, ...). Serializers in `../present` choose what goes on the wire.
 */

export type LayoutMode = 'list' | 'tiles' | 'wide_tiles';

export interface CategoryRecord {
  id: number;
  name: string;
  children_count: number;
  image_url: string | null;
  parent_id: number;
  fashion: boolean;
  layout_mode: LayoutMode;
  web_uri: string;
  code: string;
  path: string;
  show_specifications: boolean;
  manufacturer_title: string;
  family_id: number | null;
  show_manufacturers_filter: boolean;
  adult: boolean;
  onclick_behaviour: string;
  show_spec_summary: boolean;
  unit_price_label: string | null;
  reviewable: boolean;
  comparable: boolean;
  /** Not on the wire: the SKU order methods of this category (`meta.order_by_methods`). */
  order_by_methods: Record<string, string>;
  /** Not on the wire: the order used when the request names none. */
  default_order_by: string;
}

export interface ManufacturerRecord {
  id: number;
  name: string;
  image_url: string | null;
}

export interface PaymentMethods {
  credit_card: boolean;
  paypal: boolean;
  bank: boolean;
  spot_cash: boolean;
  bkm?: boolean;
  ipara?: boolean;
  installments?: string;
}

export interface ShopShipping {
  free: boolean;
  free_from: number | null;
  free_from_info: string | null;
  min_price: string;
  shipping_cost_enabled: boolean;
}

export interface ShopRecord {
  id: number;
  name: string;
  link: string;
  phone: string;
  image_url: string;
  thumbshot_url: string;
  reviews_count: number;
  latest_reviews_count: number;
  review_score: number;
  payment_methods: PaymentMethods;
  shipping: ShopShipping;
  web_uri: string;
  extra_info: { time_on_platform: string; orders_per_week: string | null };
  top_positive_reasons: string[];
  /** Not on the wire: the third part of `first_product_shop_info`. */
  slug: string;
  /** Not on the wire: category families (level-1 category ids) the shop sells in; empty = all. */
  families: number[];
  /** Not on the wire: the shop's shipping charge below its free-shipping threshold (`blp.shipping_cost`). */
  shipping_rate: number;
  /** Not on the wire: the charge of its default payment method (`blp.payment_method_cost`), null if unknown. */
  payment_fee: number | null;
}

export interface LocationAddressRecord {
  id: number;
  street_number: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
}

export interface ShopLocationRecord {
  id: number;
  /** Not on the wire. */
  shop_id: number;
  headquarter: boolean;
  phones: string[];
  pickup_point: boolean;
  store: boolean;
  full_address: string;
  format: 'structured' | 'unstructured';
  lat: string;
  lng: string;
  info: string;
  /** On the wire only with `embed=address`; all null but `id` when `format` is unstructured. */
  address: LocationAddressRecord;
}

export interface SkuRecord {
  id: number;
  ean: string;
  pn: string;
  name: string;
  display_name: string;
  category_id: number;
  first_product_shop_info: string | null;
  click_url: string | null;
  price_max: number;
  price_min: number;
  reviewscore: number;
  shop_count: number;
  plain_spec_summary: string;
  manufacturer_id: number;
  future: boolean;
  reviews_count: number;
  virtual: boolean;
  images: { main: string; alternatives: string[] };
  web_uri: string;
  comparable: boolean;
  reviewable: boolean;
  name_source: string;
  sizes: string[] | null;
  description: string | null;
  ecommerce_enabled: boolean;
  /** Not on the wire: the filters this SKU satisfies (`filter_ids[]` in listings). */
  filter_ids: number[];
  /** Not on the wire: its values per category specification id. */
  spec_values: Record<number, string[]>;
  /** Not on the wire: the score behind `order_by=popularity`. */
  popularity: number;
}

export interface ProductBlp {
  shipping_cost: number;
  payment_method_cost: number | null;
  final_price: number | null;
}

export interface ProductRecord {
  id: number;
  name: string;
  sku_id: number;
  shop_id: number;
  category_id: number;
  availability: string;
  click_url: string;
  shop_uid: string;
  expenses: number | null;
  web_uri: string;
  sizes: string[];
  price: number;
  immediate_pickup: boolean;
  blp: ProductBlp;
  /** Not on the wire: 0 immediate pickup, 1 within 1-3 days, 2 within 4-10 days, 3 on order. */
  availability_id: number;
}

export interface SpecificationGroupRecord {
  id: number;
  name: string;
  order: number;
  category_id: number;
}

export interface SpecificationRecord {
  id: number;
  name: string;
  order: number;
  unit: string;
  group_id: number;
  category_id: number;
}

export interface FilterGroupRecord {
  id: number;
  name: string;
  active: boolean;
  category_id: number;
  created_at: string | null;
  updated_at: string;
  hint: string;
  combined: boolean;
  /** 0 price, 1 keyword, 2 spec, 3 synced spec, 4 custom range, 5 sizes. */
  filter_type: number;
}

/** The API shows no field of a single filter; these are the sandbox's own. */
export interface FilterRecord {
  id: number;
  name: string;
  filter_group_id: number;
  category_id: number;
}

/** What an `eval_sentiment` answer says about its question's aspect. */
export type Sentiment = 'positive' | 'mediocre' | 'negative';

export interface ReviewAnswerRecord {
  id: number;
  text: string;
  /** Not on the wire: for `eval_sentiment` answers, the sentiment it puts the aspect under. */
  sentiment: Sentiment | null;
}

export interface ReviewQuestionRecord {
  text: string;
  type: 'profiling_multiple' | 'eval_sentiment';
  /** Not on the wire: the label `sentiments` and `sku_reviews_aggregation` show; null for profiling. */
  aspect: string | null;
  answers: ReviewAnswerRecord[];
}

/** The review form of one leaf category (`GET /skus/:id/reviews/new`). */
export interface ReviewFormRecord {
  category_id: number;
  requires_body: boolean;
  questions: ReviewQuestionRecord[];
}

export interface SkuReviewRecord {
  id: number;
  sku_id: number;
  user_id: number;
  review: string;
  rating: number;
  created_at: string;
  demoted: boolean;
  votes_count: number;
  helpful_votes_count: number;
  /** Not on the wire: the chosen form answers; `sentiments` and the edit form follow from them. */
  answer_ids: number[];
}

export interface ShopReviewRecord {
  id: number;
  /** Not on the wire. */
  shop_id: number;
  user_id: number;
  review: string;
  rating: number;
  shop_reply: string | null;
  created_at: string;
  /** Whether `reasons` are complaints. */
  negative: boolean;
  reasons: string[];
}

export interface SandboxData {
  rootId: number;
  categories: CategoryRecord[];
  manufacturers: ManufacturerRecord[];
  shops: ShopRecord[];
  shopLocations: ShopLocationRecord[];
  skus: SkuRecord[];
  products: ProductRecord[];
  specificationGroups: SpecificationGroupRecord[];
  specifications: SpecificationRecord[];
  filterGroups: FilterGroupRecord[];
  filters: FilterRecord[];
  reviewForms: ReviewFormRecord[];
  /** Per SKU oldest first; a SKU's `reviews_count` and `reviewscore` are computed from them. */
  skuReviews: SkuReviewRecord[];
  /** Per shop oldest first; the shop's counts, score and top reasons are computed from them. */
  shopReviews: ShopReviewRecord[];
  /** The seeded users (`SANDBOX_USERS`) and what they own; each record has its `user_id`. */
  users: UserRecord[];
  /** Custom and auto lists; an auto list's id is its category id, negated. */
  favoriteLists: FavoriteListRecord[];
  /** Oldest first; ids grow with creation. */
  favorites: FavoriteRecord[];
  addresses: AddressRecord[];
  /** Oldest first. */
  savedOrders: SavedOrderRecord[];
  /** Oldest first; ids grow with creation. */
  notifications: NotificationRecord[];
}
