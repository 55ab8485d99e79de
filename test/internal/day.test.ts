import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  Daily,
  DayCounter,
  dayBefore,
  dayShare,
  msLeftInDay,
  utcDay,
  utcDayMemo,
} from '../../src/internal/day.js';

const MIDNIGHT = Date.UTC(2026, 0, 1);

describe('the UTC day (src/internal/day.ts)', () => {
  it('how far into its day a moment is, and what is left of it', () => {
    expect(dayShare(MIDNIGHT)).toBe(0);
    expect(dayShare(MIDNIGHT + DAY_MS / 4)).toBe(0.25);
    expect(msLeftInDay(MIDNIGHT)).toBe(DAY_MS);
    expect(msLeftInDay(MIDNIGHT + DAY_MS - 1)).toBe(1);
    // As the pacing computed it by hand before.
    const t = MIDNIGHT + 12_345_678.5;
    expect(dayShare(t)).toBe((t - Math.floor(t / DAY_MS) * DAY_MS) / DAY_MS);
  });

  it('the day before, across a month and a year', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2026-01-01')).toBe('2025-12-31');
    expect('2025-12-31' < '2026-01-01').toBe(true);
  });

  it('Daily starts a new day afresh and carries the last one over to it', () => {
    const carried: (number | undefined)[] = [];
    const days = new Daily<{ n: number }>((last) => {
      carried.push(last?.n);
      return { n: 0 };
    });
    days.on('2026-01-01').n += 2;
    days.on('2026-01-01').n += 1;
    expect(days.of('2026-01-01')?.n).toBe(3);
    expect(days.of('2026-01-02')).toBeUndefined();
    days.on('2026-01-02').n += 1;
    expect(carried).toEqual([undefined, 3]);
    expect(days.last?.n).toBe(1);
    const counter = new DayCounter();
    expect(counter.add('2026-01-01', 2)).toBe(2);
    expect(counter.add('2026-01-02')).toBe(1);
    expect(counter.count('2026-01-01')).toBe(0);
  });

  it('utcDayMemo gives what utcDay gives, across midnight and back', () => {
    const dayOf = utcDayMemo();
    for (const t of [
      MIDNIGHT - 1,
      MIDNIGHT,
      MIDNIGHT + DAY_MS - 1,
      MIDNIGHT + DAY_MS,
      MIDNIGHT - DAY_MS,
      MIDNIGHT,
    ]) {
      expect(dayOf(t)).toBe(utcDay(t));
    }
  });
});
