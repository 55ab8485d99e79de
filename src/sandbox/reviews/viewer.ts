import type { TokenRecord } from '../auth/tokens.js';
import { SANDBOX_USER_ID } from '../data/users.js';
import type { ReviewBook } from './review-book.js';

/** Who is asking: the user behind a user token, or the sandbox user for an application token. */
export interface Viewer {
  userId: number;
  /** `voted`, `flagged` and `helpful` describe a user; for an application token they stay false. */
  isUser: boolean;
}

export function viewerOf(token: TokenRecord): Viewer {
  const userId = token.kind === 'user' ? token.userId : undefined;
  return { userId: userId ?? SANDBOX_USER_ID, isUser: userId !== undefined };
}

/** What the viewer did to a review: all false for an application token. */
export function marksOf(
  reviews: ReviewBook,
  reviewId: number,
  viewer: Viewer,
): { voted: boolean; flagged: boolean; helpful: boolean } {
  const vote = viewer.isUser ? reviews.voteOf(reviewId, viewer.userId) : undefined;
  return {
    voted: vote !== undefined,
    flagged: viewer.isUser && reviews.flaggedBy(reviewId, viewer.userId),
    helpful: vote?.helpful ?? false,
  };
}
