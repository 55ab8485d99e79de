/**
 * The rate-limit window of each token, in one process's memory (the default WindowStore). The
 * count is ours, kept from every answer's X-RateLimit-Remaining / X-RateLimit-Reset; while it has
 * room a call passes with no queue and no timer. A call that would go over waits in a FIFO let go
 * at the reset time, so waiting calls leave in order and never more than the window allows.
 *
 * Written by hand rather than with bottleneck: the wait is one FIFO released by one timer and
 * must follow the server's reset, which bottleneck's reservoir cannot.
 */
import { rateLimitWaitError } from '../../internal/waits.js';
import { MAX_RESET_AHEAD_MS, type RateLimitInfo, WINDOW_MS } from '../call/rate-limit.js';
import { abortError } from '../call/signal.js';
import type { WindowAcquireOptions, WindowSlot, WindowStore } from './coordination.js';

/** Margin past the announced reset before calls go again: the server's clock and ours differ a little. */
const RESET_MARGIN_MS = 250;
const RESET_JITTER_MS = 250;
/** Windows kept before idle ones (nothing queued, reset passed) are swept. */
const SWEEP_AT = 1_000;

export function memoryWindowStore(): WindowStore {
  const windows = new Map<string, MemoryWindow>();
  const windowOf = (token: string, assumedLimit: number): MemoryWindow => {
    let window = windows.get(token);
    if (!window) {
      if (windows.size >= SWEEP_AT) {
        for (const [key, idle] of windows) if (idle.idle()) windows.delete(key);
      }
      window = memoryWindow(assumedLimit);
      windows.set(token, window);
    }
    return window;
  };
  return {
    acquire: (token, assumedLimit, options) => windowOf(token, assumedLimit).acquire(options),
    last: async (token) => windows.get(token)?.lastInfo(),
  };
}

interface Waiter {
  take: (seq: number) => void;
  refuse: (error: Error) => void;
  maxWaitMs: number;
}

/** The rate-limit window of one token, as its store uses it. */
interface MemoryWindow {
  /** Nothing queued, no probe out, and the reset long past: the store may sweep it. */
  idle(): boolean;
  acquire(options: WindowAcquireOptions): Promise<WindowSlot>;
  /** The last window an answer told. */
  lastInfo(): RateLimitInfo | undefined;
}

/**
 * The rate-limit window of one token (see the top of this file). Its state is the closure's
 * variables, and its slots are closures over them too.
 */
function memoryWindow(assumedLimit: number): MemoryWindow {
  let limit = assumedLimit;
  let remaining = assumedLimit;
  /** Epoch ms when the current window ends; 0 while unknown. */
  let resetAt = 0;
  /** End of the last window that ran out: answers that still speak for it are stale. */
  let expiredAt = 0;
  const queue: Waiter[] = [];
  /** Whether an answer has told this token's window yet. */
  let known = false;
  /** A call sent while the limit is unknown, whose answer every other call waits for. */
  let probe: number | undefined;
  /**
   * Sequence number of the last request sent, to discount those still in flight when an answer
   * reports its count.
   */
  let lastSent = 0;
  let refillTimer: ReturnType<typeof setTimeout> | undefined;
  let lastInfo: RateLimitInfo | undefined;
  /**
   * The window this store opened: calls up to `windowSeq` were sent before it, `answered` answers
   * came to later calls, `lowest` is the lowest remaining they told (-1: none yet), and `exact`
   * holds while only our unanswered calls can be missing from that count (see update()).
   */
  let windowSeq = 0;
  let answered = 0;
  let lowest = -1;
  let exact = false;

  /** One place taken in this window. */
  function slot(seq: number): WindowSlot {
    let done = false;
    /** True the first time only: a slot ends once (and a probe's hold ends with it). */
    const settle = (): boolean => {
      if (done) return false;
      done = true;
      if (probe === seq) probe = undefined;
      return true;
    };
    return {
      seq,
      answered: async (info) => {
        if (settle()) update(info, seq);
      },
      exhausted: async (info) => {
        if (settle()) exhaust(info);
      },
      /**
       * Never answered: the hold ends, and the next call may probe. The count is given back only for
       * a request never sent: one that got no answer may still have reached the server's count.
       */
      release: async (sent = true) => {
        if (!settle()) return;
        // A place taken in the current window by a request that never left.
        if (!sent && seq > windowSeq && remaining < limit) remaining++;
        kick();
      },
    };
  }

  function acquire(options: WindowAcquireOptions): Promise<WindowSlot> {
    roll();
    if (remaining > 0 && queue.length === 0 && probe === undefined) {
      remaining--;
      const seq = ++lastSent;
      // Until an answer tells the real limit, one call goes alone: the assumed limit may be wrong.
      if (!known) probe = seq;
      return Promise.resolve(slot(seq));
    }
    return wait(options);
  }

  /** Follows the server's count from an answer to the call with sequence number `seq`. */
  function update(info: RateLimitInfo | undefined, seq: number): void {
    const first = !known;
    known = true;
    if (!info) {
      // An answer without X-RateLimit headers: the assumed limit is all there is to go by.
      kick();
      return;
    }
    lastInfo = info;
    limit = info.limit;
    const now = Date.now();
    let told = info.reset * 1000;
    // A late answer from a window that has already run out says nothing about the current one;
    // once a window is known, a reset already past marks such an answer too (clamping it to a
    // window from now would take the old window's remaining for a new one and stall the token).
    if (told <= expiredAt || (!first && told <= now)) {
      kick();
      return;
    }
    // A first reset already past, or any absurdly far, says nothing usable: one window from now.
    if (told <= now || told > now + MAX_RESET_AHEAD_MS) told = now + WINDOW_MS;
    // Calls sent after this one may have reached the server already and are not in its count.
    const serverRemaining = Math.max(0, info.remaining - (lastSent - seq));
    if (first || (resetAt !== 0 && told > resetAt)) {
      // The first answer, or a window we did not open: the server's count decides. Only the first
      // probe (it went alone) leaves no call of ours unaccounted for in that window.
      resetAt = told;
      remaining = serverRemaining;
      exact = first && lastSent === seq;
      windowSeq = seq - 1;
      answered = 1;
      lowest = info.remaining;
    } else if (exact && seq > windowSeq) {
      // The window we opened: every answered call of it is in the lowest remaining an answer told
      // (the server's count only grows), so only the calls still unanswered are discounted. The
      // rule below would also discount calls already answered but counted before this one (answers
      // come back out of order), and keep that loss until the reset.
      if (resetAt === 0) resetAt = told;
      answered++;
      if (lowest < 0 || info.remaining < lowest) lowest = info.remaining;
      const ours = lastSent - windowSeq;
      const unanswered = Math.max(0, ours - answered);
      remaining = Math.max(0, Math.min(limit - ours, lowest - unanswered));
    } else {
      // The window we count in: the lower of our count (exact for our calls) and the server's
      // (which also has other sharers' calls) is safe.
      if (resetAt === 0) resetAt = told;
      remaining = Math.min(remaining, serverRemaining);
    }
    kick();
  }

  /** The server answered the rate-limit 403: nothing more goes until its reset. */
  function exhaust(info: RateLimitInfo | undefined): void {
    known = true;
    remaining = 0;
    // Someone else's calls count in this window too: from now on only the cautious rule.
    exact = false;
    if (info) lastInfo = info;
    const now = Date.now();
    const told = info ? info.reset * 1000 : 0;
    const at = told > now ? Math.min(told, now + MAX_RESET_AHEAD_MS) : now + WINDOW_MS;
    if (at > resetAt) resetAt = at;
    kick();
  }

  /** Lets waiting calls go when there is room, or arms the timer for the reset. */
  function kick(): void {
    if (queue.length === 0) return;
    roll();
    if (probe !== undefined) return;
    if (!known) {
      // The probe got no answer: the next waiting call probes.
      const before = lastSent;
      letGo(1);
      if (lastSent !== before) probe = lastSent;
      return;
    }
    if (remaining > 0) letGo(remaining);
    if (queue.length === 0) return;
    // The rest wait for the reset: those that accept no wait that long leave at once.
    const waitMs = untilReset() || WINDOW_MS;
    for (const waiter of queue.filter((w) => w.maxWaitMs < waitMs)) {
      queue.splice(queue.indexOf(waiter), 1);
      waiter.refuse(refusal(waitMs, waiter.maxWaitMs));
    }
    if (queue.length > 0) scheduleRefill();
  }

  function roll(): void {
    if (resetAt && Date.now() >= resetAt + RESET_MARGIN_MS) openWindow();
  }

  /** The window ran out: a full one starts, and answers about the old one are ignored from now on. */
  function openWindow(): void {
    expiredAt = Math.max(expiredAt, resetAt);
    remaining = limit;
    resetAt = 0;
    windowSeq = lastSent;
    answered = 0;
    lowest = -1;
    exact = true;
  }

  /** A wait longer than the caller accepts: refused, with when the window opens. */
  function refusal(waitMs: number, maxWaitMs: number): Error {
    return rateLimitWaitError(resetAt || Date.now() + waitMs, lastInfo, maxWaitMs);
  }

  /** Milliseconds until the window opens again (its reset and the margin); 0 while unknown. */
  function untilReset(): number {
    return resetAt ? Math.max(0, resetAt + RESET_MARGIN_MS - Date.now()) : 0;
  }

  function wait(options: WindowAcquireOptions): Promise<WindowSlot> {
    const { signal } = options;
    // Only a wait for a known reset has a length; waiting for a probe's answer is bounded by its timeout.
    const waitMs = known && remaining <= 0 ? untilReset() || WINDOW_MS : 0;
    if (waitMs > options.maxWaitMs) {
      return Promise.reject(refusal(waitMs, options.maxWaitMs));
    }
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise<WindowSlot>((resolve, reject) => {
      const waiter: Waiter = {
        take: (seq) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot(seq));
        },
        refuse: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        maxWaitMs: options.maxWaitMs,
      };
      const onAbort = (): void => {
        // The caller gave up while queued: its place goes to the next one.
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        reject(abortError(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      kick();
    });
  }

  /**
   * Lets up to `n` waiting calls go, in order. Each takes its place and its sequence number as it
   * leaves, before any answer can be counted in between.
   */
  function letGo(n: number): void {
    for (let i = 0; i < n && queue.length > 0; i++) {
      remaining--;
      queue.shift()?.take(++lastSent);
    }
  }

  /** (Re)arms the one timer that opens the next window for waiting calls. */
  function scheduleRefill(): void {
    // With no reset known, an armed timer stands: re-arming it on every new waiter would put the
    // window off for as long as calls keep coming.
    if (refillTimer !== undefined && !resetAt) return;
    if (refillTimer !== undefined) clearTimeout(refillTimer);
    const at = (resetAt || Date.now() + WINDOW_MS) + RESET_MARGIN_MS + Math.random() * RESET_JITTER_MS;
    refillTimer = setTimeout(refill, Math.max(0, at - Date.now()));
  }

  function refill(): void {
    refillTimer = undefined;
    openWindow();
    letGo(remaining);
    // The rest wait for the reset that the released calls' answers announce.
    if (queue.length > 0) refillTimer = setTimeout(refill, WINDOW_MS);
  }

  return {
    idle: () => queue.length === 0 && probe === undefined && Date.now() > resetAt + WINDOW_MS,
    acquire,
    lastInfo: () => lastInfo,
  };
}
