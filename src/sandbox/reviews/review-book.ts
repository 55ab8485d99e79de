import type { Catalog } from '../data/catalog-cache.js';
import type { SkuReviewRecord } from '../data/types.js';

export interface ReviewVote {
  id: number;
  sku_review_id: number;
  user_id: number;
  helpful: boolean;
  created_at: string;
}

export interface ReviewFlag {
  id: number;
  flaggable_id: number;
  flaggable_type: 'SkuReview';
  user_id: number;
  reason: string;
  created_at: string;
  updated_at: string;
}

export type ReviewPatch = Partial<Pick<SkuReviewRecord, 'rating' | 'review' | 'answer_ids' | 'demoted'>>;

/**
 * The SKU reviews as tests have changed them, over the frozen seeded ones. A SKU's list is copied
 * on its first write; until then reads go straight to the seed, so an untouched sandbox costs
 * nothing. Votes and flags are kept per review and user. A new one of these per `reset()`.
 */
export class ReviewBook {
  private readonly written = new Map<number, SkuReviewRecord[]>();
  /** review id → user id → that user's vote. */
  private readonly votes = new Map<number, Map<number, ReviewVote>>();
  private readonly flags: ReviewFlag[] = [];
  private nextReviewId: number;
  // Continuing the recorded ids, so created records look like the real ones.
  private nextVoteId = 562_155;
  private nextFlagId = 8_847;

  constructor(private readonly catalog: Catalog) {
    const last = catalog.data.skuReviews.reduce((max, review) => Math.max(max, review.id), 0);
    this.nextReviewId = last + 1000;
  }

  /** A SKU's reviews, oldest first. */
  reviewsOf(skuId: number): readonly SkuReviewRecord[] {
    return this.written.get(skuId) ?? this.catalog.index.reviewsBySku.get(skuId) ?? [];
  }

  /** True once a test wrote to this SKU's reviews: its summary fields must then be recomputed. */
  touched(skuId: number): boolean {
    return this.written.has(skuId);
  }

  /** How many SKU reviews a user has, seeded and written (a profile's `stats.sku_review_count`). */
  countBy(userId: number): number {
    let count = 0;
    for (const review of this.catalog.data.skuReviews)
      if (review.user_id === userId && !this.written.has(review.sku_id)) count += 1;
    for (const list of this.written.values())
      for (const review of list) if (review.user_id === userId) count += 1;
    return count;
  }

  find(skuId: number, reviewId: number): SkuReviewRecord | undefined {
    return this.reviewsOf(skuId).find((review) => review.id === reviewId);
  }

  private writable(skuId: number): SkuReviewRecord[] {
    let list = this.written.get(skuId);
    if (!list) {
      list = this.reviewsOf(skuId).map((review) => ({ ...review, answer_ids: [...review.answer_ids] }));
      this.written.set(skuId, list);
    }
    return list;
  }

  add(fields: Omit<SkuReviewRecord, 'id' | 'votes_count' | 'helpful_votes_count'>): SkuReviewRecord {
    const review: SkuReviewRecord = {
      ...fields,
      id: this.nextReviewId++,
      votes_count: 0,
      helpful_votes_count: 0,
    };
    this.writable(fields.sku_id).push(review);
    return review;
  }

  update(skuId: number, reviewId: number, patch: ReviewPatch): SkuReviewRecord | undefined {
    const review = this.writable(skuId).find((r) => r.id === reviewId);
    if (review) Object.assign(review, patch);
    return review;
  }

  remove(skuId: number, reviewId: number): boolean {
    const list = this.writable(skuId);
    const index = list.findIndex((r) => r.id === reviewId);
    if (index < 0) return false;
    list.splice(index, 1);
    this.votes.delete(reviewId);
    return true;
  }

  /** A user's new vote replaces their earlier one on the same review; the counts follow. */
  vote(skuId: number, reviewId: number, userId: number, helpful: boolean, createdAt: string): ReviewVote {
    const review = this.writable(skuId).find((r) => r.id === reviewId);
    if (!review) throw new Error(`sandbox: no review ${reviewId} on SKU ${skuId}`);
    let byUser = this.votes.get(reviewId);
    if (!byUser) {
      byUser = new Map();
      this.votes.set(reviewId, byUser);
    }
    const previous = byUser.get(userId);
    if (previous) {
      if (previous.helpful) review.helpful_votes_count -= 1;
    } else {
      review.votes_count += 1;
    }
    if (helpful) review.helpful_votes_count += 1;
    const vote: ReviewVote = {
      id: this.nextVoteId++,
      sku_review_id: reviewId,
      user_id: userId,
      helpful,
      created_at: createdAt,
    };
    byUser.set(userId, vote);
    return vote;
  }

  voteOf(reviewId: number, userId: number): ReviewVote | undefined {
    return this.votes.get(reviewId)?.get(userId);
  }

  flag(reviewId: number, userId: number, reason: string, createdAt: string): ReviewFlag {
    const flag: ReviewFlag = {
      id: this.nextFlagId++,
      flaggable_id: reviewId,
      flaggable_type: 'SkuReview',
      user_id: userId,
      reason,
      created_at: createdAt,
      updated_at: createdAt,
    };
    this.flags.push(flag);
    return flag;
  }

  flaggedBy(reviewId: number, userId: number): boolean {
    return this.flags.some((flag) => flag.flaggable_id === reviewId && flag.user_id === userId);
  }
}
