/**
 * The shared state of one application, behind small store interfaces.
 *
 * The daily budget belongs to the application (its clientId), the rate-limit window to each token,
 * the application token to the application, and cached answers to a principal. The engine's
 * steps reach that state only through these interfaces, so the in-memory defaults (one process)
 * and `price-catalog/redis` (many processes) are interchangeable without touching a step.
 *
 * Every method answers with a promise, whether the state is in memory or in Redis.
 * A store that cannot answer (Redis down, a script error) rejects with a PriceCatalogError
 * (`CoordinationError`), within a bounded time, and never over-grants: it fails closed.
 *
 * Keys: `app` is a non-reversible fingerprint of the clientId (or of the static token when there
 * is no clientId); `token` is a fingerprint of an access token (`AccessToken.principal`). No store
 * is ever given a secret as a key.
 */

import type { AccessToken } from '../auth/token.js';
import type { TokenStore } from '../auth/token-store.js';
import type { RateLimitInfo } from '../call/rate-limit.js';
import type { CacheStore } from './cache.js';

/** The application's calls per UTC day, counted where every sharer sees them. */
/** What the application has spent of its daily call budget (counted in the coordination's BudgetStore). */
export interface DailyUsage {
  /** The UTC day counted, `YYYY-MM-DD`. */
  day: string;
  calls: number;
  /** null when the budget is off. */
  limit: number | null;
  remaining: number | null;
  resetsAt: Date;
}

export interface BudgetStore {
  /**
   * Takes one call of `app`'s budget for UTC day `day` (`YYYY-MM-DD`), atomically for everyone
   * sharing the store: `true` when taken, `false` when `limit` calls were already counted that day
   * (nothing is taken then).
   */
  take(app: string, day: string, limit: number): Promise<boolean>;
  /** Calls counted for `app` on `day`. */
  count(app: string, day: string): Promise<number>;
  /**
   * Optional: the same count read at once, for a store that can (a local file), so that the
   * synchronous `usage()` of a new process already includes the day's earlier calls.
   */
  peek?(app: string, day: string): number;
  /**
   * Optional: gives back one call taken for `app` on `day` whose request cannot have reached the
   * server (the connection was refused, the host name did not resolve). Never below 0. Never
   * rejects: a store that cannot give it back leaves the call counted (the safe side).
   */
  refund?(app: string, day: string): Promise<void>;
}

/** Why a call waits for a window: our count says it is used up, or the server's 403 said so. */
export type WindowWaitReason = 'window' | '403';

export interface WindowAcquireOptions {
  signal?: AbortSignal | undefined;
  /**
   * Longest wait allowed: a wait that would end later rejects at once with RateLimitError
   * carrying the reset time (`maxRateLimitWait`).
   */
  maxWaitMs: number;
  reason: WindowWaitReason;
}

/** One place in a token's window, held from just before a request is sent until its answer. */
export interface WindowSlot {
  /** Order of sending within this token's window, to discount calls still in flight. */
  readonly seq: number;
  /** The request got an answer: follow its X-RateLimit headers (undefined when it had none). */
  answered(info: RateLimitInfo | undefined): Promise<void>;
  /** The server refused with its rate-limit 403: nothing more goes for this token until reset. */
  exhausted(info: RateLimitInfo | undefined): Promise<void>;
  /**
   * No answer came (network error, timeout, abort): the hold ends. `sent: false` says the request
   * never left (refused before sending), so a store may give the place itself back as well.
   */
  release(sent?: boolean): Promise<void>;
}

/** The rate-limit windows of tokens, as the server's X-RateLimit headers tell them. */
export interface WindowStore {
  /**
   * Waits, in arrival order and bounded by `maxWaitMs` and `signal`, for room in `token`'s
   * window, then takes it. `assumedLimit` is used only until an answer tells the real limit.
   */
  acquire(token: string, assumedLimit: number, options: WindowAcquireOptions): Promise<WindowSlot>;
  /** The last window the server told for `token`, if any (for `withResponse().rateLimit`). */
  last(token: string): Promise<RateLimitInfo | undefined>;
}

/** The application token, obtained once for everyone sharing the store while it is valid. */
export interface AppTokenStore {
  /**
   * The valid token of `app`, or a new one from `obtain`: at most one `obtain` runs at a time
   * across all sharers (a lock; the others wait for it and read its result, and check again after
   * taking the lock). `rejected`, when given, is a token the server refused (401): a store still
   * holding that token obtains a new one instead of returning it.
   */
  get(app: string, obtain: () => Promise<AccessToken>, rejected?: AccessToken): Promise<AccessToken>;
  /** Forgets `app`'s token (sign-out, or the server said it is no longer valid). */
  clear(app: string): Promise<void>;
}

/** Runs `work` while holding the named lock across all sharers (user-token refresh single-flight). */
export interface LockStore {
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** One call to admit: its place in `token`'s window and one call of `app`'s budget for `day`. */
export interface Admission {
  /** Fingerprint of the application, as for BudgetStore.take. */
  app: string;
  /** UTC day `YYYY-MM-DD`. */
  day: string;
  /** The daily limit (`Number.MAX_SAFE_INTEGER` when the guard is off: the call is still counted). */
  dailyLimit: number;
  /** Fingerprint of the access token, as for WindowStore.acquire. */
  token: string;
  /** Per-token limit assumed until an answer tells it. */
  assumedLimit: number;
}

/** One counter of a visitor's calls (or a group's) for a UTC day, and the most it may take. */
export interface VisitorCharge {
  /** A fingerprint of the visitor or group, never an address or a session id itself. */
  key: string;
  limit: number;
}

/**
 * Calls counted per visitor per UTC day, where every instance of the application sees them (the
 * server's visitor shares). Counts end with their day.
 */
export interface VisitorCountStore {
  /**
   * Takes one call on `day` (`YYYY-MM-DD`) for every counter of `charges`, all or none, atomically
   * for every sharer: `true` when each was under its limit, `false` (nothing taken) otherwise.
   */
  take(day: string, charges: readonly VisitorCharge[]): Promise<boolean>;
  /** Calls counted for `key` on `day`. */
  count(day: string, key: string): Promise<number>;
}

/**
 * Views of public answers nothing is kept of yet, counted where every instance of the application
 * sees them (the server's first fetches: a shop with more pages than calls fetches the pages
 * viewed most). A count is halved at each UTC midnight (yesterday's popularity is today's best
 * guess) and forgotten once below 1/4; a key no longer viewed expires on its own. Keys come from
 * visitors' requests, so a store keeps a bounded number of them: past the bound a view is counted
 * for its answer and not kept.
 */
export interface ViewCountStore {
  /**
   * Counts one view of `key` on `day` (`YYYY-MM-DD`, UTC) and resolves the key's count with it:
   * this view plus every earlier one, halved once for each midnight since. Atomic for every sharer.
   */
  add(key: string, day: string): Promise<number>;
}

/**
 * Everything clients of one application share. `createClient({ coordination })` takes one; clients
 * given the same object (and `app.forUser(...)` clients) share budget, windows, token and cache.
 */
export interface Coordination {
  readonly budget: BudgetStore;
  readonly windows: WindowStore;
  readonly appTokens: AppTokenStore;
  readonly locks: LockStore;
  /** Cached answers; keys carry the principal, so sharing the store never shares an answer. */
  readonly cache?: CacheStore | undefined;
  /** Optional: visitors' calls per day, for `price-catalog/server` (default: its own memory). */
  readonly visitors?: VisitorCountStore | undefined;
  /**
   * Optional: views of public answers not kept yet, for `price-catalog/server`'s first fetches
   * (default: each instance counts in its own memory, saved hourly with its pacing state).
   */
  readonly viewCounts?: ViewCountStore | undefined;
  /**
   * Optional: the window place and the budget call of one request in ONE atomic step, for shared
   * stores where each step costs a round trip. When present the limits step calls it instead of
   * `windows.acquire` followed by `budget.take`, with the same rules:
   * - the budget is looked at first: when `dailyLimit` calls were already counted on `day`, it
   *   resolves `false` at once (even for a call that would have waited for the window), and
   *   nothing is placed or taken; the step throws DailyLimitError;
   * - otherwise, when the window has room, it takes the place and the budget call together and
   *   resolves the slot;
   * - a call that must wait for room waits as `windows.acquire` does (in order, bounded by
   *   `maxWaitMs` and `signal`, refusals rejecting with a RateLimitError that was not sent) and
   *   takes no budget while it waits: the budget call is taken only with the place.
   * Without it (the in-memory stores) the step uses the two stores in turn.
   */
  admit?(admission: Admission, options: WindowAcquireOptions): Promise<WindowSlot | false>;
  /**
   * Optional: records `key` as used for `ttlMs` and resolves true, or resolves false when it is
   * already recorded: one use across everything sharing the coordination (the server handler's
   * sign-in states and codes, so a replayed sign-in callback is refused on every instance).
   */
  markUsed?(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Optional: a user's tokens under an id of yours (never a token), dropped `expireAfterMs` after
   * their last write when given: `price-catalog/server` keeps its sessions' tokens there, so every
   * instance sharing the coordination knows each session (`redisCoordination` has one).
   */
  tokenStore?(userId: string, options?: { expireAfterMs?: number | undefined }): TokenStore;
}
