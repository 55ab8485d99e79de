import { RateLimitError } from './errors.js';
import type { RateLimitInfo } from './headers.js';
import { abortError } from './signal.js';

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

/** Margin past the announced reset before calls go again: the server's clock and ours differ a little. */
const RESET_MARGIN_MS = 250;
const RESET_JITTER_MS = 250;
/** When no answer tells the next reset (every released call failed without headers), look again after this. */
const FALLBACK_WINDOW_MS = 60_000;

/**
 * The rate-limit window of one token. The count is ours, kept from every answer's
 * X-RateLimit-Remaining / X-RateLimit-Reset; while it has room a call passes with no queue and no
 * timer. A call that would go over the limit waits in a FIFO that is let go at the reset time, so
 * waiting calls leave in order and never more than the window allows.
 *
 * Written by hand rather than with bottleneck: the wait is one FIFO released by one timer, and
 * bottleneck's light build costs 7 KB min+gz and milliseconds per scheduled job (issue 6).
 */
export class TokenWindow {
  private remaining: number;
  /** Epoch ms when the current window ends; 0 while unknown. */
  private resetAt = 0;
  /** End of the last window that ran out: answers that still speak for it are stale. */
  private expiredAt = 0;
  /** Calls waiting for room, in arrival order; each is given its sequence number on release. */
  private readonly queue: Array<(seq: number) => void> = [];
  /** Whether an answer has told this token's window yet. */
  private known = false;
  /** A call sent while the limit is unknown, whose answer every other call waits for. */
  private probing = false;
  /** Sequence of requests sent, to discount those still in flight when an answer reports its count. */
  private sent = 0;
  private refillTimer: ReturnType<typeof setTimeout> | undefined;
  private last: RateLimitInfo | undefined;

  constructor(
    private limit: number,
    private readonly onRateLimit: OnRateLimit | undefined,
  ) {
    this.remaining = limit;
  }

  /**
   * Takes one call from the window. Returns the call's sequence number, or a promise of it when
   * the call has to wait; false from onRateLimit makes it reject.
   */
  acquire(
    signal: AbortSignal | undefined,
    reason: RateLimitEvent['reason'] = 'window',
  ): number | Promise<number> {
    this.roll();
    if (this.remaining > 0 && this.queue.length === 0 && !this.probing) {
      // Until an answer tells the real limit, one call goes alone: the assumed limit may be too high.
      if (!this.known) this.probing = true;
      this.remaining--;
      return ++this.sent;
    }
    return this.wait(reason, signal);
  }

  /** A call got no answer (network error, timeout): while the limit is unknown, the next call probes. */
  failed(): void {
    if (this.known || !this.probing) return;
    this.probing = false;
    if (this.queue.length > 0) {
      this.probing = true;
      this.release(1);
    }
  }

  /** Follows the server's count from an answer to the call with sequence number `seq`. */
  update(info: RateLimitInfo | undefined, seq: number): void {
    this.known = true;
    this.probing = false;
    if (!info) {
      // An answer without X-RateLimit headers: the configured limit is all there is to go by.
      this.release(this.remaining);
      return;
    }
    this.last = info;
    this.limit = info.limit;
    const resetAt = info.reset * 1000;
    // A late answer from a window that has already run out says nothing about the current one.
    if (resetAt <= this.expiredAt) return;
    // Calls sent after this one may have reached the server already and are not in its count.
    const later = this.sent - seq;
    const serverRemaining = Math.max(0, info.remaining - later);
    if (this.resetAt !== 0 && resetAt > this.resetAt) {
      // The server is in a window we did not open: our own count belongs to the old one.
      this.resetAt = resetAt;
      this.remaining = serverRemaining;
    } else {
      // The window we count in (one we opened has no known reset yet). Our count is exact for our
      // own calls, the server's also has other processes' calls but may miss ours still in flight:
      // the lower of the two is safe.
      if (this.resetAt === 0) this.resetAt = resetAt;
      this.remaining = Math.min(this.remaining, serverRemaining);
    }
    if (this.queue.length > 0) {
      if (this.remaining > 0) this.release(this.remaining);
      else this.scheduleRefill();
    }
  }

  /** The server answered the rate-limit 403: nothing more goes until its reset. */
  exhausted(info: RateLimitInfo | undefined): void {
    this.known = true;
    this.remaining = 0;
    if (info && info.reset * 1000 > this.resetAt) this.resetAt = info.reset * 1000;
    if (!this.resetAt) this.resetAt = Date.now() + FALLBACK_WINDOW_MS;
  }

  /** Milliseconds until the window opens again. */
  waitMs(): number {
    return Math.max(0, this.resetAt + RESET_MARGIN_MS - Date.now());
  }

  private roll(): void {
    if (this.resetAt && Date.now() >= this.resetAt + RESET_MARGIN_MS) this.openWindow();
  }

  /** The window ran out: a full one starts, and answers about the old one are ignored from now on. */
  private openWindow(): void {
    this.expiredAt = Math.max(this.expiredAt, this.resetAt);
    this.remaining = this.limit;
    this.resetAt = 0;
  }

  private wait(reason: RateLimitEvent['reason'], signal: AbortSignal | undefined): Promise<number> {
    // After a server 403 the caller has asked onRateLimit already.
    if (
      reason === 'window' &&
      this.onRateLimit?.({ reason, waitMs: this.waitMs(), rateLimit: this.last }) === false
    ) {
      return Promise.reject(
        new RateLimitError({
          status: 403,
          method: 'GET',
          url: '(not sent: onRateLimit declined to wait)',
          headers: new Headers(),
          body: { message: 'Rate limit reached; onRateLimit declined to wait' },
          rateLimit: this.last,
        }),
      );
    }
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<number>((resolve, reject) => {
      const onAbort = (): void => {
        // The caller gave up while queued: its place goes to the next one.
        this.queue.splice(this.queue.indexOf(take), 1);
        reject(abortError(signal as AbortSignal));
      };
      const take = (seq: number): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(seq);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(take);
      if (this.known && this.remaining > 0) this.release(this.remaining);
      else if (this.known) this.scheduleRefill();
    });
  }

  /**
   * Lets up to `n` waiting calls go, in order. Each takes its place and its sequence number as it
   * leaves, before any answer can be counted in between: an answer arriving before the call
   * resumes must already see it as sent.
   */
  private release(n: number): void {
    for (let i = 0; i < n && this.queue.length > 0; i++) {
      this.remaining--;
      this.queue.shift()?.(++this.sent);
    }
  }

  /** (Re)arms the one timer that opens the next window for waiting calls. */
  private scheduleRefill(): void {
    if (this.refillTimer !== undefined) clearTimeout(this.refillTimer);
    const at = (this.resetAt || Date.now()) + RESET_MARGIN_MS + Math.random() * RESET_JITTER_MS;
    this.refillTimer = setTimeout(() => this.refill(), Math.max(0, at - Date.now()));
  }

  private refill(): void {
    this.refillTimer = undefined;
    this.openWindow();
    // Release as many waiting calls as the new window allows; each takes its place on release.
    this.release(this.remaining);
    if (this.queue.length > 0) {
      // The rest wait for the reset that the released calls' answers announce (update() re-arms).
      this.refillTimer = setTimeout(() => this.refill(), FALLBACK_WINDOW_MS);
    }
  }
}
