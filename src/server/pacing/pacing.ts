/**
 * When a background revalidation may spend a call of the day's budget, and on which answer. Calls
 * for requests with nothing cached come when they come (most of them early: each answer's first
 * view); the calls left after them, less what is kept for the uncached requests still to come,
 * follow an even line over the day (three hours' worth ahead at most), as the freshness optimum
 * spends them (each answer's refreshes evenly from its first view to 24:00: overdue.ts places
 * them). Pacing against the whole budget instead would hold every
 * revalidation back until the line had caught up with the morning's first fetches.
 */
import type { DailyUsage } from '../../index.js';
import { DayCounter, dayShare, msLeftInDay, type UtcDay } from '../../internal/day.js';
import type { Settings } from '../settings.js';
import type { Due, OverdueAnswers } from './overdue.js';
import type { OwnCalls } from './own-calls.js';

/**
 * How far ahead of the even line the revalidations may run (a share of the day). Answers fetched
 * together in the morning come due together (each one's refreshes evenly to 24:00: the middle of
 * the day for one refresh, its thirds for two); a line one hour ahead cut those waves and put the
 * refreshes held back late in the day, where they serve few views.
 */
const AHEAD_SHARE = 3 / 24;
/** The shortest elapsed share of the day a rate of uncached calls is taken from. */
const MIN_RATE_SHARE = 1 / 24;

export class Pacing {
  /** Revalidations this instance started on the budget day. */
  private readonly spent = new DayCounter();

  constructor(
    /** `reserveFloor`: kept to the day's end for pages nobody asked for yet; `pacing: false` spends down to the reserve. */
    private readonly settings: Pick<Settings, 'pacing' | 'reserve' | 'reserveFloor'>,
    private readonly overdue: OverdueAnswers,
    /** Calls made once per person (sign-ins): left out of the rate of calls to come, as first fetches are. */
    private readonly oneOffs?: { count(day: UtcDay): number },
    /** Users' calls for their own resources: expected per person yet to call, not at a rate. */
    private readonly own?: Pick<OwnCalls, 'count' | 'coming'>,
  ) {}

  /**
   * The answer to revalidate now, if any; it counts as started. `inFlight`: revalidations started
   * and not yet counted in `usage`. With several instances on one budget, the others'
   * revalidations count here as calls for uncached requests: each instance paces more tightly,
   * never past the reserve.
   */
  next(usage: DailyUsage, inFlight: number, now: number, skip: (key: string) => boolean): Due | undefined {
    const { limit } = usage;
    const calls = usage.calls + inFlight;
    const { reserve, reserveFloor, pacing } = this.settings;
    let due: Due | undefined;
    if (limit === null) due = this.overdue.pick(now, skip, Number.POSITIVE_INFINITY, 0);
    else if (!pacing) {
      if (calls < limit - reserve) due = this.overdue.pick(now, skip, Number.POSITIVE_INFINITY, 0);
    } else {
      const revalidations = this.today(usage);
      const share = dayShare(now);
      const kept = Math.max(reserve * (1 - share), reserveFloor);
      const uncached = Math.max(0, calls - revalidations);
      // Uncached calls still to come at today's rate, less the first fetches of the answers known
      // and the users' own calls (those come per person: own-calls.ts).
      const once = (this.oneOffs?.count(usage.day) ?? 0) + (this.own?.count(usage.day) ?? 0);
      const repeated = Math.max(0, uncached - this.overdue.size - once);
      const coming =
        (repeated * (1 - share)) / Math.max(share, MIN_RATE_SHARE) + (this.own?.coming(usage.day) ?? 0);
      // The pace holds the reserve back; the plan counts on what the day's end frees of it. The
      // plan spaces each answer's refreshes to 24:00, so they may run three hours' worth ahead of
      // the even line (AHEAD_SHARE); the line only guards against the calls to come being more.
      const paced = (limit - uncached - Math.max(kept, coming)) * (share + AHEAD_SHARE);
      const planned = limit - uncached - Math.max(reserveFloor, coming) - revalidations;
      if (calls < limit - kept && revalidations < paced) {
        due = this.overdue.pick(now, skip, Math.floor(planned), msLeftInDay(now));
      }
    }
    if (due) this.spend(usage);
    return due;
  }

  private spend(usage: DailyUsage): void {
    this.spent.add(usage.day);
  }

  private today(usage: DailyUsage): number {
    return this.spent.count(usage.day);
  }
}
