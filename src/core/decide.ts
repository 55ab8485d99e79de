/**
 * What an answer (or a failure to get one) means for the call: the one place that decides. The
 * exchange loop (src/core/exchange.ts) sends, asks decide(), and does what it says. One bound
 * covers every repeat:
 *
 *   requests per call <= 1 + maxRetries + 1 (token replay) + MAX_RATE_LIMIT_WAITS, redirect hops included
 */
import type { Attempt } from './attempt.js';
import { ConnectionError, handlerBudgetRefusal, isRateLimitBody, TimeoutError } from './errors.js';
import { isRedirect } from './redirects.js';
import type { Answer } from './transport.js';

/** Rate-limit 403s one call may wait out before it gives up. */
export const MAX_RATE_LIMIT_WAITS = 3;
const IDEMPOTENT = new Set<string>(['GET', 'PUT', 'DELETE']);
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);

/** The most requests one call may send with `maxRetries`. */
export function requestBound(maxRetries: number): number {
  return 1 + maxRetries + 1 + MAX_RATE_LIMIT_WAITS;
}

/** What a call has spent so far. */
export interface Tally {
  sent: number;
  retries: number;
  waits: number;
  replayed: boolean;
}

export interface Rules {
  maxRetries: number;
  /** `manual`: the SDK follows redirects itself; `follow`: the platform did. */
  redirect: 'manual' | 'follow';
  /** Whether the attempt carried the cache's ETag (`If-None-Match`). */
  revalidating: boolean;
}

export type Step =
  /** The answer is the call's (any status: the caller turns an error status into its error). */
  | { kind: 'done' }
  /** 304 to the cache's ETag: the stored answer is still good. */
  | { kind: 'not-modified' }
  /** Send the next hop. */
  | { kind: 'redirect' }
  /** 401: replay once with a renewed token. */
  | { kind: 'replay' }
  /** The server's rate-limit 403: wait for the window, then send again. */
  | { kind: 'rate-limit' }
  /** A network error, timeout or 500/502/503/504 on an idempotent method: back off, then send again. */
  | { kind: 'retry'; why: string }
  /** No answer, and no repeat: the call fails with this error. */
  | { kind: 'fail'; error: unknown };

/** The outcome of one request: its answer, or the error that came instead of one. */
export type Outcome = { answer: Answer } | { error: unknown; aborted: boolean };

export function decide(attempt: Attempt, outcome: Outcome, tally: Tally, rules: Rules): Step {
  const room = tally.sent < requestBound(rules.maxRetries);
  const retriable = IDEMPOTENT.has(attempt.method) && tally.retries < rules.maxRetries && room;
  if ('error' in outcome) {
    const { error } = outcome;
    const transient = error instanceof ConnectionError || (error instanceof TimeoutError && !outcome.aborted);
    return transient && retriable ? { kind: 'retry', why: error.name } : { kind: 'fail', error };
  }
  const { response, body } = outcome.answer;
  const status = response.status;
  if (status === 403 && isRateLimitBody(body))
    return tally.waits < MAX_RATE_LIMIT_WAITS && room ? { kind: 'rate-limit' } : { kind: 'done' };
  if (rules.redirect === 'manual' && isRedirect(status)) return { kind: 'redirect' };
  if (status === 401 && !tally.replayed && room) return { kind: 'replay' };
  if (status === 304 && rules.revalidating) return { kind: 'not-modified' };
  // A backend's spent day (price-catalog/server's 503) does not come back with a retry.
  if (RETRIED_STATUSES.has(status) && retriable && !handlerBudgetRefusal(status, response.headers))
    return { kind: 'retry', why: `status ${status}` };
  return { kind: 'done' };
}
