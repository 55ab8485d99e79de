import { idSequence } from './id-sequence.js';
import type { Rng } from './random.js';
import { isDemoted, reviewText, shortReviewText } from './review-text.js';
import { athensTime } from './timestamps.js';
import type { ReviewFormRecord, Sentiment, SkuRecord, SkuReviewRecord } from './types.js';
import { seededUserId } from './users.js';

/** The most reviews a seeded SKU has: dozens of pages at `per=10`, the catalog still quick to build. */
export const MAX_SEEDED_REVIEWS = 400;

const FROM = Date.UTC(2016, 0, 1);
const TO = Date.UTC(2023, 11, 31);

/** Chance of a positive / negative answer to a sentiment question, by star rating (index 1-5). */
const POSITIVE_BY_RATING = [0, 0.1, 0.2, 0.4, 0.7, 0.88];
const NEGATIVE_BY_RATING = [0, 0.65, 0.45, 0.2, 0.07, 0.03];

/** `reviewscore`: the mean rating, to 5 decimals like the recorded SKUs (4.46667). */
export function reviewScore(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 100000) / 100000;
}

/** A rating scattered around the SKU's target score, so the mean lands near it. */
function drawRating(rng: Rng, target: number): number {
  const spread = (rng.next() + rng.next() + rng.next() - 1.5) * 1.6;
  return Math.min(5, Math.max(1, Math.round(target + spread)));
}

function drawSentiment(rng: Rng, rating: number): Sentiment {
  const roll = rng.next();
  const positive = POSITIVE_BY_RATING[rating] ?? 0.5;
  if (roll < positive) return 'positive';
  return roll < positive + (NEGATIVE_BY_RATING[rating] ?? 0.2) ? 'negative' : 'mediocre';
}

interface Chosen {
  answerIds: number[];
  aspects: { aspect: string; sentiment: Sentiment }[];
}

/** Some profiling answers and, per sentiment question, usually one answer that fits the rating. */
function chooseAnswers(rng: Rng, form: ReviewFormRecord | undefined, rating: number): Chosen {
  const chosen: Chosen = { answerIds: [], aspects: [] };
  for (const question of form?.questions ?? []) {
    if (question.type === 'profiling_multiple') {
      if (rng.chance(0.8)) {
        const picks = rng.sample(question.answers, rng.int(1, 3));
        chosen.answerIds.push(...picks.map((a) => a.id).sort((a, b) => a - b));
      }
      continue;
    }
    if (!rng.chance(0.75)) continue;
    const sentiment = drawSentiment(rng, rating);
    const answer = question.answers.find((a) => a.sentiment === sentiment);
    if (answer && question.aspect !== null) {
      chosen.answerIds.push(answer.id);
      chosen.aspects.push({ aspect: question.aspect, sentiment });
    }
  }
  return chosen;
}

/**
 * The seeded reviews of every SKU: as many as its drawn `reviews_count` allows, at most
 * MAX_SEEDED_REVIEWS; none for future or non-reviewable SKUs. Ratings scatter around the SKU's
 * drawn `reviewscore`; the caller then settles both fields from what was generated.
 */
export function buildSkuReviews(
  rng: Rng,
  skus: readonly SkuRecord[],
  formOf: (categoryId: number) => ReviewFormRecord | undefined,
): SkuReviewRecord[] {
  const nextId = idSequence(rng, 150_000, 30);
  const reviews: SkuReviewRecord[] = [];
  for (const sku of skus) {
    const count = sku.future || !sku.reviewable ? 0 : Math.min(MAX_SEEDED_REVIEWS, sku.reviews_count);
    const target = sku.reviewscore > 0 ? sku.reviewscore : 4;
    const times = Array.from({ length: count }, () => FROM + Math.floor(rng.next() * (TO - FROM))).sort(
      (a, b) => a - b,
    );
    const form = formOf(sku.category_id);
    for (const time of times) {
      const rating = drawRating(rng, target);
      const chosen = chooseAnswers(rng, form, rating);
      const text = rng.chance(0.1) ? shortReviewText(rng) : reviewText(rng, rating, chosen.aspects);
      const votes = Math.floor(14 * rng.next() ** 2);
      reviews.push({
        id: nextId(),
        sku_id: sku.id,
        user_id: seededUserId(rng),
        review: text,
        rating,
        created_at: athensTime(time),
        demoted: isDemoted(text),
        votes_count: votes,
        helpful_votes_count: Math.round(votes * (0.3 + 0.6 * rng.next())),
        answer_ids: chosen.answerIds,
      });
    }
  }
  return reviews;
}
