import { setTimeout as sleep } from 'node:timers/promises';
import { type Clock, withGlobal } from '@sinonjs/fake-timers';

/** Real turns of the event loop between two timers: enough for in-memory fetches to finish. */
const SETTLE_TURNS = 3;
/** Bound the wait for `busy`: a reply lost for good must not hang the run. About a second of turns polled, */
const MAX_BUSY_TURNS = 20_000;
/** or this many ms slept on. */
const MAX_WAIT_MS = 5_000;

async function turns(): Promise<void> {
  for (let i = 0; i < SETTLE_TURNS; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * WebCrypto digests started and not finished: they run on the thread pool, not in the loop (a
 * session or visitor key the handler hashes). Awaited exactly, rather than with jobs of our own
 * queued behind them on every timer (two pool round trips a timer, most for nothing).
 */
const digestsOut = new Set<Promise<unknown>>();

/**
 * Lets the work started by the last timer run before the clock jumps: every digest out finishes,
 * and work on a real socket (a Redis reply, `busy`) is awaited too, however slow the machine;
 * otherwise on a busy machine the simulated clock would leap ahead of it. What is due is slept on
 * (the loop waits in the kernel and leaves the cores to Redis), not polled, where it can be.
 */
async function settle(busy: () => Promise<unknown> | boolean): Promise<void> {
  await turns();
  let giveUp: AbortController | undefined;
  let gaveUp: Promise<string> | undefined;
  try {
    for (let i = 0; i < MAX_BUSY_TURNS; i++) {
      const due = digestsOut.size > 0 ? Promise.allSettled([...digestsOut]) : busy();
      if (due === false) return;
      if (due !== true) {
        giveUp ??= new AbortController();
        gaveUp ??= sleep(MAX_WAIT_MS, 'gave up', { ref: false, signal: giveUp.signal }).catch(
          () => 'gave up',
        );
        if ((await Promise.race([due.then(() => 'due'), gaveUp])) !== 'due') return;
      }
      await turns();
    }
  } finally {
    giveUp?.abort();
  }
}

/** Keeps the digests of `subtle` out in `digestsOut` while installed; gives back what undoes it. */
function countDigests(subtle: SubtleCrypto): () => void {
  const own = Object.hasOwn(subtle, 'digest');
  const original = subtle.digest;
  const counted: SubtleCrypto['digest'] = (algorithm, data) => {
    const digest = original.call(subtle, algorithm, data);
    digestsOut.add(digest);
    const done = () => digestsOut.delete(digest);
    digest.then(done, done);
    return digest;
  };
  subtle.digest = counted;
  return () => {
    if (own) subtle.digest = original;
    else Reflect.deleteProperty(subtle, 'digest');
  };
}

/**
 * A simulated clock over the globals the SDK, the sandbox and the handler read (Date, setTimeout,
 * setInterval): time jumps from one timer to the next, and between two jumps the real event loop
 * runs until the work started by the last timer has settled. setImmediate stays real: it is how
 * the loop is let run.
 */
export class SimulatedClock {
  private readonly clock: Clock;
  private readonly uncountDigests: () => void;

  /**
   * `busy`: work outside the loop (replies on a socket) still due before time may move: a promise
   * of it, `true` when it can only be asked again, `false` when none is.
   */
  constructor(
    start: number,
    private readonly busy: () => Promise<unknown> | boolean = () => false,
  ) {
    this.clock = withGlobal(globalThis).install({
      now: start,
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      loopLimit: 100_000_000,
    });
    this.uncountDigests = countDigests(globalThis.crypto.subtle);
  }

  get now(): number {
    return this.clock.now;
  }

  /** Fires every timer due up to `end` (epoch ms) in order, or until `done()` says so. */
  async runUntil(end: number, done: () => boolean = () => false): Promise<void> {
    let reached = false;
    const sentinel = setTimeout(
      () => {
        reached = true;
      },
      Math.max(0, end - this.clock.now),
    );
    for (;;) {
      await settle(this.busy);
      if (reached || done()) break;
      this.clock.next();
    }
    clearTimeout(sentinel);
  }

  uninstall(): void {
    this.uncountDigests();
    this.clock.uninstall();
  }
}
