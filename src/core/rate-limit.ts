import type { RateLimitInfo } from './headers.js';

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
