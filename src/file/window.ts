import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Admission, RateLimitInfo, WindowAcquireOptions, WindowSlot, WindowStore } from '../index.js';
import type { SpentHere } from '../internal/spent-here.js';
import { abortError, rateLimitWaitError, sleep } from '../internal/waits.js';
import { countFloored, takeCall } from './day-count.js';
import type { State, StateFile, WindowState } from './state.js';

/** One window of the API (100 calls per minute): assumed when no answer tells the reset. */
const WINDOW_MS = 60_000;
/** Margin past the announced reset before calls go again (the server's clock and ours differ). */
const RESET_MARGIN_MS = 250;
/** A reset announced further ahead is not believed: a broken header cannot stop a token for hours. */
const MAX_RESET_AHEAD_MS = 2 * WINDOW_MS;
/** A call sent while the limit is unknown holds the window alone for at most this long. */
const PROBE_MS = 30_000;
/** A waiter looks again at least this often, which renews its place's lease. */
const POLL_MAX_MS = 1000;
/** A waiter that stopped looking (its process died) loses its place after this. */
const LEASE_MS = 3000;
/** Windows untouched this long are dropped from the file. */
const IDLE_MS = 86_400_000;

/**
 * Whether the process that sent the window's probe has ended (killed, or gone by process.exit()
 * before its answer was written): the others need not wait PROBE_MS for an answer that cannot come.
 * Only a process of this machine can be asked.
 */
function proberGone(w: WindowState): boolean {
  const prober = w.prober;
  if (!prober || prober.host !== hostname() || prober.pid === process.pid) return false;
  try {
    process.kill(prober.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: string }).code === 'ESRCH';
  }
}

type Step =
  | { taken: number; count?: number }
  | { wait: number }
  | { refused: Error }
  | { budget: false; count: number };

function windowOf(state: State, token: string, assumedLimit: number, now: number): WindowState {
  let w = state.windows[token];
  if (!w) {
    for (const [key, other] of Object.entries(state.windows))
      if (other.touched < now - IDLE_MS) delete state.windows[key];
    w = {
      limit: assumedLimit,
      remaining: assumedLimit,
      resetAt: 0,
      expiredAt: 0,
      toldResetAt: 0,
      known: false,
      probe: 0,
      probeUntil: 0,
      sent: 0,
      waiters: [],
      touched: now,
    };
    state.windows[token] = w;
  }
  // The window ran out: a full one starts; answers about the old one are ignored from now on.
  if (w.resetAt && now >= w.resetAt + RESET_MARGIN_MS) {
    w.expiredAt = Math.max(w.expiredAt, w.resetAt);
    w.remaining = w.limit;
    w.resetAt = 0;
  }
  // A probe whose process died (or whose answer never came) frees the window.
  if (w.probe && (now >= w.probeUntil || proberGone(w))) w.probe = 0;
  w.waiters = w.waiters.filter((waiter) => waiter.lease >= now);
  w.touched = now;
  return w;
}

/**
 * One look at the window (and, with `budget`, at the day's budget first), under the state lock:
 * take a place (and one call of the budget with it), or say how long to wait, or refuse.
 */
function step(
  state: State,
  token: string,
  id: string,
  assumedLimit: number,
  options: WindowAcquireOptions,
  budget: Admission | undefined,
  spent: SpentHere,
): Step {
  const now = Date.now();
  if (budget) {
    const { calls } = countFloored(state, budget.app, budget.day, spent);
    if (calls >= budget.dailyLimit) {
      const w = state.windows[token];
      if (w) w.waiters = w.waiters.filter((waiter) => waiter.id !== id);
      return { budget: false, count: calls };
    }
  }
  const w = windowOf(state, token, assumedLimit, now);
  const at = w.waiters.findIndex((waiter) => waiter.id === id);
  const ahead = at >= 0 ? at : w.waiters.length;
  // Until an answer tells the real limit, one call goes alone: the assumed limit may be wrong.
  const room = w.probe === 0 && (w.known ? w.remaining > ahead : ahead === 0 && w.remaining > 0);
  if (room) {
    if (at >= 0) w.waiters.splice(at, 1);
    w.remaining--;
    const seq = ++w.sent;
    if (!w.known) {
      w.probe = seq;
      w.probeUntil = now + PROBE_MS;
      w.prober = { host: hostname(), pid: process.pid };
    }
    if (budget) return { taken: seq, count: takeCall(state, budget.app, budget.day, spent) };
    return { taken: seq };
  }
  // Only a wait for a known reset has a length; a wait for a probe's answer or for the waiters
  // ahead is bounded by their calls' timeouts.
  const waitMs =
    w.known && w.remaining <= 0
      ? w.resetAt
        ? Math.max(0, w.resetAt + RESET_MARGIN_MS - now)
        : WINDOW_MS
      : 0;
  if (waitMs > options.maxWaitMs) {
    if (at >= 0) w.waiters.splice(at, 1);
    const resetAt = Math.max(w.resetAt || now + waitMs, w.toldResetAt);
    return { refused: rateLimitWaitError(resetAt, w.last, options.maxWaitMs) };
  }
  if (at >= 0) (w.waiters[at] as { lease: number }).lease = now + LEASE_MS;
  else w.waiters.push({ id, lease: now + LEASE_MS });
  return { wait: waitMs };
}

/**
 * Whether a waiter needs the lock (a look that can change something) rather than a lock-free read:
 * the window may have room for it, or have rolled, or a probe expired, or the budget ran out, or
 * its place's lease is half gone. Waiting calls look often; most looks then take no lock.
 */
function worthALook(
  state: State,
  token: string,
  id: string,
  budget: Admission | undefined,
  now: number,
): boolean {
  const w = state.windows[token];
  const at = w ? w.waiters.findIndex((waiter) => waiter.id === id) : -1;
  if (!w || at < 0 || (w.waiters[at]?.lease ?? 0) - now < LEASE_MS / 2) return true;
  if (budget && (state.budgets[budget.app]?.[budget.day] ?? 0) >= budget.dailyLimit) return true;
  if (w.resetAt && now >= w.resetAt + RESET_MARGIN_MS) return true;
  if (w.probe && (now >= w.probeUntil || proberGone(w))) return true;
  const ahead = w.waiters.filter((waiter, i) => i < at && waiter.lease >= now).length;
  return w.probe === 0 && (w.known ? w.remaining > ahead : ahead === 0 && w.remaining > 0);
}

/** Follows the server's count from an answer to the call `seq` (the rules of the in-memory window). */
function answer(w: WindowState, info: RateLimitInfo | undefined, seq: number): void {
  const first = !w.known;
  w.known = true;
  if (w.probe === seq) w.probe = 0;
  if (!info) return;
  w.last = info;
  w.limit = info.limit;
  const now = Date.now();
  let resetAt = info.reset * 1000;
  // A late answer from a window that has run out says nothing about the current one.
  if (resetAt <= w.expiredAt || (!first && resetAt <= now)) return;
  if (resetAt <= now || resetAt > now + MAX_RESET_AHEAD_MS) resetAt = now + WINDOW_MS;
  // Calls sent after this one (by any process) may have reached the server and are not in its count.
  const serverRemaining = Math.max(0, info.remaining - (w.sent - seq));
  if (first || (w.resetAt !== 0 && resetAt > w.resetAt)) {
    w.resetAt = resetAt;
    w.remaining = serverRemaining;
  } else {
    if (w.resetAt === 0) w.resetAt = resetAt;
    w.remaining = Math.min(w.remaining, serverRemaining);
  }
}

function exhaust(w: WindowState, info: RateLimitInfo | undefined, seq: number): void {
  w.known = true;
  w.remaining = 0;
  if (w.probe === seq) w.probe = 0;
  if (info) w.last = info;
  const now = Date.now();
  const told = info ? info.reset * 1000 : 0;
  w.toldResetAt = told;
  const resetAt = told > now ? Math.min(told, now + MAX_RESET_AHEAD_MS) : now + WINDOW_MS;
  if (resetAt > w.resetAt) w.resetAt = resetAt;
}

class FileSlot implements WindowSlot {
  private done = false;

  constructor(
    private readonly file: StateFile,
    private readonly token: string,
    readonly seq: number,
  ) {}

  answered(info: RateLimitInfo | undefined): Promise<void> {
    return this.settle((w) => answer(w, info, this.seq));
  }

  exhausted(info: RateLimitInfo | undefined): Promise<void> {
    return this.settle((w) => exhaust(w, info, this.seq));
  }

  /**
   * No answer: a probe's hold ends. The place is not given back: a request that got no answer
   * may still have reached the server's count.
   */
  release(): Promise<void> {
    return this.settle((w) => {
      if (w.probe === this.seq) w.probe = 0;
    });
  }

  /** Once per slot; never rejects (the next call's admission meets the same directory). */
  private async settle(change: (w: WindowState) => void): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.file
      .update((state) => {
        const w = state.windows[this.token];
        if (w) change(w);
        return { result: undefined, write: w !== undefined };
      })
      .catch(() => undefined);
  }
}

/** The windows of tokens in the state file, and the admission of a call in one locked step. */
export function fileWindows(
  file: StateFile,
  spent: SpentHere,
): {
  windows: WindowStore;
  admit: (admission: Admission, options: WindowAcquireOptions) => Promise<WindowSlot | false>;
} {
  const acquire = async (
    token: string,
    assumedLimit: number,
    options: WindowAcquireOptions,
    budget: Admission | undefined,
  ): Promise<WindowSlot | false> => {
    const id = randomUUID();
    const { signal } = options;
    for (let first = true; ; first = false) {
      if (signal?.aborted) throw abortError(signal);
      if (!first && !worthALook(file.read(), token, id, budget, Date.now())) {
        await pause(20, signal, token, id);
        continue;
      }
      const next = await file.update((state) => {
        const result = step(state, token, id, assumedLimit, options, budget, spent);
        return { result, write: true };
      }, signal);
      if ('taken' in next) {
        if (budget && next.count !== undefined) spent.took(budget.app, budget.day, next.count);
        return new FileSlot(file, token, next.taken);
      }
      if ('budget' in next) {
        if (budget) spent.saw(budget.app, budget.day, next.count);
        return false;
      }
      if ('refused' in next) throw next.refused;
      await pause(Math.min(Math.max(next.wait, 20), POLL_MAX_MS), signal, token, id);
    }
  };
  /** Waits `ms` (and a little jitter); a caller that gives up meanwhile leaves its place to the next. */
  const pause = async (ms: number, signal: AbortSignal | undefined, token: string, id: string) => {
    try {
      await sleep(ms + Math.random() * 20, signal);
    } catch (error) {
      await file
        .update((state) => {
          const w = state.windows[token];
          if (w) w.waiters = w.waiters.filter((waiter) => waiter.id !== id);
          return { result: undefined, write: w !== undefined };
        })
        .catch(() => undefined);
      throw error;
    }
  };
  return {
    windows: {
      acquire: async (token, assumedLimit, options) =>
        (await acquire(token, assumedLimit, options, undefined)) as WindowSlot,
      last: async (token) => file.read().windows[token]?.last,
    },
    admit: (admission, options) => acquire(admission.token, admission.assumedLimit, options, admission),
  };
}
