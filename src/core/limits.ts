/**
 * Stage: limits. Before each request: a place in the token's rate-limit window (waiting, in order,
 * at most `maxRateLimitWait`), then one call of the application's daily budget. Both live in the
 * stores of the client's Coordination (src/core/stores.ts), so every client of one application
 * (and every process, with shared stores) counts together.
 *
 * Every exit path leaves the window consistent: a call refused by the budget gives its place back
 * at once; a call refused before it reached this stage never took one.
 */
import type { AccessToken } from './auth.js';
import { fingerprint } from './auth.js';
import type { DailyUsage } from './budget.js';
import { DailyLimitError, RateLimitError, rateLimitWaitError } from './errors.js';
import type { RateLimitInfo } from './headers.js';
import type { OnRateLimit } from './rate-limit.js';
import type { Coordination, MaybePromise, WindowSlot, WindowWaitReason } from './stores.js';

export interface LimitsConfig {
  coordination: Coordination;
  /** Fingerprint of the application (clientId, or the static token). */
  app: string;
  dailyLimit: number | null;
  /** Per-token limit assumed until an answer tells it. */
  rateLimit: number;
  onRateLimit: OnRateLimit | undefined;
}

const tokenKeys = new WeakMap<AccessToken, string>();

/** The window key of a token: a fingerprint of its value, never the value. */
export function tokenKey(token: AccessToken): string {
  let key = tokenKeys.get(token);
  if (key === undefined) {
    key = `t:${fingerprint(token.value)}`;
    tokenKeys.set(token, key);
  }
  return key;
}

export class Limits {
  constructor(readonly config: LimitsConfig) {}

  /**
   * A place in `token`'s window and one call of the budget: synchronous while there is room in
   * in-memory stores. `reason` '403': the server refused, and onRateLimit was asked already.
   */
  acquire(
    token: AccessToken,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): MaybePromise<WindowSlot> {
    const { windows } = this.config.coordination;
    const key = tokenKey(token);
    const ask = reason === 'window' ? this.config.onRateLimit : undefined;
    if (!ask) {
      const slot = windows.acquire(key, this.config.rateLimit, { signal, maxWaitMs, reason });
      return isPromise(slot) ? slot.then((s) => this.charge(s)) : this.charge(slot);
    }
    // onRateLimit decides on a wait before it starts: ask the store for no wait first; only a
    // refused wait (a RateLimitError that sent nothing) goes to onRateLimit.
    const decide = (error: unknown): MaybePromise<WindowSlot> => {
      if (!(error instanceof RateLimitError) || error.sent) throw error;
      const resetAt = error.resetsAt?.getTime() ?? Date.now();
      if (
        ask({ reason: 'window', waitMs: Math.max(0, resetAt - Date.now()), rateLimit: error.rateLimit }) ===
        false
      ) {
        throw rateLimitWaitError(resetAt, error.rateLimit, undefined);
      }
      const slot = windows.acquire(key, this.config.rateLimit, { signal, maxWaitMs, reason });
      return isPromise(slot) ? slot.then((s) => this.charge(s)) : this.charge(slot);
    };
    const first = windows.acquire(key, this.config.rateLimit, { signal, maxWaitMs: 0, reason });
    return isPromise(first) ? first.then((s) => this.charge(s), decide) : this.charge(first);
  }

  /** One call of the daily budget for a request about to go out with `slot`. */
  private charge(slot: WindowSlot): MaybePromise<WindowSlot> {
    const limit = this.config.dailyLimit;
    // With the guard off the calls are still counted (usage()).
    const taken = this.config.coordination.budget.take(
      this.config.app,
      utcDay(),
      limit ?? Number.MAX_SAFE_INTEGER,
    );
    const settle = (ok: boolean): WindowSlot => {
      if (ok || limit === null) return slot;
      // Refused before sending: the window place goes back at once, so later calls never wait on it.
      void slot.release();
      throw new DailyLimitError(limit, nextUtcMidnight());
    };
    if (!isPromise(taken)) return settle(taken);
    return taken.then(settle, (error: unknown) => {
      void slot.release();
      throw error;
    });
  }

  /** The last window the server told for `token` (a cached answer's `rateLimit`). */
  last(token: AccessToken): MaybePromise<RateLimitInfo | undefined> {
    return this.config.coordination.windows.last(tokenKey(token));
  }

  /** The budget as counted by the store; with an asynchronous store, a promise of it. */
  usage(): MaybePromise<DailyUsage> {
    const calls = this.config.coordination.budget.count(this.config.app, utcDay());
    return isPromise(calls) ? calls.then((n) => this.usageOf(n)) : this.usageOf(calls);
  }

  usageOf(calls: number): DailyUsage {
    const limit = this.config.dailyLimit;
    return {
      day: utcDay(),
      calls,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - calls),
      resetsAt: nextUtcMidnight(),
    };
  }
}

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

export function utcDay(): string {
  return new Date().toISOString().slice(0, 10);
}

export function nextUtcMidnight(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
