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
import { DAY_MS, Daily, dayBefore, dayShare, type UtcDay, utcDay, utcDayMemo } from '../../internal/day.js';
import type { Settings } from '../settings.js';

/** A first day's calls free of the line whatever its views find: too few to tell a catalog's size. */
const MIN_FIT_CALLS = 20;
/** Visitor-and-page pairs remembered per day, so a view counts once per visitor. */
const MAX_SEEN = 100_000;

/** Who views: each visitor's views of a page count once; `excess` calls are not held against them. */
export interface Viewer {
  /** A fingerprint of the account or the network, undefined when unknown (counted every time). */
  id(): Promise<string | undefined>;
  /** Calls of anonymous visitors beyond their share of the line (anonymous-line.ts). */
  excess(): Promise<number>;
}

/** A day's views in this instance. */
interface Views {
  /** Of answers kept (any age) and of answers nothing is kept of. */
  kept: number;
  missing: number;
  /** Views counted, by visitor and page: a visitor asking again is not another view. */
  seen: Map<string, number>;
}

export class FirstFetches {
  /** The last day a view was held back (the catalog is larger than the budget); undefined: none yet. */
  private heldBack: UtcDay | undefined;
  /** The last day a page viewed again (twice or more) was held back: the refreshes give way to such pages only. */
  private heldBackAgain: UtcDay | undefined;
  private readonly views = new Daily<Views>(() => ({ kept: 0, missing: 0, seen: new Map() }));
  /** Read on every view, kept answers' included. */
  private readonly dayOf = utcDayMemo();

  constructor(
    /** `pacing: false` lets every first fetch go; `reserve`: calls kept back from free first fetches. */
    private readonly settings: Pick<Settings, 'pacing' | 'reserve'>,
    /** Where views of answers not kept are counted: shared by every instance when the coordination has them. */
    readonly counts: ViewCountStore,
  ) {}

  /**
   * A view of `key`, not kept: counted, then whether it may spend a call now. `usage` and
   * `inFlight` are read once the count is in (it may take a round trip to a shared store).
   */
  async admit(
    key: string,
    usage: () => DailyUsage,
    inFlight: () => number,
    now: number,
    viewer?: Viewer,
  ): Promise<boolean> {
    const { seen } = this.views.on(this.dayOf(now));
    const id = await viewer?.id().catch(() => undefined);
    const seenKey = id === undefined ? undefined : `${id}|${key}`;
    const again = seenKey === undefined ? undefined : seen.get(seenKey);
    // A store that cannot count (Redis down) leaves this view alone in the count: the call path
    // meets the same store and answers for itself. A visitor asking again is the count they had.
    const views = again ?? (await this.counts.add(key, this.dayOf(now)).catch(() => 1));
    if (seenKey !== undefined && again === undefined) {
      seen.set(seenKey, views);
      if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value as string);
    }
    // Read only while first fetches are paced: a free view needs no count of anonymous calls.
    const paced = viewer !== undefined && !this.free(usage(), inFlight(), now);
    const excess = paced ? await viewer.excess().catch(() => 0) : 0;
    return this.mayFetch(views, usage(), inFlight(), now, excess);
  }

  /**
   * Whether the day's first fetches are free of the line now: no view held back yesterday or
   * today, the calls short of the reserve, and the catalog viewed may fit the day.
   */
  free(usage: DailyUsage, inFlight: number, now: number): boolean {
    const today = this.dayOf(now);
    const views = this.views.on(today);
    const { limit } = usage;
    if (limit === null || !this.settings.pacing) return true;
    const calls = usage.calls + inFlight;
    return (
      !this.heldBackSince(today) && calls < limit - this.settings.reserve && this.mayFit(views, calls, limit)
    );
  }

  /** A view of a public answer: kept (served, any age) or not (nothing usable kept). */
  viewed(kept: boolean, now: number): void {
    const views = this.views.on(this.dayOf(now));
    if (kept) views.kept += 1;
    else views.missing += 1;
  }

  /** `excess`: anonymous calls past their share of the line, not held against this view. */
  private mayFetch(views: number, usage: DailyUsage, inFlight: number, now: number, excess: number): boolean {
    const { limit } = usage;
    if (limit === null || !this.settings.pacing) return true;
    const share = dayShare(now);
    const calls = usage.calls + inFlight;
    // The day spent: the call path answers with the budget's own refusal (DailyLimitExceeded).
    if (calls >= limit) return true;
    const ahead = calls - excess - limit * (share + 1 / 24);
    const free = this.free(usage, inFlight, now);
    if (ahead <= 0 || free || views >= 1 + ahead / (limit / 12)) return true;
    this.heldBack = this.dayOf(now);
    if (views >= 2) this.heldBackAgain = this.heldBack;
    return false;
  }

  /**
   * Whether first fetches are held back (today or yesterday): more pages are viewed than the
   * budget can fetch, so a kept answer of any age is served as it is rather than fetched again.
   */
  holdingBack(usage: DailyUsage, now: number): boolean {
    const today = this.dayOf(now);
    this.views.on(today);
    return usage.limit !== null && this.settings.pacing && this.heldBackSince(today);
  }

  /**
   * Whether a background revalidation may spend a call now. While pages viewed again are held
   * back (today or yesterday), a refresh of a page already shown with its age would take a call
   * from a page people come back to and are shown nothing: refreshes then wait until the day's
   * calls are half an hour's worth behind the even line (first fetches not using them). A page
   * viewed once and held back (a scraper's made-up query, a visitor walking the long tail) may
   * never be viewed again: the refreshes do not give way to it.
   */
  refreshesMayGo(usage: DailyUsage, inFlight: number, now: number): boolean {
    const today = this.dayOf(now);
    this.views.on(today);
    const { limit } = usage;
    const again = this.heldBackAgain !== undefined && this.heldBackAgain >= dayBefore(today);
    if (limit === null || !this.settings.pacing || !again) return true;
    const share = dayShare(now);
    return usage.calls + inFlight < limit * (share - 1 / 48);
  }

  /**
   * Whether the catalog viewed today may fit the day's calls: of the first fetches made (the
   * day's calls), no more than a tenth of the day (at least `MIN_FIT_CALLS`: fewer tell nothing
   * of a catalog's size) beyond the views that found an answer kept. The views are this
   * instance's (a sample of all: with several instances each sees a share), their ratio applied
   * to the calls every instance made.
   */
  private mayFit(views: Views, calls: number, limit: number): boolean {
    const { missing } = views;
    return calls * (missing - views.kept) <= Math.max(limit / 10, MIN_FIT_CALLS) * missing;
  }

  /** Whether a view was held back yesterday or `today`. */
  private heldBackSince(today: UtcDay): boolean {
    return this.heldBack !== undefined && this.heldBack >= dayBefore(today);
  }

  /** The last day a view was held back, for a restarted instance. */
  get lastHeldBack(): UtcDay | undefined {
    return this.heldBack;
  }

  /** A saved `heldBack`: a UTC day, or the whole days since 1970 an older version saved (restored alike). */
  restore(heldBack: unknown, now: number): void {
    const today = this.dayOf(now);
    this.views.on(today);
    // Whole days within the Date range (1e8 days either side of 1970).
    const day =
      typeof heldBack === 'number' && Number.isInteger(heldBack) && Math.abs(heldBack) <= 1e8
        ? utcDay(heldBack * DAY_MS)
        : typeof heldBack === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(heldBack)
          ? heldBack
          : undefined;
    if (day !== undefined && day <= today && (this.heldBack === undefined || day > this.heldBack)) {
      this.heldBack = day;
      // What the held-back page's views were is not saved: the refreshes give way as they would to one viewed again.
      this.heldBackAgain = day;
    }
  }
}
