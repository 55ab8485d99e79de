/**
 * The rate-limit window of each token, in one process's memory (the default WindowStore). The
 * count is ours, kept from every answer's X-RateLimit-Remaining / X-RateLimit-Reset; while it has
 * room a call passes with no queue and no timer. A call that would go over waits in a FIFO let go
 * at the reset time, so waiting calls leave in order and never more than the window allows.
 *
 * Written by hand rather than with bottleneck: the wait is one FIFO released by one timer and
 * must follow the server's reset, which bottleneck's reservoir cannot.
 */
import { rateLimitWaitError } from '../internal/waits.js';
import { MAX_RESET_AHEAD_MS, type RateLimitInfo, WINDOW_MS } from './rate-limit.js';
import { abortError } from './signal.js';
import type { WindowAcquireOptions, WindowSlot, WindowStore } from './stores.js';

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
      window = new MemoryWindow(assumedLimit);
      windows.set(token, window);
    }
    return window;
  };
  return {
    acquire: (token, assumedLimit, options) => windowOf(token, assumedLimit).acquire(options),
    last: async (token) => windows.get(token)?.lastInfo,
  };
}

/** One place taken in a MemoryWindow. */
class MemorySlot implements WindowSlot {
  private done = false;

  constructor(
    private readonly window: MemoryWindow,
    readonly seq: number,
  ) {}

  async answered(info: RateLimitInfo | undefined): Promise<void> {
    if (this.settle()) this.window.update(info, this.seq);
  }

  async exhausted(info: RateLimitInfo | undefined): Promise<void> {
    if (this.settle()) this.window.exhausted(info);
  }

  /**
   * Never answered: the hold ends, and the next call may probe. The count is given back only for
   * a request never sent: one that got no answer may still have reached the server's count.
   */
  async release(sent = true): Promise<void> {
    if (!this.settle()) return;
    if (!sent) this.window.giveBack(this.seq);
    this.window.kick();
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

/** The rate-limit window of one token (see the top of this file). */
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

  acquire(options: WindowAcquireOptions): Promise<WindowSlot> {
    this.roll();
    if (this.remaining > 0 && this.queue.length === 0 && this.probe === undefined) {
      this.remaining--;
      const seq = ++this.sent;
      // Until an answer tells the real limit, one call goes alone: the assumed limit may be wrong.
      if (!this.known) this.probe = seq;
      return Promise.resolve(this.slot(seq));
    }
    return this.wait(options);
  }

  private slot(seq: number): WindowSlot {
    return new MemorySlot(this, seq);
  }

  /** A place taken in the current window by a request that never left. */
  giveBack(seq: number): void {
    if (seq > this.windowSeq && this.remaining < this.limit) this.remaining++;
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

  /** A wait longer than the caller accepts: refused, with when the window opens. */
  private refusal(waitMs: number, maxWaitMs: number): Error {
    return rateLimitWaitError(this.resetAt || Date.now() + waitMs, this.lastInfo, maxWaitMs);
  }

  private waitMs(): number {
    return this.resetAt ? Math.max(0, this.resetAt + RESET_MARGIN_MS - Date.now()) : 0;
  }

  private wait(options: WindowAcquireOptions): Promise<WindowSlot> {
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
    // With no reset known, an armed timer stands: re-arming it on every new waiter would put the
    // window off for as long as calls keep coming.
    if (this.refillTimer !== undefined && !this.resetAt) return;
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
