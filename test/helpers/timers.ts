import { vi } from 'vitest';

/**
 * Runs `work` under fake timers, advancing the clock in `stepMs` steps until it settles, so
 * rate-limit waits and backoffs take no real time. Gives up after `maxMs` of fake time.
 */
export async function drive<T>(work: Promise<T>, stepMs = 50, maxMs = 3_600_000): Promise<T> {
  let settled = false;
  const done = work.then(
    (value) => {
      settled = true;
      return value;
    },
    (error: unknown) => {
      settled = true;
      throw error;
    },
  );
  done.catch(() => {});
  for (let elapsed = 0; !settled && elapsed < maxMs; elapsed += stepMs) {
    await vi.advanceTimersByTimeAsync(stepMs);
  }
  return done;
}

const DAY_MS = 86_400_000;

/**
 * A clock for a handler's `now`: `atMs` into the UTC day starting at `dayStart` (today's by
 * default), moved only by `advance`.
 */
export function dayClock(
  atMs: number,
  dayStart = Math.floor(Date.now() / DAY_MS) * DAY_MS,
): { now: () => number; advance: (ms: number) => number } {
  let t = dayStart + atMs;
  return { now: () => t, advance: (ms) => (t += ms) };
}
