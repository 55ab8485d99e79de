import { presetUrl } from './avatars.js';
import { round2 } from './products.js';
import type { Rng } from './random.js';
import { athensTime } from './timestamps.js';
import type { SandboxData, SkuRecord, SkuReviewRecord } from './types.js';
import type {
  FavoriteRecord,
  NotificationEtype,
  NotificationRecord,
  PriceSnapshotRecord,
} from './user-types.js';
import { SANDBOX_USERS } from './users.js';

/** The first seeded id is the recorded `/notifications/314233664`; later ones grow from it. */
export const FIRST_NOTIFICATION_ID = 314_233_664;

export function notificationUrl(sku: SkuRecord): string {
  return `${sku.web_uri}?from=account_notifications`;
}

/** A price change from `before` to `after`, as the recorded snapshot words it. */
export function priceSnapshot(before: number, after: number): PriceSnapshotRecord {
  return {
    price_min: round2(after),
    latest_price: round2(before),
    change_rate: before > 0 ? Math.round((Math.abs(after - before) / before) * 1000) / 1000 : 0,
    from_threshold: false,
  };
}

/** A notification about a SKU, without id and times; the etype-specific fields default to none. */
export function skuNotification(
  userId: number,
  etype: NotificationEtype,
  sku: SkuRecord,
  extra: Partial<NotificationRecord> = {},
): Omit<NotificationRecord, 'id' | 'created_at' | 'updated_at'> {
  return {
    user_id: userId,
    etype,
    eventable_id: sku.id,
    eventable_type: 'Sku',
    eventable_name: sku.display_name,
    eventable_url: notificationUrl(sku),
    event_text: null,
    snapshot: null,
    is_viewed: false,
    aggregated: false,
    review_rating: null,
    review_text: null,
    review_user: null,
    ...extra,
  };
}

/** The reviewer shown in a `sku_review` notification: seeded authors have no profile, so one is made up. */
function reviewer(review: SkuReviewRecord): NonNullable<NotificationRecord['review_user']> {
  return { id: review.user_id, username: `user${review.user_id}`, avatar: presetUrl('avatar7.jpg') };
}

/**
 * alice: price_drop (viewed) and price_up on two of her phones, availability_true on her tablet,
 * sku_release (viewed) on her smartwatch, a single sku_review (with text and reviewer) and an
 * aggregated one on her reviewed phones. bob: price_drop on the phone he shares with alice,
 * availability_false (viewed) on his sneakers. Price snapshots end at the SKU's current price.
 * Listed newest first, ids grow with time.
 */
export function buildNotifications(
  rng: Rng,
  data: SandboxData,
  favorites: readonly FavoriteRecord[],
): NotificationRecord[] {
  const { alice, bob } = SANDBOX_USERS;
  const skuOf = (favorite: FavoriteRecord | undefined): SkuRecord => {
    const sku = data.skus.find((s) => s.id === favorite?.sku_id);
    if (!sku) throw new Error('sandbox data: a notification needs a favorited SKU');
    return sku;
  };
  const inCategory = (userId: number, categoryId: number): FavoriteRecord[] =>
    favorites.filter(
      (f) => f.user_id === userId && data.skus.find((s) => s.id === f.sku_id)?.category_id === categoryId,
    );
  const alicePhones = inCategory(alice, 40).filter((f) => f.have_it === false);
  const [phone1, phone2, phone3, phone4] = alicePhones.map(skuOf);
  if (!phone1 || !phone2 || !phone3 || !phone4) throw new Error('sandbox data: alice needs four phones');
  const tablet = skuOf(inCategory(alice, 1105)[0]);
  const watch = skuOf(inCategory(alice, 1705)[0]);
  const sneakers = skuOf(inCategory(bob, 1351)[0]);
  const reviewsOf = (sku: SkuRecord) => data.skuReviews.filter((r) => r.sku_id === sku.id);
  const newest = reviewsOf(phone3).at(-1);
  if (!newest) throw new Error('sandbox data: a reviewed phone has no reviews');
  const many = reviewsOf(phone4);
  const meanRating = Math.round(many.reduce((sum, r) => sum + r.rating, 0) / Math.max(1, many.length));
  const shopName = (sku: SkuRecord): string => {
    const product = data.products.find((p) => p.sku_id === sku.id);
    return data.shops.find((s) => s.id === product?.shop_id)?.name ?? '';
  };

  const drafts = [
    skuNotification(alice, 'price_drop', phone1, {
      snapshot: priceSnapshot(round2(phone1.price_min * 1.06), phone1.price_min),
      is_viewed: true,
    }),
    skuNotification(alice, 'sku_release', watch, { event_text: 'Κυκλοφόρησε', is_viewed: true }),
    skuNotification(bob, 'availability_false', sneakers, {
      event_text: `Δεν είναι πλέον διαθέσιμο στο ${shopName(sneakers)}`,
      is_viewed: true,
    }),
    skuNotification(alice, 'availability_true', tablet, {
      event_text: `Διαθέσιμο ξανά στο ${shopName(tablet)}`,
    }),
    skuNotification(alice, 'sku_review', phone4, { review_rating: meanRating, aggregated: true }),
    skuNotification(alice, 'price_up', phone2, {
      snapshot: priceSnapshot(round2(phone2.price_min / 1.04), phone2.price_min),
    }),
    skuNotification(bob, 'price_drop', phone1, {
      snapshot: priceSnapshot(round2(phone1.price_min * 1.06), phone1.price_min),
    }),
    skuNotification(alice, 'sku_review', phone3, {
      review_rating: newest.rating,
      review_text: newest.review,
      review_user: reviewer(newest),
    }),
  ];

  let id = FIRST_NOTIFICATION_ID;
  // After the favorites they are about (saved 2024 to early 2026), in the years of the price history.
  let time = Date.UTC(2026, 1, 9, 7);
  return drafts.map((draft, index) => {
    if (index > 0) id += rng.int(1, 50_000);
    time += rng.int(1, 6) * 86_400_000 + rng.int(0, 86_399) * 1000;
    const created = athensTime(time);
    // A viewed notification was updated when it was viewed.
    const updated = draft.is_viewed ? athensTime(time + rng.int(60, 7200) * 1000) : created;
    return { ...draft, id, created_at: created, updated_at: updated };
  });
}
