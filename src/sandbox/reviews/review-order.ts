import type { SkuReviewRecord } from '../data/types.js';

export type ReviewSort = 'most_recent' | 'most_helpful';

export const REVIEW_SORTS: readonly ReviewSort[] = ['most_recent', 'most_helpful'];

const newestFirst = (a: SkuReviewRecord, b: SkuReviewRecord): number =>
  Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id;

/**
 * `most_recent` (the default): newest first. `most_helpful`: most helpful votes first, newest
 * first among equals. Either way demoted reviews come after all the others, in the same order.
 */
export function sortReviews(reviews: readonly SkuReviewRecord[], sort: ReviewSort): SkuReviewRecord[] {
  return [...reviews].sort(
    (a, b) =>
      Number(a.demoted) - Number(b.demoted) ||
      (sort === 'most_helpful' ? b.helpful_votes_count - a.helpful_votes_count : 0) ||
      newestFirst(a, b),
  );
}
