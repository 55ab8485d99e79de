import { AbortError, RateLimitError, type RateLimitInfo } from '../index.js';

// The waits of the Redis window, built from the main entry's public classes: this entry takes
// nothing else from it, so `instanceof` holds with the caller's copy of the error classes.

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

/** A wait until `resetAt` (epoch ms) that `maxWaitMs` or `onRateLimit` refused: nothing was sent. */
export function rateLimitWaitError(
  resetAt: number,
  rateLimit: RateLimitInfo | undefined,
  maxWaitMs: number | undefined,
): RateLimitError {
  const resetsAt = new Date(resetAt);
  return new RateLimitError({
    status: 403,
    method: 'GET',
    url: '(not sent)',
    headers: new Headers(),
    body: {
      message: `Rate limit reached; ${maxWaitMs === undefined ? 'onRateLimit declined' : `maxRateLimitWait (${maxWaitMs} ms) refused`} the wait until ${resetsAt.toISOString()}. The call was not sent.`,
    },
    rateLimit,
    resetsAt,
    sent: false,
  });
}
