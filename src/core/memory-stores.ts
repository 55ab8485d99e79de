/**
 * The in-memory stores: one process's shared state, the default of every client. They answer
 * synchronously wherever the contract allows it, so the one-process hot path costs no microtask.
 *
 * Nothing here is module-global: each `memoryCoordination()` is one application's state, shared
 * by exactly the clients it is given to (and by their `forUser` clients).
 */
import type { AccessToken } from './auth.js';
import { type CacheStore, cacheStoreOf, type LruStoreOptions } from './cache.js';
import { rateLimitWaitError } from './errors.js';
import type { RateLimitInfo } from './headers.js';
import { abortError } from './signal.js';
import type {
  AppTokenStore,
  BudgetStore,
  Coordination,
  LockStore,
  MaybePromise,
  WindowAcquireOptions,
  WindowSlot,
  WindowStore,
} from './stores.js';

/** Length of one rate-limit window on the API (spec: 100 requests per minute). */
export const WINDOW_MS = 60_000;
/** Margin past the announced reset before calls go again: the server's clock and ours differ a little. */
const RESET_MARGIN_MS = 250;
const RESET_JITTER_MS = 250;
/**
 * A reset announced further ahead than this is not believed for our own count (one window is
 * 60 s): a hostile or broken `X-RateLimit-Reset` cannot stop a token for hours.
 */
const MAX_RESET_AHEAD_MS = 2 * WINDOW_MS;
/** Windows kept before idle ones (nothing queued, reset passed) are swept. */
const SWEEP_AT = 1_000;

export interface MemoryCoordinationOptions {
  /** The cache store the clients share; default a bounded LRU (500 answers, 5 MB). `false`: none. */
  cache?: LruStoreOptions | CacheStore | false | undefined;
}

/**
 * The state of one application in one process: daily budget, token windows, the application
 * token, locks and the cache. Give the same object to every client of the application
 * (`createClient({ ..., coordination })`): they then share the budget and never double it.
 */
export function memoryCoordination(options: MemoryCoordinationOptions = {}): Coordination {
  return {
    budget: memoryBudgetStore(),
    windows: memoryWindowStore(),
    appTokens: memoryAppTokenStore(),
    locks: memoryLockStore(),
    cache: cacheStoreOf(options.cache),
  };
}

export function memoryBudgetStore(): BudgetStore {
  const days = new Map<string, { day: string; calls: number }>();
  const entry = (app: string, day: string) => {
    let counted = days.get(app);
    if (!counted || counted.day !== day) {
      counted = { day, calls: 0 };
      days.set(app, counted);
    }
    return counted;
  };
  return {
    take(app, day, limit) {
      const counted = entry(app, day);
      if (counted.calls >= limit) return false;
      counted.calls++;
      return true;
    },
    count: (app, day) => entry(app, day).calls,
    refund(app, day) {
      if (entry(app, day).calls) entry(app, day).calls--;
    },
  };
}

export function memoryWindowStore(): WindowStore {
  const windows = new Map<string, MemoryWindow>();
  const windowOf = (token: string, assumedLimit: number): MemoryWindow => {
    let window = windows.get(token);
    if (!window) {
      if (windows.size >= SWEEP_AT) {
        for (const [key, idle] of windows) if (idle.idle()) windows.delete(key);
      }
      window = new MemoryWindow(assumedLimit);
      windows.set(token, window);
    }
    return window;
  };
  return {
    acquire: (token, assumedLimit, options) => windowOf(token, assumedLimit).acquire(options),
    last: (token) => windows.get(token)?.lastInfo,
  };
}

/**
 * One place taken in a MemoryWindow. A class rather than an object of closures: one allocation a
 * request instead of five, on the hot path of every call.
 */
class MemorySlot implements WindowSlot {
  private done = false;

  constructor(
    private readonly window: MemoryWindow,
    readonly seq: number,
  ) {}

  answered(info: RateLimitInfo | undefined): void {
    if (this.settle()) this.window.update(info, this.seq);
  }

  exhausted(info: RateLimitInfo | undefined): void {
    if (this.settle()) this.window.exhausted(info);
  }

  /**
   * Never answered (or never sent): the hold ends, and the next call may probe. The count is not
   * given back: a request that got no answer may still have reached the server's count.
   */
  release(): void {
    if (this.settle()) this.window.kick();
  }

  /** True the first time only: a slot ends once. */
  private settle(): boolean {
    if (this.done) return false;
    this.done = true;
    this.window.settled(this.seq);
    return true;
  }
}

interface Waiter {
  take: (seq: number) => void;
  refuse: (error: Error) => void;
  maxWaitMs: number;
}

/**
 * The rate-limit window of one token. The count is ours, kept from every answer's
 * X-RateLimit-Remaining / X-RateLimit-Reset; while it has room a call passes with no queue and no
 * timer. A call that would go over the limit waits in a FIFO let go at the reset time, so waiting
 * calls leave in order and never more than the window allows.
 *
 * Written by hand rather than with bottleneck (see docs/architecture.md): the wait is one FIFO
 * released by one timer and must follow the server's reset, which bottleneck's reservoir cannot.
 */
class MemoryWindow {
  private remaining: number;
  /** Epoch ms when the current window ends; 0 while unknown. */
  private resetAt = 0;
  /** End of the last window that ran out: answers that still speak for it are stale. */
  private expiredAt = 0;
  private readonly queue: Waiter[] = [];
  /** Whether an answer has told this token's window yet. */
  private known = false;
  /** A call sent while the limit is unknown, whose answer every other call waits for. */
  private probe: number | undefined;
  /** Sequence of requests sent, to discount those still in flight when an answer reports its count. */
  private sent = 0;
  private refillTimer: ReturnType<typeof setTimeout> | undefined;
  lastInfo: RateLimitInfo | undefined;
  /** The reset the server last told (epoch ms), even when further ahead than we believe. */
  private toldResetAt = 0;
  /**
   * The window this store opened: calls up to `windowSeq` were sent before it, `answered` answers
   * came to later calls, `lowest` is the lowest remaining they told (-1: none yet), and `exact`
   * holds while only our unanswered calls can be missing from that count (see update()).
   */
  private windowSeq = 0;
  private answered = 0;
  private lowest = -1;
  private exact = false;

  constructor(private limit: number) {
    this.remaining = limit;
  }

  idle(): boolean {
    return this.queue.length === 0 && this.probe === undefined && Date.now() > this.resetAt + WINDOW_MS;
  }

  acquire(options: WindowAcquireOptions): MaybePromise<WindowSlot> {
    this.roll();
    if (this.remaining > 0 && this.queue.length === 0 && this.probe === undefined) {
      this.remaining--;
      const seq = ++this.sent;
      // Until an answer tells the real limit, one call goes alone: the assumed limit may be wrong.
      if (!this.known) this.probe = seq;
      return this.slot(seq);
    }
    return this.wait(options);
  }

  private slot(seq: number): WindowSlot {
    return new MemorySlot(this, seq);
  }

  /** A slot ended (answered, refused or released): a probe's hold ends with it. */
  settled(seq: number): void {
    if (this.probe === seq) this.probe = undefined;
  }

  /** Follows the server's count from an answer to the call with sequence number `seq`. */
  update(info: RateLimitInfo | undefined, seq: number): void {
    const first = !this.known;
    this.known = true;
    if (!info) {
      // An answer without X-RateLimit headers: the assumed limit is all there is to go by.
      this.kick();
      return;
    }
    this.lastInfo = info;
    this.limit = info.limit;
    const now = Date.now();
    let resetAt = info.reset * 1000;
    // A late answer from a window that has already run out says nothing about the current one;
    // once a window is known, a reset already past marks such an answer too (clamping it to a
    // window from now would take the old window's remaining for a new one and stall the token).
    if (resetAt <= this.expiredAt || (!first && resetAt <= now)) {
      this.kick();
      return;
    }
    // A first reset already past, or any absurdly far, says nothing usable: one window from now.
    if (resetAt <= now || resetAt > now + MAX_RESET_AHEAD_MS) resetAt = now + WINDOW_MS;
    // Calls sent after this one may have reached the server already and are not in its count.
    const serverRemaining = Math.max(0, info.remaining - (this.sent - seq));
    if (first || (this.resetAt !== 0 && resetAt > this.resetAt)) {
      // The first answer, or a window we did not open: the server's count decides. Only the first
      // probe (it went alone) leaves no call of ours unaccounted for in that window.
      this.resetAt = resetAt;
      this.remaining = serverRemaining;
      this.exact = first && this.sent === seq;
      this.windowSeq = seq - 1;
      this.answered = 1;
      this.lowest = info.remaining;
    } else if (this.exact && seq > this.windowSeq) {
      // The window we opened: every answered call of it is in the lowest remaining an answer told
      // (the server's count only grows), so only the calls still unanswered are discounted. The
      // rule below would also discount calls already answered but counted before this one (answers
      // come back out of order), and keep that loss until the reset.
      if (this.resetAt === 0) this.resetAt = resetAt;
      this.answered++;
      if (this.lowest < 0 || info.remaining < this.lowest) this.lowest = info.remaining;
      const ours = this.sent - this.windowSeq;
      const unanswered = Math.max(0, ours - this.answered);
      this.remaining = Math.max(0, Math.min(this.limit - ours, this.lowest - unanswered));
    } else {
      // The window we count in: the lower of our count (exact for our calls) and the server's
      // (which also has other sharers' calls) is safe.
      if (this.resetAt === 0) this.resetAt = resetAt;
      this.remaining = Math.min(this.remaining, serverRemaining);
    }
    this.kick();
  }

  /** The server answered the rate-limit 403: nothing more goes until its reset. */
  exhausted(info: RateLimitInfo | undefined): void {
    this.known = true;
    this.remaining = 0;
    // Someone else's calls count in this window too: from now on only the cautious rule.
    this.exact = false;
    if (info) this.lastInfo = info;
    const now = Date.now();
    const told = info ? info.reset * 1000 : 0;
    this.toldResetAt = told;
    const resetAt = told > now ? Math.min(told, now + MAX_RESET_AHEAD_MS) : now + WINDOW_MS;
    if (resetAt > this.resetAt) this.resetAt = resetAt;
    this.kick();
  }

  /** Lets waiting calls go when there is room, or arms the timer for the reset. */
  kick(): void {
    if (this.queue.length === 0) return;
    this.roll();
    if (this.probe !== undefined) return;
    if (!this.known) {
      // The probe got no answer: the next waiting call probes.
      const before = this.sent;
      this.release(1);
      if (this.sent !== before) this.probe = this.sent;
      return;
    }
    if (this.remaining > 0) this.release(this.remaining);
    if (this.queue.length === 0) return;
    // The rest wait for the reset: those that accept no wait that long leave at once.
    const waitMs = this.waitMs() || WINDOW_MS;
    for (const waiter of this.queue.filter((w) => w.maxWaitMs < waitMs)) {
      this.queue.splice(this.queue.indexOf(waiter), 1);
      waiter.refuse(this.refusal(waitMs, waiter.maxWaitMs));
    }
    if (this.queue.length > 0) this.scheduleRefill();
  }

  private roll(): void {
    if (this.resetAt && Date.now() >= this.resetAt + RESET_MARGIN_MS) this.openWindow();
  }

  /** The window ran out: a full one starts, and answers about the old one are ignored from now on. */
  private openWindow(): void {
    this.expiredAt = Math.max(this.expiredAt, this.resetAt);
    this.remaining = this.limit;
    this.resetAt = 0;
    this.windowSeq = this.sent;
    this.answered = 0;
    this.lowest = -1;
    this.exact = true;
  }

  /** When a refused wait's window opens: the server's word when it said a later time than we wait for. */
  private refusal(waitMs: number, maxWaitMs: number): Error {
    const resetAt = Math.max(this.resetAt || Date.now() + waitMs, this.toldResetAt);
    return rateLimitWaitError(resetAt, this.lastInfo, maxWaitMs);
  }

  private waitMs(): number {
    return this.resetAt ? Math.max(0, this.resetAt + RESET_MARGIN_MS - Date.now()) : 0;
  }

  private wait(options: WindowAcquireOptions): MaybePromise<WindowSlot> {
    const { signal } = options;
    // Only a wait for a known reset has a length; waiting for a probe's answer is bounded by its timeout.
    const waitMs = this.known && this.remaining <= 0 ? this.waitMs() || WINDOW_MS : 0;
    if (waitMs > options.maxWaitMs) {
      return Promise.reject(this.refusal(waitMs, options.maxWaitMs));
    }
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<WindowSlot>((resolve, reject) => {
      const waiter: Waiter = {
        take: (seq) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(this.slot(seq));
        },
        refuse: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        maxWaitMs: options.maxWaitMs,
      };
      const onAbort = (): void => {
        // The caller gave up while queued: its place goes to the next one.
        const at = this.queue.indexOf(waiter);
        if (at >= 0) this.queue.splice(at, 1);
        reject(abortError(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.kick();
    });
  }

  /**
   * Lets up to `n` waiting calls go, in order. Each takes its place and its sequence number as it
   * leaves, before any answer can be counted in between.
   */
  private release(n: number): void {
    for (let i = 0; i < n && this.queue.length > 0; i++) {
      this.remaining--;
      this.queue.shift()?.take(++this.sent);
    }
  }

  /** (Re)arms the one timer that opens the next window for waiting calls. */
  private scheduleRefill(): void {
    if (this.refillTimer !== undefined) clearTimeout(this.refillTimer);
    const at = (this.resetAt || Date.now() + WINDOW_MS) + RESET_MARGIN_MS + Math.random() * RESET_JITTER_MS;
    this.refillTimer = setTimeout(() => this.refill(), Math.max(0, at - Date.now()));
  }

  private refill(): void {
    this.refillTimer = undefined;
    this.openWindow();
    this.release(this.remaining);
    // The rest wait for the reset that the released calls' answers announce.
    if (this.queue.length > 0) this.refillTimer = setTimeout(() => this.refill(), WINDOW_MS);
  }
}

function isFresh(token: AccessToken): boolean {
  return token.expiresAt === undefined || Date.now() < token.expiresAt;
}

export function memoryAppTokenStore(): AppTokenStore {
  const tokens = new Map<string, AccessToken>();
  const inflight = new Map<string, Promise<AccessToken>>();
  return {
    get(app, obtain, rejected) {
      const current = tokens.get(app);
      if (current && isFresh(current) && current.value !== rejected?.value) return Promise.resolve(current);
      let pending = inflight.get(app);
      if (!pending) {
        pending = obtain().then(
          (token) => {
            tokens.set(app, token);
            inflight.delete(app);
            return token;
          },
          (error: unknown) => {
            inflight.delete(app);
            throw error;
          },
        );
        inflight.set(app, pending);
      }
      return pending;
    },
    clear(app) {
      tokens.delete(app);
    },
  };
}

function noop(): void {}

export function memoryLockStore(): LockStore {
  const tails = new Map<string, Promise<unknown>>();
  return {
    withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(work, work);
      const tail = run.then(noop, noop).then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      tails.set(name, tail);
      return run;
    },
  };
}
