/**
 * The waits of the rate-limit windows, in memory (the core) and shared (price-catalog/redis and
 * price-catalog/file): one copy. Entries' builds bundle this module and take the error classes
 * from the main entry (tsup.config.ts), so `instanceof` holds with the caller's copy of them.
 */

import type { RateLimitInfo } from '../core/call/rate-limit.js';
import { RateLimitWaitError } from '../core/errors.js';

export { abortError, sleep } from '../core/call/signal.js';

/**
 * A window store's refusal of a wait that would end at `resetAt` (epoch ms), longer than
 * `maxWaitMs` (undefined: onRateLimit declined). The engine tells it again for the call.
 */
export function rateLimitWaitError(
  resetAt: number,
  rateLimit: RateLimitInfo | undefined,
  maxWaitMs: number | undefined,
): RateLimitWaitError {
  return new RateLimitWaitError({ method: '', url: '', resetsAt: new Date(resetAt), rateLimit, maxWaitMs });
}
