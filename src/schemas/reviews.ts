import * as v from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';

// The spec names three arrays, but the recordings leave out those without entries (one has
// only `positive`).
export const SkuReviewSentimentsSchema = v.object({
  positive: v.optional(v.array(v.string())),
  mediocre: v.optional(v.array(v.string())),
  negative: v.optional(v.array(v.string())),
});
export type SkuReviewSentiments = v.infer<typeof SkuReviewSentimentsSchema>;

export const SkuReviewSchema = v.object({
  id: v.number(),
  // The spec lists sku_id, but the recorded review list (GET /skus/:id/reviews) omits it.
  sku_id: v.optional(nullableNumber()),
  /** Null when blank (rule 2): the reviewer's account may be gone. */
  user_id: nullableNumber(),
  review: nullableString(),
  /** 1 to 5. */
  rating: v.number(),
  created_at: v.string(),
  demoted: v.boolean(),
  votes_count: nullableNumber(),
  helpful_votes_count: nullableNumber(),
  /** `voted`, `flagged` and `helpful` come only with a user token. */
  voted: v.optional(v.boolean()),
  flagged: v.optional(v.boolean()),
  helpful: v.optional(v.boolean()),
  /** Since 3.1.3. */
  sentiments: v.optional(SkuReviewSentimentsSchema),
});
export type SkuReview = v.infer<typeof SkuReviewSchema>;

export const SkuReviewEnvelopeSchema = v.object({ sku_review: SkuReviewSchema });
export type SkuReviewEnvelope = v.infer<typeof SkuReviewEnvelopeSchema>;

export const SkuRatingBreakdownSchema = v.object({
  /** 1 to 5. */
  star: v.number(),
  percentage: v.number(),
  count: v.number(),
});
export type SkuRatingBreakdown = v.infer<typeof SkuRatingBreakdownSchema>;

export const SkuReviewsAggregationSchema = v.object({
  label: v.string(),
  score: v.number(),
  /** `good` or `bad` in the answers seen: the bar colour. */
  style: v.string(),
});
export type SkuReviewsAggregation = v.infer<typeof SkuReviewsAggregationSchema>;

export const SkuReviewListMetaSchema = v.extend(ListMetaSchema, {
  /** With `include_meta=sku_rating_breakdown`. */
  sku_rating_breakdown: v.optional(v.array(SkuRatingBreakdownSchema)),
  /** With `include_meta=sku_reviews_aggregation` (since 3.1.3). */
  sku_reviews_aggregation: v.optional(v.array(SkuReviewsAggregationSchema)),
});
export type SkuReviewListMeta = v.infer<typeof SkuReviewListMetaSchema>;

export const SkuReviewListSchema = v.object({
  reviews: v.array(SkuReviewSchema),
  meta: SkuReviewListMetaSchema,
});
export type SkuReviewList = v.infer<typeof SkuReviewListSchema>;

// --- review form ----------------------------------------------------------------------------

export const ReviewAnswerSchema = v.object({
  id: v.number(),
  text: nullableString(),
  /** On the edit form, true on the answers the review chose. */
  selected: v.optional(v.boolean()),
});
export type ReviewAnswer = v.infer<typeof ReviewAnswerSchema>;

export const ReviewQuestionSchema = v.object({
  text: nullableString(),
  // The known types are listed for readers; any other string is accepted so that a new
  // question type does not break the form.
  type: v.union([v.enum(['profiling_multiple', 'eval_sentiment']), v.string()]),
  answers: v.array(ReviewAnswerSchema),
});
export type ReviewQuestion = v.infer<typeof ReviewQuestionSchema>;

/** GET /skus/:id/reviews/new. */
export const ReviewFormSchema = v.object({
  requires_body: v.boolean(),
  questions: v.array(ReviewQuestionSchema),
});
export type ReviewForm = v.infer<typeof ReviewFormSchema>;

/** GET /skus/:id/reviews/:id/edit: the new form plus the review's current values. */
export const EditReviewFormSchema = v.extend(ReviewFormSchema, {
  rating: v.number(),
  review: nullableString(),
});
export type EditReviewForm = v.infer<typeof EditReviewFormSchema>;

export const ReviewFormEnvelopeSchema = v.object({ review_form: ReviewFormSchema });
export type ReviewFormEnvelope = v.infer<typeof ReviewFormEnvelopeSchema>;

export const EditReviewFormEnvelopeSchema = v.object({ review_form: EditReviewFormSchema });
export type EditReviewFormEnvelope = v.infer<typeof EditReviewFormEnvelopeSchema>;

// --- votes and flags ------------------------------------------------------------------------

export const SkuReviewVoteSchema = v.object({
  id: v.number(),
  /** Null when blank (rule 2): the review may be gone. */
  sku_review_id: nullableNumber(),
  user_id: nullableNumber(),
  helpful: v.boolean(),
  created_at: v.string(),
  /** With `embed=sku_review`. */
  sku_review: v.optional(SkuReviewSchema),
});
export type SkuReviewVote = v.infer<typeof SkuReviewVoteSchema>;

/** A vote without the review `embed: 'sku_review'` adds. */
export const SkuReviewVoteFieldsSchema = v.omit(SkuReviewVoteSchema, { sku_review: true });
export type SkuReviewVoteFields = v.infer<typeof SkuReviewVoteFieldsSchema>;

export const SkuReviewVoteEnvelopeSchema = v.object({ sku_review_vote: SkuReviewVoteSchema });
export type SkuReviewVoteEnvelope = v.infer<typeof SkuReviewVoteEnvelopeSchema>;

export const FlagDefinitionSchema = v.object({
  /** The codename to send when flagging: `bad_language`, `wrong_section`, `spam`. */
  reason: v.string(),
  description: nullableString(),
});
export type FlagDefinition = v.infer<typeof FlagDefinitionSchema>;

/** GET /flags. */
export const FlagListSchema = v.object({ flags: v.array(FlagDefinitionSchema) });
export type FlagList = v.infer<typeof FlagListSchema>;

/** POST …/flags answers 201 with this object bare, under no root key. */
export const FlagRecordSchema = v.object({
  id: v.number(),
  /** Null when blank (rule 2): the flagged record may be gone. */
  flaggable_id: nullableNumber(),
  flaggable_type: v.string(),
  user_id: nullableNumber(),
  reason: v.string(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type FlagRecord = v.infer<typeof FlagRecordSchema>;
