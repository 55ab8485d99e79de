/**
 * Which first fetches may spend a call now: a view of an answer nothing is kept of (or kept past
 * `maxStale`). A shop with more pages than calls cannot fetch every page viewed; the calls go
 * furthest on the pages viewed most. So views of answers not kept are counted (across days, each
 * count halved at midnight: yesterday's popularity is today's best guess), and the day's calls
 * are spent along an even line, an hour's worth ahead: under the line any view may fetch; ahead
 * of it only views of answers viewed more often, one more view needed for each half hour's worth
 * of calls ahead. A crowd walking the long tail finds the line spent and fetches nothing. Until a
 * view has been held back yesterday or today (a catalog the budget covers), the day's calls down to
 * the reserve are free of the line, as first fetches always were.
 */
import type { DailyUsage } from '../index.js';
import { DAY_MS } from '../internal/day.js';

/** Counts kept at most (the least recently viewed dropped first): bounded memory under any crowd. */
const MAX_COUNTED = 100_000;
/** A count halved below this is forgotten. */
const FORGOTTEN = 0.25;

export class FirstFetches {
  /** Decayed view counts of answers not kept, least recently viewed first (Map order). */
  private readonly counts = new Map<string, number>();
  private day = Number.NaN;
  /** The last day a view was held back: the catalog is larger than the budget. */
  private heldBack = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly paced: boolean,
    /** Calls kept back from free first fetches (the handler's `reserve`). */
    private readonly reserve: number,
  ) {}

  /** A view of `key`, not kept: whether it may spend a call now. */
  admit(key: string, usage: DailyUsage, inFlight: number, now: number): boolean {
    this.newDay(now);
    const views = (this.counts.get(key) ?? 0) + 1;
    this.counts.delete(key);
    this.counts.set(key, views);
    if (this.counts.size > MAX_COUNTED) this.counts.delete(this.counts.keys().next().value as string);
    const { limit } = usage;
    if (limit === null || !this.paced) return true;
    const share = (now - this.day * DAY_MS) / DAY_MS;
    const calls = usage.calls + inFlight;
    // The day spent: the call path answers with the budget's own refusal (DailyLimitExceeded).
    if (calls >= limit) return true;
    const ahead = calls - limit * (share + 1 / 24);
    const free = this.heldBack < this.day - 1 && calls < limit - this.reserve;
    if (ahead <= 0 || free || views >= 1 + ahead / (limit / 48)) return true;
    this.heldBack = this.day;
    return false;
  }

  /**
   * Whether first fetches are held back (today or yesterday): more pages are viewed than the
   * budget can fetch, so a kept answer of any age is served as it is rather than fetched again.
   */
  holdingBack(usage: DailyUsage, now: number): boolean {
    this.newDay(now);
    return usage.limit !== null && this.paced && this.heldBack >= this.day - 1;
  }

  /**
   * Whether a background revalidation may spend a call now. While first fetches are held back
   * (today or yesterday), a refresh of a page already shown with its age would take a call from a
   * page shown to nobody: refreshes then wait until the day's calls are half an hour's worth
   * behind the even line (first fetches not using them).
   */
  refreshesMayGo(usage: DailyUsage, inFlight: number, now: number): boolean {
    this.newDay(now);
    const { limit } = usage;
    if (limit === null || !this.paced || this.heldBack < this.day - 1) return true;
    const share = (now - this.day * DAY_MS) / DAY_MS;
    return usage.calls + inFlight < limit * (share - 1 / 48);
  }

  /** The answer is kept now: its count is no longer needed. */
  fetched(key: string): void {
    this.counts.delete(key);
  }

  /** The most viewed counts and the last day a view was held back, for a restarted instance. */
  snapshot(max: number): { counts: [string, number][]; heldBack: number } {
    return { counts: [...this.counts].sort((a, b) => b[1] - a[1]).slice(0, max), heldBack: this.heldBack };
  }

  restore(entries: readonly [string, number][], heldBack: unknown, now: number): void {
    this.newDay(now);
    if (typeof heldBack === 'number' && heldBack <= this.day)
      this.heldBack = Math.max(this.heldBack, heldBack);
    for (const [key, views] of entries) {
      if (typeof key === 'string' && typeof views === 'number' && views > 0 && !this.counts.has(key)) {
        this.counts.set(key, views);
      }
    }
  }

  private newDay(now: number): void {
    const day = Math.floor(now / DAY_MS);
    if (day === this.day) return;
    if (!Number.isNaN(this.day)) {
      const halvings = Math.min(30, day - this.day);
      for (const [key, views] of this.counts) {
        const left = views / 2 ** halvings;
        if (left < FORGOTTEN) this.counts.delete(key);
        else this.counts.set(key, left);
      }
    }
    this.day = day;
  }
}
