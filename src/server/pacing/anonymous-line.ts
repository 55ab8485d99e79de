/**
 * Visitors who are not signed in take at most their share of what the pacing line allows at each
 * moment (`anonymousShare / dailyLimit` of it), so a crowd of addresses cannot spend the calls the
 * line holds for signed-in customers, and a newcomer behind the crowd waits only until the line
 * has moved on by one call. While the day's first fetches are free of the line (a catalog that may
 * fit the day, first-fetches.ts), only `anonymousShare` binds; the calls a crowd took then, beyond
 * its share of the line, are neither held against the calls that follow (the anonymous line goes
 * on from where the crowd left it) nor against other visitors' first fetches (`excess`).
 */
import { DAY_MS, Daily, dayShare, utcDay } from '../../internal/day.js';
import type { Settings } from '../settings.js';

/** The most calls anonymous visitors may have caused by now, and when one more is allowed (epoch ms). */
export interface AnonymousLimit {
  limit: number;
  retryAt: number;
}

/** Longest Retry-After of a refusal by the line: a person is never told to come back later than this. */
export const MAX_RETRY_MS = 900_000;

export class AnonymousLine {
  /** The anonymous calls beyond their share of the line when the day's first fetches were paced. */
  private readonly base = new Daily<{ calls?: number }>(() => ({}));

  /** `anonymousShare`: calls per day anonymous visitors may cause together. */
  private readonly share: number;
  private readonly dailyLimit: number | null;

  constructor(settings: Pick<Settings, 'shares' | 'dailyLimit'>) {
    this.share = settings.shares.anonymous;
    this.dailyLimit = settings.dailyLimit;
  }

  /** Whether anonymous visitors have a line of their own: their share is less than the day. */
  get binds(): boolean {
    return this.dailyLimit !== null && this.share < this.dailyLimit;
  }

  /** Calls the even line allows by `now` (an hour's worth ahead), as the first fetches read it. */
  line(now: number): number {
    return (this.dailyLimit ?? Number.POSITIVE_INFINITY) * (dayShare(now) + 1 / 24);
  }

  /** Anonymous calls beyond their share of the line: not held against other visitors' first fetches. */
  excess(anonymousCalls: number, now: number): number {
    if (!this.binds) return 0;
    return Math.max(0, anonymousCalls - this.fraction * this.line(now));
  }

  /**
   * The anonymous visitors' limit now: `anonymousShare` while first fetches are `free`, else their
   * share of the line (from where a crowd left it when the line began to bind).
   */
  async limit(anonymousCalls: () => Promise<number>, free: boolean, now: number): Promise<AnonymousLimit> {
    const base = this.base.on(utcDay(now));
    const retryAt = now + MAX_RETRY_MS;
    if (!this.binds || free) {
      base.calls = undefined;
      return { limit: this.share, retryAt };
    }
    base.calls ??= this.excess(await anonymousCalls(), now);
    const limit = Math.min(this.share, Math.floor(this.fraction * this.line(now) + base.calls));
    if (limit >= this.share) return { limit, retryAt };
    // The line grows by one call every DAY_MS / dailyLimit ms; the anonymous share by `fraction` of it.
    const perCall = DAY_MS / ((this.dailyLimit as number) * this.fraction);
    const needed = limit + 1 - (this.fraction * this.line(now) + base.calls);
    return { limit, retryAt: now + Math.min(MAX_RETRY_MS, Math.max(1000, needed * perCall)) };
  }

  private get fraction(): number {
    return this.dailyLimit ? this.share / this.dailyLimit : 1;
  }
}
