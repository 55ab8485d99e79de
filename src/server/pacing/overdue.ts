/**
 * Which public answer to revalidate when the day's pacing allows one more call. The freshness
 * optimum of a day gives each answer r_i + 1 fetches in proportion to sqrt(views_i x span_i),
 * evenly over its span. Here the level of age x sqrt(rate) that shares the refreshes the day has
 * left is found by water-filling over the views seen so far: an answer whose age x sqrt(rate) plus
 * the day's rest reaches n levels gets n refreshes, spaced evenly up to 24:00 (one refresh at the
 * middle, not once its age reaches the level: a refresh in the last hour serves only that hour).
 * Among the answers due, the pick is the one whose views lose most by waiting (age x rate), among
 * every answer this instance serves, not only the one viewed.
 */

import type { EndpointRow } from '../../index.js';
import type { GetSpec } from '../upstream/fetch-api.js';

/** The served GET route's row for an API path (`/skus/1`), or undefined when none has that path. */
export type GetRowOf = (path: string) => EndpointRow | undefined;

export interface Watched {
  spec: GetSpec;
  views: number;
  /** When the answer was last fetched or confirmed, and its max-age (from the cache). */
  storedAt: number;
  maxAgeMs: number;
}

export interface Due {
  key: string;
  spec: GetSpec;
  storedAt: number;
}

/** The shortest span a view rate is measured over: the first views of the day are not a rate yet. */
const MIN_RATE_SPAN_MS = 600_000;
/** Past this span of counting, every count is halved (and the span with it): rates follow a shifting popularity. */
const RATE_WINDOW_MS = 2 * 86_400_000;
/** How long a computed level is used before it is computed again. */
const LEVEL_TTL_MS = 60_000;

export class OverdueAnswers {
  private readonly watched = new Map<string, Watched>();
  /** When counting began: this instance's first view. */
  private since: number | undefined;
  private level: { at: number; refreshes: number; value: number } | undefined;

  /** `rowOf` gives a restored answer back its schema: a snapshot is JSON, and a schema is not data. */
  constructor(
    private readonly max: number,
    private readonly rowOf: GetRowOf,
  ) {}

  /** A view of `key`, with what the cache holds for it (storedAt 0: nothing). */
  view(key: string, spec: GetSpec, storedAt: number, maxAgeMs: number, now: number): void {
    this.since ??= now;
    if (now - this.since > RATE_WINDOW_MS) this.halveCounts(now);
    const found = this.watched.get(key);
    if (found) {
      found.views += 1;
      found.storedAt = storedAt;
      found.maxAgeMs = maxAgeMs;
      return;
    }
    this.watched.set(key, { spec, views: 1, storedAt, maxAgeMs });
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

  /** Answers cached and watched: about the calls spent on first views. */
  get size(): number {
    let cached = 0;
    for (const w of this.watched.values()) if (w.storedAt !== 0) cached += 1;
    return cached;
  }

  /**
   * The most overdue stale answer that `skip` does not exclude and that is due, or undefined.
   * `refreshes` calls are left for revalidations over the `msLeft` left of the day; `Infinity`
   * (no budget) makes every stale answer due.
   */
  pick(now: number, skip: (key: string) => boolean, refreshes: number, msLeft: number): Due | undefined {
    if (!(refreshes >= 1)) return undefined;
    const level = this.levelAt(now, refreshes, msLeft);
    let best: Due | undefined;
    let bestLoss = 0;
    for (const [key, w] of this.watched) {
      const age = now - w.storedAt;
      if (w.storedAt === 0 || age <= w.maxAgeMs || skip(key)) continue;
      const rate = this.rate(w, now);
      if (!isDue(age * Math.sqrt(rate), msLeft * Math.sqrt(rate), level)) continue;
      const loss = age * rate;
      if (loss >= bestLoss) {
        bestLoss = loss;
        best = { key, spec: w.spec, storedAt: w.storedAt };
      }
    }
    return best;
  }

  /**
   * The lowest level at which the refreshes of every answer over the rest of the day (`refreshesLeft`)
   * take no more than the refreshes left. Answers rarely viewed never reach it: they are fetched at
   * their first view only, as in the optimum.
   */
  private levelAt(now: number, refreshes: number, msLeft: number): number {
    if (!Number.isFinite(refreshes)) return 0;
    const cached = this.level;
    if (cached && now - cached.at < LEVEL_TTL_MS && cached.refreshes === refreshes) return cached.value;
    const aged: number[] = [];
    const left: number[] = [];
    let high = 1;
    for (const w of this.watched.values()) {
      if (w.storedAt === 0) continue;
      const root = Math.sqrt(this.rate(w, now));
      aged.push((now - w.storedAt) * root);
      left.push(msLeft * root);
      high = Math.max(high, (now - w.storedAt + msLeft) * root + 1);
    }
    const dueCount = (level: number) => {
      let sum = 0;
      for (let i = 0; i < aged.length; i++) sum += refreshesLeft(aged[i] as number, left[i] as number, level);
      return sum;
    };
    let low = high / 2 ** 40;
    if (dueCount(low) <= refreshes) high = low;
    for (let i = 0; i < 50 && high / low > 1.001; i++) {
      const mid = Math.sqrt(low * high);
      if (dueCount(mid) <= refreshes) high = mid;
      else low = mid;
    }
    this.level = { at: now, refreshes, value: high };
    return high;
  }

  /**
   * Views per ms. Views come at any time of the day, not from an answer's first view on: its views
   * over the whole span counted (not since its first view, which would rate a page seen once a
   * minute ago as hot).
   */
  private rate(w: Watched, now: number): number {
    return w.views / Math.max(MIN_RATE_SPAN_MS, now - (this.since ?? now));
  }

  private halveCounts(now: number): void {
    for (const w of this.watched.values()) w.views /= 2;
    this.since = now - (now - (this.since ?? now)) / 2;
  }

  /** The `max` answers viewed most, and when counting began: what a restarted instance starts from. */
  snapshot(max: number): { since: number | undefined; watched: [string, Watched][] } {
    const watched = [...this.watched].sort((a, b) => b[1].views - a[1].views).slice(0, max);
    // The spec without its schema: a zod schema turned to JSON is kilobytes of nothing usable.
    return {
      since: this.since,
      watched: watched.map(([key, { spec, ...w }]) => [
        key,
        { ...w, spec: { path: spec.path, query: spec.query, version: spec.version } },
      ]),
    };
  }

  /** Starts from a snapshot: counts and kept times of answers this instance has not seen yet. */
  restore(since: number | undefined, watched: readonly [string, Watched][], now: number): void {
    if (typeof since === 'number' && since <= now) this.since = Math.min(this.since ?? since, since);
    for (const [key, w] of watched) {
      if (this.watched.size >= this.max) break;
      if (this.watched.has(key) || !(w.views > 0) || typeof w.spec?.path !== 'string') continue;
      // A path no served GET route has is not revalidated: its answer would be checked against nothing.
      const row = this.rowOf(w.spec.path);
      if (!row) continue;
      const { path, query, version } = w.spec;
      this.watched.set(key, {
        spec: { path, query, version, schema: row.schema },
        views: w.views,
        storedAt: w.storedAt,
        maxAgeMs: w.maxAgeMs,
      });
    }
    this.level = undefined;
  }

  /** Drops the answer with the lowest view rate. */
  private evict(now: number): void {
    let victim: string | undefined;
    let lowest = Number.POSITIVE_INFINITY;
    for (const [key, w] of this.watched) {
      const rate = this.rate(w, now);
      if (rate < lowest) {
        lowest = rate;
        victim = key;
      }
    }
    if (victim !== undefined) this.watched.delete(victim);
  }
}

/**
 * Whether an answer is due: `aged` and `left` are its age and the day's rest, each x sqrt(rate).
 * With n = floor((aged + left) / level) refreshes until 24:00 spaced evenly, the next is due at
 * an age of (aged + left) / (n + 1). Level 0 (no budget to share): every stale answer is due.
 */
function isDue(aged: number, left: number, level: number): boolean {
  if (level === 0) return true;
  const n = Math.floor((aged + left) / level);
  return n >= 1 && aged * (n + 1) >= aged + left;
}

/** The refreshes an answer gets over the rest of the day at `level`: one now if due, then evenly. */
function refreshesLeft(aged: number, left: number, level: number): number {
  return isDue(aged, left, level) ? 1 + Math.floor(left / level) : Math.floor((aged + left) / level);
}
