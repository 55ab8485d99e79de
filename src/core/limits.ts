/**
 * Stage: limits. Before each request: a place in the token's rate-limit window (waiting, in order,
 * at most `maxRateLimitWait`), then one call of the application's daily budget. Both live in the
 * stores of the client's Coordination (src/core/stores.ts), so every client of one application
 * (and every process, with shared stores) counts together.
 *
 * The token is read once, when the place is given, after any wait: a request that waited while a
 * 401 replaced the token goes with the new one (in the new token's window), never with the rejected one.
 * Every exit path leaves the window consistent: a call refused by the budget gives its place back.
 */

import { rateLimitWaitError } from '../internal/waits.js';
import type { DailyUsage } from './budget.js';
import { traceAdmission } from './diagnostics.js';
import { DailyLimitError, RateLimitWaitError } from './errors.js';
import type { OnRateLimit, RateLimitInfo } from './rate-limit.js';
import type { BudgetStore, Coordination, WindowSlot, WindowWaitReason } from './stores.js';
import { type AccessToken, fingerprint } from './token.js';

export interface LimitsConfig {
  coordination: Coordination;
  /** Fingerprint of the application (clientId, or the static token). */
  app: string;
  dailyLimit: number | null;
  /** Per-token limit assumed until an answer tells it. */
  rateLimit: number;
  onRateLimit: OnRateLimit | undefined;
}

/** A request let through: its place in the window of `token`, the token it goes with. */
export interface Admitted {
  slot: WindowSlot;
  token: AccessToken;
}

/** Token changes (a 401 elsewhere) one request follows while it waits; then it goes as it is. */
const MAX_TOKEN_SWITCHES = 3;

/** The window key of a token: a fingerprint of its value, never the value. */
export function tokenKey(token: AccessToken): string {
  return `t:${fingerprint(token.value)}`;
}

/**
 * The calls counted per budget store, application and day, as last seen in this process: what the
 * synchronous `usage()` tells (exact with in-memory stores; as of the last count with shared ones).
 */
const seen = new WeakMap<BudgetStore, Map<string, { day: string; calls: number }>>();

export class Limits {
  constructor(readonly config: LimitsConfig) {}

  /**
   * A place in the window of `expected` (the token the request means to go with), and one call of
   * the budget. The token is read once, after the place is given (any wait is over): a token
   * replaced meanwhile (a 401 elsewhere) takes a place in the new token's window instead. `reason`
   * '403': the server refused, and onRateLimit was asked already.
   */
  admit(
    expected: AccessToken,
    read: () => Promise<AccessToken>,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): Promise<Admitted> {
    return traceAdmission(reason, () => this.admitted(expected, read, signal, maxWaitMs, reason));
  }

  private async admitted(
    expected: AccessToken,
    read: () => Promise<AccessToken>,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): Promise<Admitted> {
    let token = expected;
    for (let switches = 0; ; switches++) {
      const { slot, charged } = await this.place(tokenKey(token), signal, maxWaitMs, reason);
      const current = await read();
      if (current.value === token.value || switches >= MAX_TOKEN_SWITCHES) {
        // Counted here on the day the budget charged it.
        this.counted(charged ?? (await this.charge(slot)), 1);
        return { slot, token };
      }
      // Replaced (a 401) while this request waited: a place in the new token's window instead.
      // With `admit` the budget call came with the place, and is spent: rare, and never over.
      void slot.release(false);
      token = current;
    }
  }

  /**
   * A window place, waiting at most `maxWaitMs`; onRateLimit decides on a wait before it starts
   * (the store is asked for no wait first, and only its refusal goes to onRateLimit).
   */
  private async place(
    key: string,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): Promise<{ slot: WindowSlot; charged: string | undefined }> {
    const ask = reason === 'window' ? this.config.onRateLimit : undefined;
    if (!ask) return this.take(key, signal, maxWaitMs, reason);
    try {
      return await this.take(key, signal, 0, reason);
    } catch (error) {
      // Only the window's refusal is decided on: a budget refusal (DailyLimitError) passes through.
      if (!(error instanceof RateLimitWaitError)) throw error;
      const resetAt = error.resetsAt.getTime();
      const waitMs = Math.max(0, resetAt - Date.now());
      if (ask({ reason: 'window', waitMs, rateLimit: error.rateLimit }) === false)
        throw rateLimitWaitError(resetAt, error.rateLimit, undefined);
      return this.take(key, signal, maxWaitMs, reason);
    }
  }

  /**
   * The window place, with the budget call in the same step when the coordination offers `admit`
   * (one Redis round trip; `charged` is the UTC day charged); else the budget is charged after the
   * token check (`charged` undefined).
   */
  private async take(
    key: string,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): Promise<{ slot: WindowSlot; charged: string | undefined }> {
    const { coordination, rateLimit } = this.config;
    if (!coordination.admit) {
      const slot = await coordination.windows.acquire(key, rateLimit, { signal, maxWaitMs, reason });
      return { slot, charged: undefined };
    }
    const admission = {
      app: this.config.app,
      day: utcDay(),
      dailyLimit: this.config.dailyLimit ?? Number.MAX_SAFE_INTEGER,
      token: key,
      assumedLimit: rateLimit,
    };
    const slot = await coordination.admit(admission, { signal, maxWaitMs, reason });
    // `false` is the budget's refusal, with no window place taken.
    if (slot === false) throw this.spent();
    return { slot, charged: admission.day };
  }

  /** One call of the daily budget for a request about to go out with `slot`; the UTC day charged. */
  private async charge(slot: WindowSlot): Promise<string> {
    const limit = this.config.dailyLimit;
    const day = utcDay();
    let ok: boolean;
    try {
      // With the guard off the calls are still counted (usage()).
      ok = await this.config.coordination.budget.take(this.config.app, day, limit ?? Number.MAX_SAFE_INTEGER);
    } catch (error) {
      void slot.release(false);
      throw error;
    }
    if (ok || limit === null) return day;
    // Refused before sending: the window place goes back at once, so later calls never wait on it.
    void slot.release(false);
    throw this.spent();
  }

  private spent(): DailyLimitError {
    return new DailyLimitError(this.config.dailyLimit ?? Number.MAX_SAFE_INTEGER, nextUtcMidnight());
  }

  /** Gives back one call of today's budget: its request cannot have reached the server. */
  async refund(): Promise<void> {
    const day = utcDay();
    await this.config.coordination.budget.refund?.(this.config.app, day);
    this.counted(day, -1);
  }

  /** The last window the server told for `token` (a cached answer's `rateLimit`). */
  last(token: AccessToken): Promise<RateLimitInfo | undefined> {
    return this.config.coordination.windows.last(tokenKey(token));
  }

  /** The budget as last counted: synchronous, and asks the store for its count for next time. */
  usage(): DailyUsage {
    const { coordination, app } = this.config;
    const { budget } = coordination;
    const day = utcDay();
    const now = budget.peek?.(app, day);
    if (now !== undefined) this.counted(day, 0, now);
    budget.count(app, day).then(
      (calls) => this.counted(day, 0, calls),
      () => undefined,
    );
    return this.known();
  }

  /** The budget as last counted in this process, without asking the store (once per call, for diagnostics). */
  known(): DailyUsage {
    const { coordination, app, dailyLimit: limit } = this.config;
    const day = utcDay();
    const known = seen.get(coordination.budget)?.get(app);
    const calls = known?.day === day ? known.calls : 0;
    return {
      day,
      calls,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - calls),
      resetsAt: nextUtcMidnight(),
    };
  }

  /** Counts on `day` `more` calls taken here, or (with `calls`) what the store counted. */
  private counted(day: string, more: number, calls = 0): void {
    const { budget } = this.config.coordination;
    let apps = seen.get(budget);
    if (!apps) {
      apps = new Map();
      seen.set(budget, apps);
    }
    const known = apps.get(this.config.app);
    const before = known?.day === day ? known.calls : 0;
    // A day's count only grows: a count read before a take resolves after it is not taken back.
    apps.set(this.config.app, { day, calls: Math.max(before + more, calls) });
  }
}

/** The UTC day (`YYYY-MM-DD`) the budget counts in. */
function utcDay(): string {
  return new Date().toISOString().slice(0, 10);
}

export function nextUtcMidnight(): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
