/**
 * Views of answers not kept yet, in this process's memory: the handler's default when its
 * coordination keeps none (one instance). Bounded: past `maxKeys` the least recently viewed go.
 * A restarted instance starts from the most viewed counts its pacing state saved (pacing-state.ts).
 */
import { InvalidRequestError, type ViewCountStore } from '../../index.js';
import type { UtcDay } from '../../internal/day.js';
import { badDayMessage, dayNumber, halved } from '../../internal/view-decay.js';

export class MemoryViewCounts implements ViewCountStore {
  /** Decayed counts as of `day`, least recently viewed first (Map order). */
  private readonly counts = new Map<string, number>();
  private day = Number.NaN;

  constructor(private readonly maxKeys = 100_000) {}

  async add(key: string, day: UtcDay): Promise<number> {
    const today = dayNumber(day);
    if (!Number.isInteger(today))
      throw new InvalidRequestError(badDayMessage(day), 'InvalidParameter', 'day');
    this.newDay(today);
    const views = (this.counts.get(key) ?? 0) + 1;
    this.counts.delete(key);
    this.counts.set(key, views);
    if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value as string);
    return views;
  }

  /** The `max` most viewed counts, for a restarted instance. */
  snapshot(max: number): [string, number][] {
    return [...this.counts].sort((a, b) => b[1] - a[1]).slice(0, max);
  }

  /** Starts from a snapshot: counts of keys this instance has not counted itself. */
  restore(entries: readonly [string, number][]): void {
    for (const [key, views] of entries) {
      if (this.counts.size >= this.maxKeys) break;
      if (typeof key === 'string' && typeof views === 'number' && views > 0 && !this.counts.has(key)) {
        this.counts.set(key, views);
      }
    }
  }

  private newDay(day: number): void {
    // A clock set back keeps today's counts as they are.
    if (day <= this.day) return;
    if (!Number.isNaN(this.day)) {
      for (const [key, views] of this.counts) {
        const left = halved(views, day - this.day);
        if (left === 0) this.counts.delete(key);
        else this.counts.set(key, left);
      }
    }
    this.day = day;
  }
}
