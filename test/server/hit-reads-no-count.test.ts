import { describe, expect, it } from 'vitest';
import { type BudgetStore, memoryCoordination } from '../../src/index.js';
import { dayClock } from '../helpers/timers.js';
import { MOUNT, PHONE, setup } from './setup.js';

const HOUR = 3_600_000;

/** The memory coordination, its budget's reads of the day's count noted. */
function countingReads() {
  const coordination = memoryCoordination();
  const budget = coordination.budget;
  const reads = { n: 0 };
  const counted: BudgetStore = {
    take: (app, day, limit) => budget.take(app, day, limit),
    count: (app, day) => {
      reads.n++;
      return budget.count(app, day);
    },
    peek: (app, day) => {
      reads.n++;
      return budget.peek?.(app, day) ?? 0;
    },
  };
  return { coordination: { ...coordination, budget: counted }, reads };
}

describe("a cached hit reads nothing of the day's budget", () => {
  it('while no kept answer is stale, hits read no count; once one is, the pacing reads it once a millisecond at most', async () => {
    const time = dayClock(1 * HOUR);
    const { coordination, reads } = countingReads();
    const { call, sandbox, handler } = setup(
      { now: time.now, dailyLimit: 1000, coordination },
      { cacheMaxAge: 60 },
    );
    const page = `${MOUNT}/skus/${PHONE}`;
    expect((await call(page)).headers.get('x-catalog-cache')).toBe('miss');
    reads.n = 0;
    for (let i = 0; i < 100; i++) expect((await call(page)).headers.get('x-catalog-cache')).toBe('hit');
    expect(reads.n).toBe(0);
    expect(sandbox.stats.apiCalls).toBe(1);
    // Past its max-age: the hit that finds it stale asks the pacing (whether a refresh is due
    // now), which reads the count.
    time.advance(61_000);
    expect((await call(page)).headers.get('x-catalog-cache')).toBe('stale');
    await handler.idle();
    const decided = reads.n;
    expect(decided).toBeGreaterThan(0);
    expect(sandbox.stats.apiCalls).toBe(1);
    // Nothing was due: within the same millisecond no hit asks again; the next millisecond's does.
    for (let i = 0; i < 50; i++) expect((await call(page)).headers.get('x-catalog-cache')).toBe('stale');
    expect(reads.n).toBe(decided);
    time.advance(1);
    await call(page);
    expect(reads.n).toBe(2 * decided);
  });
});
