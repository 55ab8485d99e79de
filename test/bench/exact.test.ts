import { describe, expect, it } from 'vitest';
import { exactDay, fetchCosts } from '../../bench/day/exact.js';
import { exactWeek, fetchChoices, lagrangianBound } from '../../bench/week/exact.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe("bench:week's exact optimum", () => {
  // Budget 1 call a day, two listing pages. A: one view on day 0, ten on day 1; B: five views on
  // day 0 only. By hand: B on day 0 (5 views), A on day 1 (10) answers 15; fetching A on day 0
  // (what a greedy by views per call does) answers 11. The least age: B fetched at 02:00 (ages
  // 0..4 h), A at day 1's 01:00 (ages 0..9 h): 55 h over 15 parts.
  const a = {
    times: [1 * HOUR, ...Array.from({ length: 10 }, (_, i) => 24 * HOUR + (1 + i) * HOUR)],
    cost: 1,
  };
  const b = { times: [2, 3, 4, 5, 6].map((h) => h * HOUR), cost: 1 };

  it('answers the most views any schedule can, not what a greedy by views per call picks', async () => {
    const exact = await exactWeek([a, b], 2, 1);
    expect(exact.answered).toBe(15);
    expect(exact.certified).toBe(15);
    expect(exact.noRefreshes).toBe(true);
    expect(exact.days.map((d) => [d.answered, d.calls])).toEqual([
      [5, 1],
      [10, 1],
    ]);
  });

  it('finds the least mean age among the schedules answering that many, with a bound that meets it', async () => {
    const exact = await exactWeek([a, b], 2, 1);
    expect(exact.meanAge / MINUTE).toBeCloseTo((55 * 60) / 15, 6);
    expect(exact.meanAgeBound / MINUTE).toBeCloseTo((55 * 60) / 15, 6);
  });

  it('counts a SKU page as two calls and two parts, fetched before its first view when a day has calls to spare', async () => {
    // Budget 2 a day: day 0 has only the listing's view; the SKU page (two calls) is read on day 1
    // with a listing page that costs the whole of day 1 otherwise.
    const sku = { times: [30 * HOUR, 31 * HOUR], cost: 2 };
    const listing = { times: [3 * HOUR, 26 * HOUR, 27 * HOUR], cost: 1 };
    const other = { times: [28 * HOUR], cost: 1 };
    const exact = await exactWeek([sku, listing, other], 2, 2);
    // Listing and `other` can't both fit day 0 with the SKU page; the best: listing on day 0 (3
    // views) with... the SKU page cannot share day 0 (1 + 2 > 2), so SKU on day 1 (2 views) and
    // `other` prefetched on day 0 (1 view): 6, every view.
    expect(exact.answered).toBe(6);
    expect(fetchChoices([sku], 2).map((c) => [c.day, c.views, c.calls, c.parts])).toEqual([
      [0, 2, 2, 4],
      [1, 2, 2, 4],
    ]);
  });

  it('bounds the answered views for any day prices', () => {
    const choices = fetchChoices([a, b], 2);
    // Price 0: every page's best fetch counts: 11 + 5.
    expect(lagrangianBound(choices, [0, 0], 1)).toBe(16);
    // Prices of 5 views a call on day 0 and 4 on day 1: 5 + 4, A's best gain 6 (11 - 5 or 10 - 4), B's 0.
    expect(lagrangianBound(choices, [5, 4], 1)).toBe(15);
    expect(lagrangianBound(choices, [5, 10], 1)).toBe(21);
  });
});

describe("bench:day's exact optimum", () => {
  const m = (...minutes: number[]) => minutes.map((x) => x * MINUTE);

  it('splits a resource’s views into runs of least age, by hand', () => {
    // Views at 0, 10, 20, 100 min: one fetch 130 min of age; two (0 and 100) 30; three 10; four 0.
    expect([...fetchCosts(m(0, 10, 20, 100), 10)].map((x) => x / MINUTE)).toEqual([130, 30, 10, 0]);
  });

  it('places the calls left where they lower the mean age most', async () => {
    const resources = new Map([
      ['r1', m(0, 10, 20, 100)],
      ['r2', m(50, 60)],
    ]);
    expect(await exactDay(resources, 1)).toBe(Number.POSITIVE_INFINITY);
    expect((await exactDay(resources, 2)) / MINUTE).toBeCloseTo(140 / 6, 9);
    // The third call: r1's second fetch saves 100 min, r2's 10.
    expect((await exactDay(resources, 3)) / MINUTE).toBeCloseTo(40 / 6, 9);
    expect((await exactDay(resources, 4)) / MINUTE).toBeCloseTo(20 / 6, 9);
    expect(await exactDay(resources, 6)).toBe(0);
  });
});
