/**
 * The answer to a view of a page nothing is kept of when the day's calls are paced for pages
 * viewed more (first-fetches.ts): a 503 the browser may try again later, when the page may have
 * earned a call or the next day's budget has begun.
 */

import { refusal, secondsUntil } from '../answers/response.js';
import { visitorRefused } from '../events.js';

/** When to try again: a quarter of an hour, the pace's step. */
const RETRY_MS = 900_000;

/** `retryAt`: when the page may earn its call (default: a quarter of an hour on). */
export function notFetchedYet(now: number, retryAt = now + RETRY_MS): Response {
  visitorRefused('budget');
  return refusal(
    503,
    'NotFetchedYet',
    "No answer is kept for this page yet, and today's API calls are paced for the pages viewed most; try again later",
    { 'retry-after': secondsUntil(retryAt, now) },
  );
}
