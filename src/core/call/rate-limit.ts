/**
 * The API's per-token rate limit as the SDK reads it: the window an answer's X-RateLimit-* headers
 * tell, how far they are believed, and what `onRateLimit` is told before a wait. The window itself
 * is kept by a WindowStore (src/core/stores/memory-window.ts in memory, src/redis/window.ts in Redis).
 */

/** The per-token rate-limit window, read from the X-RateLimit-* headers of an answer. */
export interface RateLimitInfo {
  /** Calls allowed per window. */
  limit: number;
  /** Calls left in the current window. */
  remaining: number;
  /** When the window resets, in UTC epoch seconds (as the server sends it, at most two windows ahead). */
  reset: number;
}

/** Length of one rate-limit window on the API (spec: 100 requests per minute). */
export const WINDOW_MS = 60_000;
/**
 * A reset announced further ahead than this is taken as this far ahead: a hostile or broken
 * `X-RateLimit-Reset` (on any answer, the rate-limit 403 included) cannot stop a token for hours.
 */
export const MAX_RESET_AHEAD_MS = 2 * WINDOW_MS;
/** The latest epoch second a JavaScript Date can represent: a reset past it is no time at all. */
const MAX_RESET_S = 8.64e12;

/**
 * The window an answer tells, or undefined when its headers are missing or unusable. Headers are
 * input, not orders: a limit that is not a positive integer is ignored (it could stop the client
 * for good), `Remaining` is kept within 0..Limit, a `Reset` that is not a positive number becomes
 * 0 (unknown), as does one no Date can hold, and one further than two windows ahead becomes the first second
 * past two windows from now.
 */
export function parseRateLimit(headers: Headers, now = Date.now()): RateLimitInfo | undefined {
  const limit = numberHeader(headers, 'x-ratelimit-limit');
  const remaining = numberHeader(headers, 'x-ratelimit-remaining');
  if (!Number.isSafeInteger(limit) || limit <= 0 || !Number.isFinite(remaining)) return undefined;
  const reset = numberHeader(headers, 'x-ratelimit-reset');
  // The first whole second past two windows: a window store reads a reset that far as absurd,
  // whatever the milliseconds of `now` (at exactly two windows it would be believed).
  const latest = Math.floor((now + MAX_RESET_AHEAD_MS) / 1000) + 1;
  return {
    limit,
    remaining: Math.min(limit, Math.max(0, Math.floor(remaining))),
    reset: Number.isFinite(reset) && reset > 0 && reset <= MAX_RESET_S ? Math.min(reset, latest) : 0,
  };
}

function numberHeader(headers: Headers, name: string): number {
  const value = headers.get(name);
  // Number('') is 0: an empty header is no number.
  return value === null || value.trim() === '' ? Number.NaN : Number(value);
}

/** What `onRateLimit` is told when a call has to wait for the window to reset. */
export interface RateLimitEvent {
  /** `window`: the SDK's count says the window is used up; `403`: the server said so. */
  reason: 'window' | '403';
  /** Milliseconds the call will wait. */
  waitMs: number;
  rateLimit: RateLimitInfo | undefined;
}

/** Return `false` to fail the call with RateLimitError instead of waiting; anything else waits. */
export type OnRateLimit = (event: RateLimitEvent) => unknown;
