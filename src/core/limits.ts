/**
 * Stage: limits. Before each request: a place in the token's rate-limit window (waiting, in order,
 * at most `maxRateLimitWait`), then one call of the application's daily budget. Both live in the
 * stores of the client's Coordination (src/core/stores.ts), so every client of one application
 * (and every process, with shared stores) counts together.
 *
 * Every exit path leaves the window consistent: a call refused by the budget gives its place back
 * at once (or, with a coordination that admits in one step, never takes one); a call refused
 * before it reached this stage never took one.
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

const DAY_MS = 86_400_000;

/**
 * The UTC day (`YYYY-MM-DD`) the budget counts in, worked out once a day rather than once a call
 * (a Date and its ISO string were a microsecond of every call). A clock set back, or a fake one
 * moved, falls outside the range and is worked out again.
 */
class UtcDay {
  private day = '';
  private from = 0;
  private until = 0;

  now(): string {
    const now = Date.now();
    if (now < this.from || now >= this.until) {
      const from = Math.floor(now / DAY_MS) * DAY_MS;
      this.day = new Date(from).toISOString().slice(0, 10);
      this.from = from;
      this.until = from + DAY_MS;
    }
    return this.day;
  }
}

export class Limits {
  private readonly today = new UtcDay();

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
    const key = tokenKey(token);
    const ask = reason === 'window' ? this.config.onRateLimit : undefined;
    if (!ask) return this.place(key, signal, maxWaitMs, reason);
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
      return this.place(key, signal, maxWaitMs, reason);
    };
    // Only the window's refusal is decided on: a budget refusal (DailyLimitError) passes through.
    const first = this.place(key, signal, 0, reason);
    return isPromise(first) ? first.catch(decide) : first;
  }

  /**
   * The window place and the budget call of one request: in one step when the coordination offers
   * `admit` (one Redis round trip), else the window then the budget (the in-memory stores).
   */
  private place(
    key: string,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): MaybePromise<WindowSlot> {
    const { coordination, rateLimit } = this.config;
    if (coordination.admit) {
      const admission = {
        app: this.config.app,
        day: this.today.now(),
        dailyLimit: this.config.dailyLimit ?? Number.MAX_SAFE_INTEGER,
        token: key,
        assumedLimit: rateLimit,
      };
      const admitted = coordination.admit(admission, { signal, maxWaitMs, reason });
      return isPromise(admitted) ? admitted.then(this.admitted) : this.admitted(admitted);
    }
    const slot = coordination.windows.acquire(key, rateLimit, { signal, maxWaitMs, reason });
    return isPromise(slot) ? slot.then((s) => this.charge(s)) : this.charge(slot);
  }

  /** `admit`'s answer: `false` is the budget's refusal, with no window place taken. */
  private readonly admitted = (slot: WindowSlot | false): WindowSlot => {
    if (slot === false)
      throw new DailyLimitError(this.config.dailyLimit ?? Number.MAX_SAFE_INTEGER, nextUtcMidnight());
    return slot;
  };

  /** One call of the daily budget for a request about to go out with `slot`. */
  private charge(slot: WindowSlot): MaybePromise<WindowSlot> {
    const limit = this.config.dailyLimit;
    // With the guard off the calls are still counted (usage()).
    const taken = this.config.coordination.budget.take(
      this.config.app,
      this.today.now(),
      limit ?? Number.MAX_SAFE_INTEGER,
    );
    if (!isPromise(taken)) return charged(slot, taken, limit);
    return taken.then(
      (ok) => charged(slot, ok, limit),
      (error: unknown) => {
        void slot.release();
        throw error;
      },
    );
  }

  /** Gives back one call of today's budget: its request cannot have reached the server. */
  refund(): MaybePromise<void> {
    return this.config.coordination.budget.refund?.(this.config.app, this.today.now());
  }

  /** The last window the server told for `token` (a cached answer's `rateLimit`). */
  last(token: AccessToken): MaybePromise<RateLimitInfo | undefined> {
    return this.config.coordination.windows.last(tokenKey(token));
  }

  /** The budget as counted by the store; with an asynchronous store, a promise of it. */
  usage(): MaybePromise<DailyUsage> {
    const calls = this.config.coordination.budget.count(this.config.app, this.today.now());
    return isPromise(calls) ? calls.then((n) => this.usageOf(n)) : this.usageOf(calls);
  }

  usageOf(calls: number): DailyUsage {
    const limit = this.config.dailyLimit;
    return {
      day: this.today.now(),
      calls,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - calls),
      resetsAt: nextUtcMidnight(),
    };
  }
}

/** The slot of a request the budget took (`ok`), or the budget's refusal. */
function charged(slot: WindowSlot, ok: boolean, limit: number | null): WindowSlot {
  if (ok || limit === null) return slot;
  // Refused before sending: the window place goes back at once, so later calls never wait on it.
  void slot.release();
  throw new DailyLimitError(limit, nextUtcMidnight());
}

export function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

export function nextUtcMidnight(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
