import type { ReviewFormRecord, Sentiment, ShopReviewRecord, SkuReviewRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import type { ReviewFlag, ReviewVote } from '../reviews/review-book.js';
import { shapeFor } from '../versions/contract.js';
import type { Version } from '../versions/version.js';

const SENTIMENTS: readonly Sentiment[] = ['positive', 'mediocre', 'negative'];

/**
 * The aspects a review's answers rate, by sentiment, in form order. Sentiments without an
 * aspect are left out, as in every recorded review (one has `positive` only).
 */
export function sentimentsOf(review: SkuReviewRecord, form: ReviewFormRecord | undefined): JsonObject {
  const aspects = (sentiment: Sentiment): string[] =>
    (form?.questions ?? []).flatMap((question) => {
      const answer = question.answers.find((a) => review.answer_ids.includes(a.id));
      return question.aspect !== null && answer?.sentiment === sentiment ? [question.aspect] : [];
    });
  return Object.fromEntries(
    SENTIMENTS.map((sentiment) => [sentiment, aspects(sentiment)] as const).filter(
      ([, list]) => list.length > 0,
    ),
  );
}

/** What the asking user did to a review; shown in lists only. */
export interface ReviewMarks {
  voted: boolean;
  flagged: boolean;
  helpful: boolean;
}

/**
 * A SKU review. In a list it has no `sku_id`; alone (create, update, a vote's embed) it has one:
 * both as recorded. `marks` (`voted`, `flagged`, `helpful`) where the viewer is known: in a list
 * and in the review a vote embeds (spec, SKU review).
 */
export function presentSkuReview(
  review: SkuReviewRecord,
  form: ReviewFormRecord | undefined,
  version: Version,
  options: { marks?: ReviewMarks; inList?: boolean } = {},
): JsonObject {
  const { marks, inList = false } = options;
  return shapeFor(
    'sku_review',
    {
      id: review.id,
      ...(inList ? {} : { sku_id: review.sku_id }),
      user_id: review.user_id,
      review: review.review,
      rating: review.rating,
      created_at: review.created_at,
      demoted: review.demoted,
      votes_count: review.votes_count,
      helpful_votes_count: review.helpful_votes_count,
      ...(marks ? { ...marks } : {}),
      sentiments: sentimentsOf(review, form),
    },
    version,
  );
}

/** The review form; for the edit form, also the review's rating and text and its chosen answers. */
export function presentReviewForm(
  form: ReviewFormRecord,
  edit?: { rating: number; review: string; answer_ids: readonly number[] },
): JsonObject {
  return {
    requires_body: form.requires_body,
    questions: form.questions.map((question) => ({
      text: question.text,
      type: question.type,
      answers: question.answers.map((answer) => ({
        id: answer.id,
        text: answer.text,
        ...(edit?.answer_ids.includes(answer.id) ? { selected: true } : {}),
      })),
    })),
    ...(edit ? { rating: edit.rating, review: edit.review } : {}),
  };
}

export function presentVote(vote: ReviewVote, embedded?: JsonObject): JsonObject {
  return {
    id: vote.id,
    sku_review_id: vote.sku_review_id,
    user_id: vote.user_id,
    helpful: vote.helpful,
    created_at: vote.created_at,
    ...(embedded ? { sku_review: embedded } : {}),
  };
}

export function presentFlag(flag: ReviewFlag): JsonObject {
  return { ...flag };
}

export function presentShopReview(review: ShopReviewRecord): JsonObject {
  return {
    id: review.id,
    user_id: review.user_id,
    review: review.review,
    rating: review.rating,
    shop_reply: review.shop_reply,
    created_at: review.created_at,
    negative: review.negative,
    reasons: [...review.reasons],
  };
}
