import { reviewScore } from '../data/sku-reviews.js';
import type { ReviewFormRecord, SkuRecord, SkuReviewRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import type { ReviewBook } from './review-book.js';

/**
 * Whole percentages that add up to 100 (largest remainder), as a breakdown bar needs; all 0 when
 * there is nothing to count.
 */
export function percentages(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((n) => (n * 100) / total);
  const out = exact.map(Math.floor);
  const order = exact.map((value, index) => ({ index, rest: value - Math.floor(value) }));
  order.sort((a, b) => b.rest - a.rest || a.index - b.index);
  let missing = 100 - out.reduce((sum, n) => sum + n, 0);
  for (const { index } of order) {
    if (missing <= 0) break;
    out[index] = (out[index] ?? 0) + 1;
    missing -= 1;
  }
  return out;
}

/** `meta.sku_rating_breakdown`: stars 1 to 5, each with its count and share. */
export function ratingBreakdown(reviews: readonly SkuReviewRecord[]): JsonObject[] {
  const counts = [1, 2, 3, 4, 5].map((star) => reviews.filter((r) => r.rating === star).length);
  const shares = percentages(counts);
  return counts.map((count, i) => ({ star: i + 1, percentage: shares[i] ?? 0, count }));
}

/**
 * `meta.sku_reviews_aggregation`: per sentiment question answered at least once, the share of
 * "yes" answers as a whole percentage; `good` from 50 up, `bad` below.
 */
export function reviewsAggregation(
  reviews: readonly SkuReviewRecord[],
  form: ReviewFormRecord | undefined,
): JsonObject[] {
  const out: JsonObject[] = [];
  for (const question of form?.questions ?? []) {
    if (question.type !== 'eval_sentiment' || question.aspect === null) continue;
    const ids = new Set(question.answers.map((a) => a.id));
    const positive = question.answers.find((a) => a.sentiment === 'positive')?.id;
    let answered = 0;
    let yes = 0;
    for (const review of reviews) {
      const chosen = review.answer_ids.find((id) => ids.has(id));
      if (chosen === undefined) continue;
      answered += 1;
      if (chosen === positive) yes += 1;
    }
    if (answered === 0) continue;
    const score = Math.round((yes * 100) / answered);
    out.push({ label: question.aspect, score, style: score >= 50 ? 'good' : 'bad' });
  }
  return out;
}

/**
 * The SKU with `reviews_count` and `reviewscore` as the sandbox's reviews now stand. The seed
 * already agrees with itself, so only a SKU whose reviews a test changed gets a copy. Routes call
 * `liveSku()` (`catalog/live.ts`), which adds the prices tests set.
 */
export function reviewedSku(book: ReviewBook, sku: SkuRecord): SkuRecord {
  if (!book.touched(sku.id)) return sku;
  const reviews = book.reviewsOf(sku.id);
  return { ...sku, reviews_count: reviews.length, reviewscore: reviewScore(reviews.map((r) => r.rating)) };
}
