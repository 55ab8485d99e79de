import * as z from 'zod/mini';
import { ListMetaSchema, nullableNumber, nullableString } from './common.js';
import { object } from './object.js';

// The spec names three arrays, but the recordings leave out those without entries (one has
// only `positive`).
export const SkuReviewSentimentsSchema = object({
  positive: z.optional(z.array(z.string())),
  mediocre: z.optional(z.array(z.string())),
  negative: z.optional(z.array(z.string())),
});
export type SkuReviewSentiments = z.infer<typeof SkuReviewSentimentsSchema>;

export const SkuReviewSchema = object({
  id: z.number(),
  // The spec lists sku_id, but the recorded review list (GET /skus/:id/reviews) omits it.
  sku_id: z.optional(nullableNumber()),
  /** Null when blank (rule 2): the reviewer's account may be gone. */
  user_id: nullableNumber(),
  review: nullableString(),
  /** 1 to 5. */
  rating: z.number(),
  created_at: z.string(),
  demoted: z.boolean(),
  votes_count: nullableNumber(),
  helpful_votes_count: nullableNumber(),
  /** `voted`, `flagged` and `helpful` come only with a user token. */
  voted: z.optional(z.boolean()),
  flagged: z.optional(z.boolean()),
  helpful: z.optional(z.boolean()),
  /** Since 3.1.3. */
  sentiments: z.optional(SkuReviewSentimentsSchema),
});
export type SkuReview = z.infer<typeof SkuReviewSchema>;

export const SkuReviewEnvelopeSchema = object({ sku_review: SkuReviewSchema });
export type SkuReviewEnvelope = z.infer<typeof SkuReviewEnvelopeSchema>;

export const SkuRatingBreakdownSchema = object({
  /** 1 to 5. */
  star: z.number(),
  percentage: z.number(),
  count: z.number(),
});
export type SkuRatingBreakdown = z.infer<typeof SkuRatingBreakdownSchema>;

export const SkuReviewsAggregationSchema = object({
  label: z.string(),
  score: z.number(),
  /** `good` or `bad` in the answers seen: the bar colour. */
  style: z.string(),
});
export type SkuReviewsAggregation = z.infer<typeof SkuReviewsAggregationSchema>;

export const SkuReviewListMetaSchema = z.extend(ListMetaSchema, {
  /** With `include_meta=sku_rating_breakdown`. */
  sku_rating_breakdown: z.optional(z.array(SkuRatingBreakdownSchema)),
  /** With `include_meta=sku_reviews_aggregation` (since 3.1.3). */
  sku_reviews_aggregation: z.optional(z.array(SkuReviewsAggregationSchema)),
});
export type SkuReviewListMeta = z.infer<typeof SkuReviewListMetaSchema>;

export const SkuReviewListSchema = object({
  reviews: z.array(SkuReviewSchema),
  meta: SkuReviewListMetaSchema,
});
export type SkuReviewList = z.infer<typeof SkuReviewListSchema>;

// --- review form ----------------------------------------------------------------------------

export const ReviewAnswerSchema = object({
  id: z.number(),
  text: nullableString(),
  /** On the edit form, true on the answers the review chose. */
  selected: z.optional(z.boolean()),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswerSchema>;

export const ReviewQuestionSchema = object({
  text: nullableString(),
  // The known types are listed for readers; any other string is accepted so that a new
  // question type does not break the form.
  type: z.union([z.enum(['profiling_multiple', 'eval_sentiment']), z.string()]),
  answers: z.array(ReviewAnswerSchema),
});
export type ReviewQuestion = z.infer<typeof ReviewQuestionSchema>;

/** GET /skus/:id/reviews/new. */
export const ReviewFormSchema = object({
  requires_body: z.boolean(),
  questions: z.array(ReviewQuestionSchema),
});
export type ReviewForm = z.infer<typeof ReviewFormSchema>;

/** GET /skus/:id/reviews/:id/edit: the new form plus the review's current values. */
export const EditReviewFormSchema = z.extend(ReviewFormSchema, {
  rating: z.number(),
  review: nullableString(),
});
export type EditReviewForm = z.infer<typeof EditReviewFormSchema>;

export const ReviewFormEnvelopeSchema = object({ review_form: ReviewFormSchema });
export type ReviewFormEnvelope = z.infer<typeof ReviewFormEnvelopeSchema>;

export const EditReviewFormEnvelopeSchema = object({ review_form: EditReviewFormSchema });
export type EditReviewFormEnvelope = z.infer<typeof EditReviewFormEnvelopeSchema>;

// --- votes and flags ------------------------------------------------------------------------

export const SkuReviewVoteSchema = object({
  id: z.number(),
  /** Null when blank (rule 2): the review may be gone. */
  sku_review_id: nullableNumber(),
  user_id: nullableNumber(),
  helpful: z.boolean(),
  created_at: z.string(),
  /** With `embed=sku_review`. */
  sku_review: z.optional(SkuReviewSchema),
});
export type SkuReviewVote = z.infer<typeof SkuReviewVoteSchema>;

/** A vote without the review `embed: 'sku_review'` adds. */
export const SkuReviewVoteFieldsSchema = z.omit(SkuReviewVoteSchema, { sku_review: true });
export type SkuReviewVoteFields = z.infer<typeof SkuReviewVoteFieldsSchema>;

export const SkuReviewVoteEnvelopeSchema = object({ sku_review_vote: SkuReviewVoteSchema });
export type SkuReviewVoteEnvelope = z.infer<typeof SkuReviewVoteEnvelopeSchema>;

export const FlagDefinitionSchema = object({
  /** The codename to send when flagging: `bad_language`, `wrong_section`, `spam`. */
  reason: z.string(),
  description: nullableString(),
});
export type FlagDefinition = z.infer<typeof FlagDefinitionSchema>;

/** GET /flags. */
export const FlagListSchema = object({ flags: z.array(FlagDefinitionSchema) });
export type FlagList = z.infer<typeof FlagListSchema>;

/** POST …/flags answers 201 with this object bare, under no root key. */
export const FlagRecordSchema = object({
  id: z.number(),
  /** Null when blank (rule 2): the flagged record may be gone. */
  flaggable_id: nullableNumber(),
  flaggable_type: z.string(),
  user_id: nullableNumber(),
  reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FlagRecord = z.infer<typeof FlagRecordSchema>;
