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
import { DAY_MS, msLeftInDay } from '../../internal/day.js';
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
const RATE_WINDOW_MS = 2 * DAY_MS;
/** How long a computed level is used before it is computed again. */
const LEVEL_TTL_MS = 60_000;

export class OverdueAnswers {
  private readonly watched = new Map<string, Watched>();
  /** Watched answers with something cached (storedAt not 0): `size`, kept as they change. */
  private cached = 0;
  /** When each cached answer goes stale, earliest first: `pick` scans only when one has. */
  private readonly staleAt = new StaleHeap();
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
      this.keep(key, found, storedAt, maxAgeMs);
      return;
    }
    const added = { spec, views: 1, storedAt: 0, maxAgeMs };
    this.watched.set(key, added);
    this.keep(key, added, storedAt, maxAgeMs);
    if (this.watched.size > this.max) this.evict(now);
  }

  /** A new or confirmed answer for `key`. */
  stored(key: string, storedAt: number, maxAgeMs: number): void {
    const found = this.watched.get(key);
    if (found) this.keep(key, found, storedAt, maxAgeMs);
  }

  /** What the cache holds for a watched answer, counted and placed in the stale order. */
  private keep(key: string, w: Watched, storedAt: number, maxAgeMs: number): void {
    if (w.storedAt === storedAt && w.maxAgeMs === maxAgeMs) return;
    this.cached += (storedAt !== 0 ? 1 : 0) - (w.storedAt !== 0 ? 1 : 0);
    w.storedAt = storedAt;
    w.maxAgeMs = maxAgeMs;
    if (storedAt !== 0) this.staleAt.push(storedAt + maxAgeMs, key, this.watched);
  }

  /** Answers cached and watched: about the calls spent on first views. */
  get size(): number {
    return this.cached;
  }

  /** Whether an answer watched is stale at `now`: found in O(log n), not by a scan. */
  anyStale(now: number): boolean {
    return this.staleAt.earliest(this.watched) < now;
  }

  /**
   * The most overdue stale answer that `skip` does not exclude and that is due, or undefined.
   * `refreshes` calls are left for revalidations over the `msLeft` left of the day; `Infinity`
   * (no budget) makes every stale answer due.
   */
  pick(now: number, skip: (key: string) => boolean, refreshes: number, msLeft: number): Due | undefined {
    if (!(refreshes >= 1)) return undefined;
    const level = this.levelAt(now, refreshes, msLeft);
    if (!this.anyStale(now)) return undefined;
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
   * How long from `now` the plan leaves `key`'s answer as it is (ms): until its next refresh at the
   * level last shared out (never before its max-age ends), or to the day's end when it gets none.
   * 0 when not known: not watched, no level shared yet, or every stale answer due (no budget).
   */
  refreshIn(key: string, now: number): number {
    const w = this.watched.get(key);
    const level = this.level?.value;
    if (!w || w.storedAt === 0 || !level) return 0;
    const age = now - w.storedAt;
    const msLeft = msLeftInDay(now);
    const refreshes = Math.floor(((age + msLeft) * Math.sqrt(this.rate(w, now))) / level);
    if (refreshes < 1) return msLeft;
    // Spaced evenly to 24:00: the next at an age of (age + msLeft) / (refreshes + 1) (isDue below).
    return Math.max(0, Math.max((age + msLeft) / (refreshes + 1), w.maxAgeMs) - age);
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
      const restored = {
        spec: { path, query, version, schema: row.schema },
        views: w.views,
        storedAt: 0,
        maxAgeMs: 0,
      };
      this.watched.set(key, restored);
      this.keep(key, restored, w.storedAt, w.maxAgeMs);
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
    if (victim === undefined) return;
    if (this.watched.get(victim)?.storedAt !== 0) this.cached -= 1;
    this.watched.delete(victim);
  }
}

/**
 * A binary min-heap of when answers go stale. Entries are not removed when an answer changes:
 * one that no longer says its answer's time is dropped when it reaches the top; the heap is
 * rebuilt when such entries outnumber the answers.
 */
class StaleHeap {
  private times: number[] = [];
  private keys: string[] = [];

  push(at: number, key: string, watched: ReadonlyMap<string, Watched>): void {
    if (this.times.length > 2 * watched.size + 64) this.rebuild(watched);
    this.times.push(at);
    this.keys.push(key);
    this.up(this.times.length - 1);
  }

  /** The earliest time a cached answer goes stale (Infinity: none cached). */
  earliest(watched: ReadonlyMap<string, Watched>): number {
    while (this.times.length > 0) {
      const at = this.times[0] as number;
      const w = watched.get(this.keys[0] as string);
      if (w && w.storedAt !== 0 && w.storedAt + w.maxAgeMs === at) return at;
      this.pop();
    }
    return Number.POSITIVE_INFINITY;
  }

  private rebuild(watched: ReadonlyMap<string, Watched>): void {
    this.times = [];
    this.keys = [];
    for (const [key, w] of watched) {
      if (w.storedAt === 0) continue;
      this.times.push(w.storedAt + w.maxAgeMs);
      this.keys.push(key);
      this.up(this.times.length - 1);
    }
  }

  private pop(): void {
    const lastAt = this.times.pop() as number;
    const lastKey = this.keys.pop() as string;
    if (this.times.length === 0) return;
    this.times[0] = lastAt;
    this.keys[0] = lastKey;
    this.down(0);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.times[parent] as number) <= (this.times[i] as number)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.times.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < n && (this.times[left] as number) < (this.times[least] as number)) least = left;
      if (right < n && (this.times[right] as number) < (this.times[least] as number)) least = right;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(a: number, b: number): void {
    [this.times[a], this.times[b]] = [this.times[b] as number, this.times[a] as number];
    [this.keys[a], this.keys[b]] = [this.keys[b] as string, this.keys[a] as string];
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
