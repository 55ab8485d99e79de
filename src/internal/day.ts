/** One UTC day in ms: the daily budget's period (the handler's pacing and shares, the exporter's day). */
export const DAY_MS = 86_400_000;

/** A UTC day as the budget counts it, `YYYY-MM-DD` (`DailyUsage.day`). */
export type UtcDay = string;

/** The UTC day of `t`, in epoch ms (now by default). */
export function utcDay(t: number = Date.now()): UtcDay {
  return new Date(t).toISOString().slice(0, 10);
}

/** When the UTC day after `day` starts. */
export function nextDayStart(day: UtcDay): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

/** A count of one day: a new day starts it again from zero. */
export class DayCounter {
  private day: UtcDay | undefined;
  private value = 0;

  /** Adds `n` on `day` and gives the day's count. */
  add(day: UtcDay, n = 1): number {
    if (day !== this.day) {
      this.day = day;
      this.value = 0;
    }
    this.value += n;
    return this.value;
  }

  /** The count on `day`: 0 for a day it is not counting. */
  count(day: UtcDay): number {
    return day === this.day ? this.value : 0;
  }
}
