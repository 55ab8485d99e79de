/**
 * Which public answer to revalidate when the day's pacing allows one more call: the most overdue,
 * by its age times the square root of its view rate. Refreshing each answer at intervals inversely
 * proportional to the square root of its view rate minimizes the mean age the views see for a
 * given number of calls (the square-root rule); an answer is due when its age reaches that
 * interval, so the one with the largest age x sqrt(rate) is the most overdue. The pick is among
 * every answer this instance serves, not only the one being viewed: a view of a popular page can
 * spend the call on a rarer page that needs it more.
 */
import type { GetSpec } from './fetch-api.js';

interface Watched {
  spec: GetSpec;
  views: number;
  firstSeen: number;
  /** When the answer was last fetched or confirmed, and its max-age (from the cache). */
  storedAt: number;
  maxAgeMs: number;
}

/** The shortest span a view rate is measured over: a page first seen a second ago is not hot. */
const MIN_RATE_SPAN_MS = 600_000;

export class OverdueAnswers {
  private readonly watched = new Map<string, Watched>();

  constructor(private readonly max: number) {}

  /** A view of `key`, with what the cache holds for it (storedAt 0: nothing). */
  view(key: string, spec: GetSpec, storedAt: number, maxAgeMs: number, now: number): void {
    const found = this.watched.get(key);
    if (found) {
      found.views += 1;
      found.storedAt = storedAt;
      found.maxAgeMs = maxAgeMs;
      return;
    }
    this.watched.set(key, { spec, views: 1, firstSeen: now, storedAt, maxAgeMs });
    if (this.watched.size > this.max) this.evict(now);
  }

  /** A new or confirmed answer for `key`. */
  stored(key: string, storedAt: number, maxAgeMs: number): void {
    const found = this.watched.get(key);
    if (found) {
      found.storedAt = storedAt;
      found.maxAgeMs = maxAgeMs;
    }
  }

  /** The most overdue stale answer that `skip` does not exclude, or undefined when none is stale. */
  pick(
    now: number,
    skip: (key: string) => boolean,
  ): { key: string; spec: GetSpec; storedAt: number } | undefined {
    let best: { key: string; spec: GetSpec; storedAt: number } | undefined;
    let bestScore = 0;
    for (const [key, w] of this.watched) {
      const age = now - w.storedAt;
      if (w.storedAt === 0 || age <= w.maxAgeMs || skip(key)) continue;
      const score = age * Math.sqrt(w.views / Math.max(MIN_RATE_SPAN_MS, now - w.firstSeen));
      if (score > bestScore) {
        bestScore = score;
        best = { key, spec: w.spec, storedAt: w.storedAt };
      }
    }
    return best;
  }

  /** Drops the answer with the lowest view rate. */
  private evict(now: number): void {
    let victim: string | undefined;
    let lowest = Number.POSITIVE_INFINITY;
    for (const [key, w] of this.watched) {
      const rate = w.views / Math.max(MIN_RATE_SPAN_MS, now - w.firstSeen);
      if (rate < lowest) {
        lowest = rate;
        victim = key;
      }
    }
    if (victim !== undefined) this.watched.delete(victim);
  }
}
