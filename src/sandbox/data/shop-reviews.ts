import { idSequence } from './id-sequence.js';
import type { Rng } from './random.js';
import {
  NEGATIVE_SHOP_REASONS,
  POSITIVE_SHOP_REASONS,
  shopReplyText,
  shopReviewText,
} from './review-text.js';
import { athensTime } from './timestamps.js';
import type { ShopRecord, ShopReviewRecord } from './types.js';
import { seededUserId } from './users.js';

/** Several pages at the default 25, without tens of thousands of records. */
export const MAX_SEEDED_SHOP_REVIEWS = 120;

const FROM = Date.UTC(2016, 0, 1);
const TO = Date.UTC(2023, 11, 31);

/**
 * The reviews of every shop, oldest first: as many as its drawn `reviews_count` allows, at most
 * MAX_SEEDED_SHOP_REVIEWS. Each shop has its own share of happy customers; a negative review
 * (rating 1-2) carries complaint reasons, a positive one (4-5) praise.
 */
export function buildShopReviews(rng: Rng, shops: readonly ShopRecord[]): ShopReviewRecord[] {
  const nextId = idSequence(rng, 60_000, 25);
  const reviews: ShopReviewRecord[] = [];
  for (const shop of shops) {
    const count = Math.min(MAX_SEEDED_SHOP_REVIEWS, shop.reviews_count);
    const happy = 0.45 + rng.next() * 0.5;
    const times = Array.from({ length: count }, () => FROM + Math.floor(rng.next() * (TO - FROM))).sort(
      (a, b) => a - b,
    );
    for (const time of times) {
      const negative = !rng.chance(happy);
      const reasons = rng.sample(negative ? NEGATIVE_SHOP_REASONS : POSITIVE_SHOP_REASONS, rng.int(1, 3));
      reviews.push({
        id: nextId(),
        shop_id: shop.id,
        user_id: seededUserId(rng),
        review: shopReviewText(rng, negative),
        rating: negative ? rng.int(1, 2) : rng.int(4, 5),
        shop_reply: rng.chance(0.2) ? shopReplyText(negative) : null,
        created_at: athensTime(time),
        negative,
        reasons,
      });
    }
  }
  return reviews;
}

/**
 * Brings a shop's review fields in line with its reviews (oldest first): `reviews_count` counts
 * them all; the newest `latest_reviews_count` of them make `review_score` and the rating
 * breakdown; `top_positive_reasons` are the three reasons praised most often.
 */
export function settleShopReviews(rng: Rng, shop: ShopRecord, reviews: readonly ShopReviewRecord[]): void {
  shop.reviews_count = reviews.length;
  shop.latest_reviews_count =
    reviews.length === 0 ? 0 : rng.int(Math.ceil(reviews.length / 3), reviews.length);
  const latest = reviews.slice(reviews.length - shop.latest_reviews_count);
  shop.review_score =
    latest.length === 0
      ? 0
      : Math.round((latest.reduce((sum, r) => sum + r.rating, 0) / latest.length) * 10) / 10;
  const counts = new Map<string, number>();
  for (const review of reviews) {
    if (review.negative) continue;
    for (const reason of review.reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  shop.top_positive_reasons = POSITIVE_SHOP_REASONS.filter((reason) => counts.has(reason))
    .sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0))
    .slice(0, 3);
}
