/**
 * Which first fetches may spend a call now: a view of an answer nothing is kept of (or kept past
 * `maxStale`). A shop with more pages than calls cannot fetch every page viewed; the calls go
 * furthest on the pages viewed most. So views of answers not kept are counted (across days, each
 * count halved at midnight: yesterday's popularity is today's best guess), where every instance
 * sees them when the coordination keeps them (`viewCounts`: Redis, a state directory), and the
 * day's calls are spent along an even line, an hour's worth ahead: under the line any view may
 * fetch; ahead of it only views of answers viewed more often, one more view needed for each two
 * hours' worth of calls ahead (a page known to be popular gets its call at its first view of the
 * day; a page seen once waits for the line). A crowd walking the long tail finds the line spent
 * and fetches nothing. Until a view has been held back yesterday or today, the day's calls down to
 * the reserve are free of the line, as first fetches always were, while the catalog viewed may fit
 * the day: past a tenth of the day's calls, views that mostly find nothing kept say it does not.
 */
import type { DailyUsage, ViewCountStore } from '../../index.js';
import { DAY_MS, utcDay } from '../../internal/day.js';

/** A first day's calls free of the line whatever its views find: too few to tell a catalog's size. */
const MIN_FIT_CALLS = 20;

export class FirstFetches {
  private day = Number.NaN;
  /** The last day a view was held back: the catalog is larger than the budget. */
  private heldBack = Number.NEGATIVE_INFINITY;
  /** Today's views in this instance of answers kept (any age) and of answers nothing is kept of. */
  private keptViews = 0;
  private missingViews = 0;

  constructor(
    private readonly paced: boolean,
    /** Calls kept back from free first fetches (the handler's `reserve`). */
    private readonly reserve: number,
    /** Where views of answers not kept are counted: shared by every instance when the coordination has them. */
    readonly counts: ViewCountStore,
  ) {}

  /**
   * A view of `key`, not kept: counted, then whether it may spend a call now. `usage` and
   * `inFlight` are read once the count is in (it may take a round trip to a shared store).
   */
  async admit(key: string, usage: () => DailyUsage, inFlight: () => number, now: number): Promise<boolean> {
    this.newDay(now);
    // A store that cannot count (Redis down) leaves this view alone in the count: the call path
    // meets the same store and answers for itself.
    const views = await this.counts.add(key, utcDay(now)).catch(() => 1);
    return this.mayFetch(views, usage(), inFlight(), now);
  }

  /** A view of a public answer: kept (served, any age) or not (nothing usable kept). */
  viewed(kept: boolean, now: number): void {
    this.newDay(now);
    if (kept) this.keptViews += 1;
    else this.missingViews += 1;
  }

  private mayFetch(views: number, usage: DailyUsage, inFlight: number, now: number): boolean {
    const { limit } = usage;
    if (limit === null || !this.paced) return true;
    const share = (now - this.day * DAY_MS) / DAY_MS;
    const calls = usage.calls + inFlight;
    // The day spent: the call path answers with the budget's own refusal (DailyLimitExceeded).
    if (calls >= limit) return true;
    const ahead = calls - limit * (share + 1 / 24);
    const free = this.heldBack < this.day - 1 && calls < limit - this.reserve && this.mayFit(calls, limit);
    if (ahead <= 0 || free || views >= 1 + ahead / (limit / 12)) return true;
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

  /**
   * Whether the catalog viewed today may fit the day's calls: of the first fetches made (the
   * day's calls), no more than a tenth of the day (at least `MIN_FIT_CALLS`: fewer tell nothing
   * of a catalog's size) beyond the views that found an answer kept. The views are this
   * instance's (a sample of all: with several instances each sees a share), their ratio applied
   * to the calls every instance made.
   */
  private mayFit(calls: number, limit: number): boolean {
    const missing = this.missingViews;
    return calls * (missing - this.keptViews) <= Math.max(limit / 10, MIN_FIT_CALLS) * missing;
  }

  /** The last day a view was held back, for a restarted instance. */
  get lastHeldBack(): number {
    return this.heldBack;
  }

  restore(heldBack: unknown, now: number): void {
    this.newDay(now);
    if (typeof heldBack === 'number' && heldBack <= this.day)
      this.heldBack = Math.max(this.heldBack, heldBack);
  }

  private newDay(now: number): void {
    const day = Math.floor(now / DAY_MS);
    if (day === this.day) return;
    this.day = day;
    this.keptViews = 0;
    this.missingViews = 0;
  }
}
