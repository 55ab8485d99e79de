import type { Rng } from './random.js';

/**
 * The user an application token acts as when it writes (reviews, votes, flags): app tokens have no
 * user, but the records they create need a `user_id`. It is the id of the recorded test account,
 * and it is also alice, the first seeded user and the default of the authorization-code flow.
 */
export const SANDBOX_USER_ID = 334941;

/**
 * The seeded users. alice has favorites in lists, owned ones, addresses, saved orders and
 * notifications; bob has fewer, and shares one favorited SKU with alice; carol has nothing yet.
 * bob's and carol's ids lie above the range of seeded review authors, so no seeded review is theirs.
 */
export const SANDBOX_USERS = Object.freeze({
  alice: SANDBOX_USER_ID,
  bob: 1_204_187,
  carol: 1_377_452,
} as const);

/** The author of a seeded review: any id but the sandbox user's, whose own reviews start empty. */
export function seededUserId(rng: Rng): number {
  const id = rng.int(10_000, 700_000);
  return id === SANDBOX_USER_ID ? id + 1 : id;
}
