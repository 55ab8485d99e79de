import { DAY_MS } from '../day/plan.js';

/** One day of one run, counted as the views and calls happen (the week's views are not kept). */
export interface DayStats {
  /** Page views: shown whole (with data of any age), all fresh, refused (a 429/503/502), other errors. */
  views: number;
  answered: number;
  fresh: number;
  refused: number;
  errors: number;
  crowdViews: number;
  crowdAnswered: number;
  /** Sum and count of the ages (ms) of the parts shown with data. */
  ageSum: number;
  ageParts: number;
  /** API requests the sandbox received this day; most it counted against the day's budget. */
  calls: number;
  counted: number;
  lockouts: number;
  locked: boolean;
}

/** Half-hour buckets of the week, for the plot. */
export const BUCKET_MS = 30 * 60_000;

export interface Bucket {
  views: number;
  answered: number;
  ageSum: number;
  ageParts: number;
}

export interface PartShown {
  age: number | null;
  fresh: boolean;
  refused: boolean;
}

export class WeekRecord {
  readonly days: DayStats[];
  readonly buckets: Bucket[];
  /** Ms after the week's 00:00 of every API call. */
  readonly callTimes: number[] = [];
  restarts = 0;
  /** Requests to the token endpoint (the application token: shared through Redis, so one). */
  tokenRequests = 0;
  /** Calls a restarted instance made soon after its restart for answers another call had fetched within their max-age. */
  restartDuplicates = 0;
  pending = 0;

  constructor(days: number) {
    this.days = Array.from({ length: days }, () => ({
      views: 0,
      answered: 0,
      fresh: 0,
      refused: 0,
      errors: 0,
      crowdViews: 0,
      crowdAnswered: 0,
      ageSum: 0,
      ageParts: 0,
      calls: 0,
      counted: 0,
      lockouts: 0,
      locked: false,
    }));
    this.buckets = Array.from({ length: (days * DAY_MS) / BUCKET_MS }, () => ({
      views: 0,
      answered: 0,
      ageSum: 0,
      ageParts: 0,
    }));
  }

  view(day: number, t: number, parts: readonly PartShown[], crowd: boolean): void {
    const stats = this.days[day] as DayStats;
    const bucket = this.buckets[Math.min(this.buckets.length - 1, Math.floor(t / BUCKET_MS))] as Bucket;
    stats.views += 1;
    bucket.views += 1;
    if (crowd) stats.crowdViews += 1;
    const shown = parts.every((p) => p.age !== null);
    if (shown) {
      stats.answered += 1;
      bucket.answered += 1;
      if (crowd) stats.crowdAnswered += 1;
      if (parts.every((p) => p.fresh)) stats.fresh += 1;
    } else if (parts.some((p) => p.refused)) stats.refused += 1;
    else stats.errors += 1;
    for (const p of parts) {
      if (p.age === null) continue;
      stats.ageSum += p.age;
      stats.ageParts += 1;
      bucket.ageSum += p.age;
      bucket.ageParts += 1;
    }
  }

  /** What the parent process needs of a run made in another (the one-instance week). */
  toJSON(): object {
    return {
      days: this.days,
      buckets: this.buckets,
      callTimes: this.callTimes,
      restarts: this.restarts,
      tokenRequests: this.tokenRequests,
      restartDuplicates: this.restartDuplicates,
      pending: this.pending,
    };
  }

  static fromJSON(json: ReturnType<WeekRecord['toJSON']>): WeekRecord {
    const data = json as WeekRecord;
    const record = new WeekRecord(data.days.length);
    record.days.splice(0, record.days.length, ...data.days);
    record.buckets.splice(0, record.buckets.length, ...data.buckets);
    record.callTimes.push(...data.callTimes);
    record.restarts = data.restarts;
    record.tokenRequests = data.tokenRequests;
    record.restartDuplicates = data.restartDuplicates;
    record.pending = data.pending;
    return record;
  }
}
