import { type Clock, withGlobal } from '@sinonjs/fake-timers';

/** Real turns of the event loop between two timers: enough for in-memory fetches to finish. */
const SETTLE_TURNS = 3;
/** Rounds of turns, each after a job on the thread pool: WebCrypto digests run there, not in the loop. */
const POOL_ROUNDS = 2;
const NOTHING = new Uint8Array(1);
/** Bounds the wait for `busy` (about a second of turns): a reply lost for good must not hang the run. */
const MAX_BUSY_TURNS = 20_000;

async function turns(): Promise<void> {
  for (let i = 0; i < SETTLE_TURNS; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Lets the work started by the last timer run before the clock jumps: a SHA-256 the handler
 * started (a session or visitor key) finishes on the thread pool, so a job queued behind it is
 * awaited too; otherwise on a busy machine the simulated clock would leap ahead of it.
 */
async function settle(busy: () => boolean): Promise<void> {
  await turns();
  for (let i = 0; i < POOL_ROUNDS; i++) {
    await crypto.subtle.digest('SHA-256', NOTHING);
    await turns();
  }
  // Work on a real socket (a Redis reply) is awaited too, however slow the machine.
  for (let i = 0; busy() && i < MAX_BUSY_TURNS; i++) await turns();
}

/**
 * A simulated clock over the globals the SDK, the sandbox and the handler read (Date, setTimeout,
 * setInterval): time jumps from one timer to the next, and between two jumps the real event loop
 * runs until the work started by the last timer has settled. setImmediate stays real: it is how
 * the loop is let run.
 */
export class SimulatedClock {
  private readonly clock: Clock;

  /** `busy`: whether work outside the loop (replies on a socket) is still due before time may move. */
  constructor(
    start: number,
    private readonly busy: () => boolean = () => false,
  ) {
    this.clock = withGlobal(globalThis).install({
      now: start,
      toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      loopLimit: 100_000_000,
    });
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
    this.clock.uninstall();
  }
}
