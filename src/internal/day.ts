/** One UTC day in ms: the daily budget's period (the handler's pacing and shares, the exporter's day). */
export const DAY_MS = 86_400_000;

/** A UTC day as the budget counts it, `YYYY-MM-DD` (`DailyUsage.day`). */
export type UtcDay = string;

/** The UTC day of `t`, in epoch ms (now by default). */
export function utcDay(t: number = Date.now()): UtcDay {
  return new Date(t).toISOString().slice(0, 10);
}

/** `utcDay` for a clock read on every request: the day's string is kept until its midnight. */
export function utcDayMemo(): (t: number) => UtcDay {
  let day = '';
  let from = 0;
  let to = 0;
  return (t) => {
    if (!(t >= from && t < to)) {
      day = utcDay(t);
      from = Date.parse(`${day}T00:00:00Z`);
      to = from + DAY_MS;
    }
    return day;
  };
}

/** When the UTC day after `day` starts. */
export function nextDayStart(day: UtcDay): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/** The UTC day before `day`: days compare as strings, so "yesterday or today" is `>= dayBefore(today)`. */
export function dayBefore(day: UtcDay): UtcDay {
  return utcDay(Date.parse(`${day}T00:00:00Z`) - DAY_MS);
}

/** The share of its UTC day `now` (epoch ms) is past: 0 at midnight, just under 1 before the next. */
export function dayShare(now: number): number {
  return msIntoDay(now) / DAY_MS;
}

/** Ms from `now` (epoch ms) to the next UTC midnight. */
export function msLeftInDay(now: number): number {
  return DAY_MS - msIntoDay(now);
}

function msIntoDay(now: number): number {
  return now - Math.floor(now / DAY_MS) * DAY_MS;
}

/**
 * State that lasts one UTC day: `on(day)` gives the day's state, made afresh by `fresh` when a
 * new day comes (`fresh` is given the last day's state, to carry a figure over).
 */
export class Daily<T> {
  private day: UtcDay | undefined;
  private state: T | undefined;

  constructor(private readonly fresh: (last: T | undefined) => T) {}

  /** The state of `day`; a day other than the one held starts afresh. */
  on(day: UtcDay): T {
    if (day !== this.day || this.state === undefined) {
      this.state = this.fresh(this.state);
      this.day = day;
    }
    return this.state;
  }

  /** The state of `day` when it is the day held, else undefined (nothing counted that day). */
  of(day: UtcDay): T | undefined {
    return day === this.day ? this.state : undefined;
  }

  /** The state of the last day held, whichever it is. */
  get last(): T | undefined {
    return this.state;
  }
}

/** A count of one day: a new day starts it again from zero. */
export class DayCounter {
  private readonly days = new Daily(() => ({ value: 0 }));

  /** Adds `n` on `day` and gives the day's count. */
  add(day: UtcDay, n = 1): number {
    const count = this.days.on(day);
    count.value += n;
    return count.value;
  }

  /** The count on `day`: 0 for a day it is not counting. */
  count(day: UtcDay): number {
    return this.days.of(day)?.value ?? 0;
  }
}
