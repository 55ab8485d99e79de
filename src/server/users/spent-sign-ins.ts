/**
 * Sign-in states and codes spent in this process: the handler's `markUsed` where the coordination
 * has none of its own (the in-memory one: a single process anyway).
 */

/** At most this many marks are kept: past it the expired go, then the oldest. */
const MAX_MARKS = 100_000;

/** `Coordination.markUsed` in one process: a Map of expiry times (on the handler's clock, `now`) in the order they were made. */
export function memoryUsedMarks(now: () => number): (key: string, ttlMs: number) => Promise<boolean> {
  const marks = new Map<string, number>();
  return async (key, ttlMs) => {
    const t = now();
    const until = marks.get(key);
    if (until !== undefined && until > t) return false;
    marks.delete(key);
    if (marks.size >= MAX_MARKS) {
      for (const [old, expiry] of marks) if (expiry <= t) marks.delete(old);
      if (marks.size >= MAX_MARKS) marks.delete(marks.keys().next().value as string);
    }
    marks.set(key, t + ttlMs);
    return true;
  };
}
