import { AbortError, type RateLimitInfo, RateLimitWaitError } from '../index.js';

// The waits of the shared windows (price-catalog/redis and price-catalog/file), built from the main
// entry's public classes, so `instanceof` holds with the caller's copy of the error classes.

/** The AbortError of an aborted `signal`, naming its reason when that is an error of its own. */
export function abortError(signal: AbortSignal): AbortError {
  const reason: unknown = signal.reason;
  const detail = reason instanceof Error && reason.name !== 'AbortError' ? `: ${reason.message}` : '';
  return new AbortError(`The request was aborted${detail}`, { cause: reason });
}

/** Waits `ms`, or rejects with AbortError as soon as `signal` fires. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A wait until `resetAt` (epoch ms) that `maxWaitMs` (undefined: `onRateLimit`) refused: nothing
 * was sent. The engine tells it again with the call's method and URL.
 */
export function rateLimitWaitError(
  resetAt: number,
  rateLimit: RateLimitInfo | undefined,
  maxWaitMs: number | undefined,
): RateLimitWaitError {
  return new RateLimitWaitError({ method: '', url: '', resetsAt: new Date(resetAt), rateLimit, maxWaitMs });
}
