/**
 * Which public answer to revalidate when the day's pacing allows one more call. The freshness
 * optimum of a day gives each answer r_i + 1 fetches in proportion to sqrt(views_i x span_i),
 * evenly over its span. Here the level of age x sqrt(rate) that shares the refreshes the day has
 * left is found by water-filling over the views seen so far: an answer whose age x sqrt(rate) plus
 * the day's rest reaches n levels gets n refreshes, spaced evenly up to 24:00 (one refresh at the
 * middle, not once its age reaches the level: a refresh in the last hour serves only that hour).
 * Among the answers due, the pick is the one whose views lose most by waiting (age x rate), among
 * every answer this instance serves, not only the one viewed. Each answer's next refresh is placed
 * in a heap when the level is shared out, so a pick looks only at the answers come due.
 */

import type { EndpointRow } from '../../index.js';
import { DAY_MS, msLeftInDay } from '../../internal/day.js';
import type { GetSpec } from '../upstream/fetch-api.js';
import { TimeHeap } from './time-heap.js';

/** The served GET route's row for an API path (`/skus/1`), or undefined when none has that path. */
export type GetRowOf = (path: string) => EndpointRow | undefined;

export interface Watched {
  spec: GetSpec;
  views: number;
  /** When the answer was last fetched or confirmed, and its max-age (from the cache). */
  storedAt: number;
  maxAgeMs: number;
}

interface Placed extends Watched {
  /** When its next refresh is due at the plan's level, at the earliest (Infinity: none today). */
  dueAt: number;
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
  private readonly watched = new Map<string, Placed>();
  /** Watched answers with something cached (storedAt not 0): `size`, kept as they change. */
  private cached = 0;
  /** When each cached answer goes stale, earliest first: nothing is picked before one has. */
  private readonly staleAt = new TimeHeap((key, at) => {
    const w = this.watched.get(key);
    return w !== undefined && w.storedAt !== 0 && w.storedAt + w.maxAgeMs === at;
  });
  /** When each cached answer's next refresh comes due at `plan`, earliest first. */
  private readonly comingDue = new TimeHeap((key, at) => this.watched.get(key)?.dueAt === at);
  /** The answers come due and not refreshed since, with the fetch they came due after: what a pick weighs. */
  private readonly due = new Map<string, number>();
  /** The level and day end (ms) the due times were placed at: `level` NaN until the first pick. */
  private plan = { level: Number.NaN, dayEnd: 0 };
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
      if (!this.keep(key, found, storedAt, maxAgeMs, now)) this.placeSooner(key, found, now);
      return;
    }
    const added = { spec, views: 1, storedAt: 0, maxAgeMs, dueAt: Number.POSITIVE_INFINITY };
    this.watched.set(key, added);
    this.keep(key, added, storedAt, maxAgeMs, now);
    if (this.watched.size > this.max) this.evict(now);
  }

  /** A new or confirmed answer for `key`. */
  stored(key: string, storedAt: number, maxAgeMs: number): void {
    const found = this.watched.get(key);
    if (found) this.keep(key, found, storedAt, maxAgeMs, storedAt);
  }

  /**
   * What the cache holds for a watched answer, counted and placed in the stale and due orders;
   * false when it holds what it held.
   */
  private keep(key: string, w: Placed, storedAt: number, maxAgeMs: number, now: number): boolean {
    if (w.storedAt === storedAt && w.maxAgeMs === maxAgeMs) return false;
    this.cached += (storedAt !== 0 ? 1 : 0) - (w.storedAt !== 0 ? 1 : 0);
    w.storedAt = storedAt;
    w.maxAgeMs = maxAgeMs;
    if (storedAt !== 0) this.staleAt.push(storedAt + maxAgeMs, key);
    this.place(key, w, this.dueTime(w, now));
    return true;
  }

  /** A view raises an answer's rate, which may bring its next refresh forward (a due time only moves later otherwise). */
  private placeSooner(key: string, w: Placed, now: number): void {
    const dueAt = this.dueTime(w, now);
    if (dueAt < w.dueAt) this.place(key, w, dueAt);
  }

  private place(key: string, w: Placed, dueAt: number): void {
    w.dueAt = dueAt;
    if (dueAt !== Number.POSITIVE_INFINITY) this.comingDue.push(dueAt, key);
  }

  /**
   * The earliest time `w`'s next refresh can be due at the plan's level, its rate as at `now`: its
   * rate only falls as the span counted grows, so the refresh is never due before. Infinity when
   * nothing is cached, no level is shared yet, or the level gives it no refresh today.
   */
  private dueTime(w: Watched, now: number): number {
    const { level, dayEnd } = this.plan;
    if (w.storedAt === 0 || Number.isNaN(level)) return Number.POSITIVE_INFINITY;
    const staleFrom = w.storedAt + w.maxAgeMs;
    if (level === 0) return staleFrom;
    // Its age plus the day's rest is the same at any time of the day: the span to 24:00.
    const span = dayEnd - w.storedAt;
    const refreshes = Math.floor((span * Math.sqrt(this.rate(w, now))) / level);
    return refreshes < 1
      ? Number.POSITIVE_INFINITY
      : Math.max(staleFrom, w.storedAt + span / (refreshes + 1));
  }

  /** Answers cached and watched: about the calls spent on first views. */
  get size(): number {
    return this.cached;
  }

  /** Whether an answer watched is stale at `now`: found in O(log n), not by a scan. */
  anyStale(now: number): boolean {
    return this.staleAt.earliest() < now;
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
    this.replan(level, level === 0 ? 0 : Math.round(now + msLeft), now);
    while (this.comingDue.earliest() <= now) {
      const key = this.comingDue.take();
      const w = this.watched.get(key) as Placed;
      if (this.isDueNow(w, now, level, msLeft)) this.due.set(key, w.storedAt);
      else this.place(key, w, Math.max(this.dueTime(w, now), now + 1));
    }
    let best: Due | undefined;
    let bestLoss = 0;
    for (const [key, storedAt] of this.due) {
      const w = this.watched.get(key);
      // Refreshed (placed again by `keep`) or no longer watched since it came due.
      if (w?.storedAt !== storedAt) {
        this.due.delete(key);
        continue;
      }
      if (skip(key)) continue;
      // Its rate fell with the span counted: no longer due at this level.
      if (!this.isDueNow(w, now, level, msLeft)) {
        this.due.delete(key);
        this.place(key, w, Math.max(this.dueTime(w, now), now + 1));
        continue;
      }
      const loss = (now - w.storedAt) * this.rate(w, now);
      if (loss >= bestLoss) {
        bestLoss = loss;
        best = { key, spec: w.spec, storedAt: w.storedAt };
      }
    }
    return best;
  }

  /** A new level (or a new day) places every cached answer's next refresh again. */
  private replan(level: number, dayEnd: number, now: number): void {
    if (level === this.plan.level && dayEnd === this.plan.dayEnd) return;
    this.plan = { level, dayEnd };
    this.comingDue.clear();
    this.due.clear();
    for (const [key, w] of this.watched) this.place(key, w, this.dueTime(w, now));
  }

  /** Whether `w` is stale and due at `now`, its rate as now. */
  private isDueNow(w: Watched, now: number, level: number, msLeft: number): boolean {
    const age = now - w.storedAt;
    if (w.storedAt === 0 || age <= w.maxAgeMs) return false;
    const root = Math.sqrt(this.rate(w, now));
    return isDue(age * root, msLeft * root, level);
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
    this.plan = { level: Number.NaN, dayEnd: 0 };
  }

  /** The `max` answers viewed most, and when counting began: what a restarted instance starts from. */
  snapshot(max: number): { since: number | undefined; watched: [string, Watched][] } {
    const watched = [...this.watched].sort((a, b) => b[1].views - a[1].views).slice(0, max);
    // The spec without its schema: a zod schema turned to JSON is kilobytes of nothing usable.
    return {
      since: this.since,
      watched: watched.map(([key, { spec, views, storedAt, maxAgeMs }]) => [
        key,
        { views, storedAt, maxAgeMs, spec: { path: spec.path, query: spec.query, version: spec.version } },
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
        dueAt: Number.POSITIVE_INFINITY,
      };
      this.watched.set(key, restored);
      this.keep(key, restored, w.storedAt, w.maxAgeMs, now);
    }
    this.level = undefined;
    this.plan = { level: Number.NaN, dayEnd: 0 };
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
