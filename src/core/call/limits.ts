/**
 * The limits of a call. Before each request: a place in the token's rate-limit window (waiting, in order,
 * at most `maxRateLimitWait`), then one call of the application's daily budget. Both live in the
 * stores of the client's Coordination (src/core/stores/coordination.ts), so every client of one application
 * (and every process, with shared stores) counts together.
 *
 * The token is read once, when the place is given, after any wait: a request that waited while a
 * 401 replaced the token goes with the new one (in the new token's window), never with the rejected one.
 * Every exit path leaves the window consistent: a call refused by the budget gives its place back.
 */

import { nextDayStart, type UtcDay, utcDay } from '../../internal/day.js';
import { rateLimitWaitError } from '../../internal/waits.js';
import { type AccessToken, fingerprint } from '../auth/token.js';
import { DailyLimitError, RateLimitWaitError } from '../errors.js';
import { traceAdmission } from '../observe/diagnostics.js';
import type {
  BudgetStore,
  Coordination,
  DailyUsage,
  WindowSlot,
  WindowWaitReason,
} from '../stores/coordination.js';
import type { OnRateLimit, RateLimitInfo } from './rate-limit.js';

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
const seen = new WeakMap<BudgetStore, Map<string, { day: UtcDay; calls: number }>>();

/** The limits of a client: what the exchange, the core and `usage()` ask of it. */
export interface Limits {
  readonly config: LimitsConfig;
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
  ): Promise<Admitted>;
  /** Gives back one call of today's budget: its request cannot have reached the server. */
  refund(): Promise<void>;
  /** The last window the server told for `token` (a cached answer's `rateLimit`). */
  last(token: AccessToken): Promise<RateLimitInfo | undefined>;
  /** The budget as last counted: synchronous, and asks the store for its count for next time. */
  usage(): DailyUsage;
  /** The budget as the store counts it now (one read of a shared store), kept for `usage()` too. */
  read(): Promise<DailyUsage>;
  /** The budget as last counted in this process, without asking the store (once per call, for diagnostics). */
  known(): DailyUsage;
}

/** A place in the window and the budget's call, as the window store gives them. */
interface Placed {
  slot: WindowSlot;
  /** The UTC day the budget charged with the place (a coordination's `admit`); else undefined. */
  charged: string | undefined;
}

export function createLimits(config: LimitsConfig): Limits {
  const { coordination, app, dailyLimit, rateLimit, onRateLimit } = config;
  const { budget } = coordination;
  // With the guard off (null) the calls are still counted (usage()), against no limit.
  const budgetLimit = dailyLimit ?? Number.MAX_SAFE_INTEGER;

  async function admitted(
    expected: AccessToken,
    read: () => Promise<AccessToken>,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): Promise<Admitted> {
    let token = expected;
    for (let switches = 0; ; switches++) {
      const { slot, charged } = await place(tokenKey(token), signal, maxWaitMs, reason);
      const current = await read();
      if (current.value === token.value || switches >= MAX_TOKEN_SWITCHES) {
        // Counted here on the day the budget charged it.
        counted(charged ?? (await charge(slot)), 1);
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
  async function place(
    key: string,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): Promise<Placed> {
    const ask = reason === 'window' ? onRateLimit : undefined;
    if (!ask) return take(key, signal, maxWaitMs, reason);
    try {
      return await take(key, signal, 0, reason);
    } catch (error) {
      // Only the window's refusal is decided on: a budget refusal (DailyLimitError) passes through.
      if (!(error instanceof RateLimitWaitError)) throw error;
      const resetAt = error.resetsAt.getTime();
      const waitMs = Math.max(0, resetAt - Date.now());
      if (ask({ reason: 'window', waitMs, rateLimit: error.rateLimit }) === false)
        throw rateLimitWaitError(resetAt, error.rateLimit, undefined);
      return take(key, signal, maxWaitMs, reason);
    }
  }

  /**
   * The window place, with the budget call in the same step when the coordination offers `admit`
   * (one Redis round trip; `charged` is the UTC day charged); else the budget is charged after the
   * token check (`charged` undefined).
   */
  async function take(
    key: string,
    signal: AbortSignal | undefined,
    maxWaitMs: number,
    reason: WindowWaitReason,
  ): Promise<Placed> {
    if (!coordination.admit) {
      const slot = await coordination.windows.acquire(key, rateLimit, { signal, maxWaitMs, reason });
      return { slot, charged: undefined };
    }
    const admission = { app, day: utcDay(), dailyLimit: budgetLimit, token: key, assumedLimit: rateLimit };
    const slot = await coordination.admit(admission, { signal, maxWaitMs, reason });
    // `false` is the budget's refusal, with no window place taken.
    if (slot === false) throw spent();
    return { slot, charged: admission.day };
  }

  /** One call of the daily budget for a request about to go out with `slot`; the UTC day charged. */
  async function charge(slot: WindowSlot): Promise<string> {
    const day = utcDay();
    let ok: boolean;
    try {
      ok = await budget.take(app, day, budgetLimit);
    } catch (error) {
      void slot.release(false);
      throw error;
    }
    if (ok || dailyLimit === null) return day;
    // Refused before sending: the window place goes back at once, so later calls never wait on it.
    void slot.release(false);
    throw spent();
  }

  function spent(): DailyLimitError {
    return new DailyLimitError(budgetLimit, nextDayStart(utcDay()));
  }

  /** Counts on `day` `more` calls taken here, or (with `calls`) what the store counted. */
  function counted(day: UtcDay, more: number, calls = 0): void {
    let apps = seen.get(budget);
    if (!apps) {
      apps = new Map();
      seen.set(budget, apps);
    }
    const kept = apps.get(app);
    const before = kept?.day === day ? kept.calls : 0;
    // A day's count only grows: a count read before a take resolves after it is not taken back.
    apps.set(app, { day, calls: Math.max(before + more, calls) });
  }

  function known(): DailyUsage {
    const day = utcDay();
    const kept = seen.get(budget)?.get(app);
    const calls = kept?.day === day ? kept.calls : 0;
    return {
      day,
      calls,
      limit: dailyLimit,
      remaining: dailyLimit === null ? null : Math.max(0, dailyLimit - calls),
      resetsAt: nextDayStart(utcDay()),
    };
  }

  // A shared store without a synchronous read (Redis): its count is asked for once now, so that
  // usage() in a new process tells the day's calls of every process as soon as it answers.
  if (!budget.peek) {
    const day = utcDay();
    Promise.resolve()
      .then(() => budget.count(app, day))
      .then(
        (calls) => counted(day, 0, calls),
        () => undefined,
      );
  }

  return {
    config,
    admit: (expected, read, signal, maxWaitMs, reason) =>
      traceAdmission(reason, () => admitted(expected, read, signal, maxWaitMs, reason)),
    async refund() {
      const day = utcDay();
      await budget.refund?.(app, day);
      counted(day, -1);
    },
    last: (token) => coordination.windows.last(tokenKey(token)),
    usage() {
      const day = utcDay();
      const now = budget.peek?.(app, day);
      // A store that reads at once was just read; another asks for next time.
      if (now !== undefined) counted(day, 0, now);
      else
        budget.count(app, day).then(
          (calls) => counted(day, 0, calls),
          () => undefined,
        );
      return known();
    },
    async read() {
      const day = utcDay();
      counted(day, 0, await budget.count(app, day));
      return known();
    },
    known,
  };
}
