/**
 * What an answer (or a failure to get one) means for the call: the one place that decides, and
 * the one place an error status becomes its typed error. The exchange loop (src/core/call/exchange.ts)
 * sends, asks decide(), and does what it says. One bound covers every repeat:
 *
 *   requests per call <= 1 + maxRetries + 1 (token replay) + MAX_RATE_LIMIT_WAITS, redirect hops included
 */

import {
  ApiError,
  type ApiErrorInit,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  DailyLimitError,
  InternalServerError,
  isRecord,
  NotFoundError,
  NotImplementedError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnprocessableEntityError,
} from '../errors.js';
import type { Attempt } from './attempt.js';
import type { RateLimitInfo } from './rate-limit.js';
import { isRedirect } from './redirects.js';
import type { Received } from './transport.js';

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
  /** The call as its errors name it: its method, and its URL before any redirect. */
  call: { method: string; url: string };
}

/** The outcome of one request: its answer, or the error that came instead of one. */
export type Outcome =
  | { received: Received; rateLimit: RateLimitInfo | undefined }
  | { error: unknown; aborted: boolean };

type Decided =
  /** A success status: the answer is the call's. */
  | { kind: 'done' }
  /** 304 to the cache's ETag: the stored answer is still good. */
  | { kind: 'not-modified' }
  /** Send the next hop. */
  | { kind: 'redirect' }
  /** 401: replay once with a renewed token; the call fails with `otherwise` when none can be had. */
  | { kind: 'replay'; otherwise: ApiError }
  /** The server's rate-limit 403: wait for the window, send again; `otherwise` when the wait is declined. */
  | { kind: 'rate-limit'; otherwise: RateLimitError }
  /** A network error, timeout or 500/502/503/504 on an idempotent method: back off, send again. */
  | { kind: 'retry'; why: string }
  /** The call fails with this error (an error status as its typed error). */
  | { kind: 'fail'; error: unknown };

/** What to do next; `exhausted`: the answer was the server's rate-limit 403 (the window is used up). */
export type Step = Decided & { exhausted?: true };

export function decide(attempt: Attempt, outcome: Outcome, tally: Tally, rules: Rules): Step {
  const room = tally.sent < requestBound(rules.maxRetries);
  const retriable = IDEMPOTENT.has(attempt.method) && tally.retries < rules.maxRetries && room;
  if ('error' in outcome) {
    const { error } = outcome;
    const transient = error instanceof ConnectionError || (error instanceof TimeoutError && !outcome.aborted);
    return transient && retriable ? { kind: 'retry', why: error.name } : { kind: 'fail', error };
  }
  const { response, body } = outcome.received;
  const { status } = response;
  const init: ApiErrorInit = {
    status,
    method: rules.call.method,
    url: rules.call.url,
    headers: response.headers,
    body,
    rateLimit: outcome.rateLimit,
  };
  if (status === 403 && isRateLimitBody(body)) {
    const error = new RateLimitError(init);
    return tally.waits < MAX_RATE_LIMIT_WAITS && room
      ? { kind: 'rate-limit', otherwise: error, exhausted: true }
      : { kind: 'fail', error, exhausted: true };
  }
  if (rules.redirect === 'manual' && isRedirect(status)) return { kind: 'redirect' };
  if (status === 401 && !tally.replayed && room) return { kind: 'replay', otherwise: errorOf(init) };
  if (status === 304 && attempt.etag !== undefined) return { kind: 'not-modified' };
  if (response.ok) return { kind: 'done' };
  // A backend's spent day (price-catalog/server's 503) does not come back with a retry.
  const spent = budgetRefusal(status, response.headers);
  if (spent) return { kind: 'fail', error: spent };
  if (RETRIED_STATUSES.has(status) && retriable) return { kind: 'retry', why: `status ${status}` };
  return { kind: 'fail', error: errorOf(init) };
}

/** The spec's rate-limit answer: a 403 whose body is `{ message }` rather than the errors array. */
function isRateLimitBody(body: unknown): boolean {
  return isRecord(body) && typeof body.message === 'string' && !('errors' in body);
}

/**
 * A `price-catalog/server` handler's 503 for the application's spent day: it names the limit in
 * `X-Daily-Limit` and the wait in `Retry-After` (seconds).
 */
function budgetRefusal(status: number, headers: Headers): DailyLimitError | undefined {
  const limit = status === 503 ? headers.get('x-daily-limit') : null;
  return limit === null
    ? undefined
    : new DailyLimitError(+limit, new Date(Date.now() + 1000 * +(headers.get('retry-after') ?? 0)));
}

/** The error class of an error status (the rate-limit 403 is decided above). */
function errorOf(init: ApiErrorInit): ApiError {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 401) return new AuthenticationError(init);
  if (status === 403) return new PermissionDeniedError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 422) return new UnprocessableEntityError(init);
  if (status === 501) return new NotImplementedError(init);
  if (status >= 500) return new InternalServerError(init);
  return new ApiError(init);
}
