// Which answer the pacing revalidates: the most overdue answer due, found from a heap of due
// times. Its property (fast-check): the pick is due and loses most by waiting of every answer due,
// as a scan over every answer finds; and a pick weighs only the answers come due.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { msLeftInDay } from '../../src/internal/day.js';
import { OverdueAnswers } from '../../src/server/pacing/overdue.js';
import type { GetSpec } from '../../src/server/upstream/fetch-api.js';

/** 2026-03-10 00:00 UTC. */
const DAY_START = Date.UTC(2026, 2, 10);
const RATE_SPAN_MS = 600_000;
const spec = { path: '/skus/1', query: {} } as unknown as GetSpec;

interface Model {
  views: number;
  storedAt: number;
  maxAgeMs: number;
}

type Step =
  | { kind: 'view'; page: number; stored: 'kept' | 'new' | 'none'; maxAgeMs: number; after: number }
  | { kind: 'pick'; refreshes: number; skipped: number; refreshed: boolean; after: number };

/** Seconds apart, or minutes. */
const gap = fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 300_000 }));

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('view' as const),
    page: fc.nat(19),
    stored: fc.constantFrom('kept' as const, 'kept' as const, 'new' as const, 'none' as const),
    maxAgeMs: fc.integer({ min: 60_000, max: 1_800_000 }),
    after: gap,
  }),
  fc.record({
    kind: fc.constant('pick' as const),
    // A few budgets, so that a level is kept between picks (a minute) and views move due times.
    refreshes: fc.constantFrom(0, 4, 40, 300),
    skipped: fc.nat(39),
    refreshed: fc.boolean(),
    after: gap,
  }),
);

describe('the pacing pick', () => {
  it('is the answer due that loses most by waiting (age x view rate), as a scan of every answer finds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 16 * 3_600_000 }),
        fc.array(step, { minLength: 50, maxLength: 200 }),
        (start, steps) => {
          const overdue = new OverdueAnswers(100, () => undefined);
          const model = new Map<string, Model>();
          let now = DAY_START + start;
          // Counting begins at the first view; a rate is views over at least ten minutes of it.
          let since: number | undefined;
          const rate = (m: Model) => m.views / Math.max(RATE_SPAN_MS, now - (since ?? now));
          for (const s of steps) {
            // One day: the view rates are not halved (that comes after two days of counting).
            now = Math.min(now + s.after, DAY_START + 86_399_000);
            if (s.kind === 'view') {
              since ??= now;
              const key = `k${s.page}`;
              const m = model.get(key) ?? { views: 0, storedAt: 0, maxAgeMs: 0 };
              m.views += 1;
              if (s.stored === 'new')
                Object.assign(m, { storedAt: now - (s.after % 3_600_000), maxAgeMs: s.maxAgeMs });
              if (s.stored === 'none') Object.assign(m, { storedAt: 0, maxAgeMs: 0 });
              model.set(key, m);
              overdue.view(key, spec, m.storedAt, m.maxAgeMs, now);
              continue;
            }
            const skippedKey = `k${s.skipped}`;
            const picked = overdue.pick(now, (key) => key === skippedKey, s.refreshes, msLeftInDay(now));
            // Due: stale, and at or past its next refresh in the plan (refreshIn 0).
            const due = [...model]
              .filter(([key, m]) => m.storedAt !== 0 && now - m.storedAt > m.maxAgeMs && key !== skippedKey)
              .filter(([key]) => s.refreshes >= 1 && overdue.refreshIn(key, now) === 0);
            if (due.length === 0) {
              expect(picked).toBeUndefined();
              continue;
            }
            const losses = due.map(([, m]) => (now - m.storedAt) * rate(m));
            expect(picked).toBeDefined();
            const chosen = model.get(picked?.key ?? '') as Model;
            expect(due.map(([key]) => key)).toContain(picked?.key);
            expect((now - chosen.storedAt) * rate(chosen)).toBeGreaterThanOrEqual(
              Math.max(...losses) * (1 - 1e-12),
            );
            if (s.refreshed && picked) {
              chosen.storedAt = now;
              overdue.stored(picked.key, now, chosen.maxAgeMs);
            }
          }
        },
      ),
      { seed: 20261207, numRuns: 300 },
    );
  });

  it('brings a refresh forward at the view that raises its rate, not at the next level', () => {
    const overdue = new OverdueAnswers(100, () => undefined);
    const fetched = DAY_START + 3_600_000;
    for (const key of ['a', 'b']) overdue.view(key, spec, fetched, 60_000, fetched);
    // At 13:00 one refresh is left: two answers alike cannot share it, so neither is due.
    const now = DAY_START + 13 * 3_600_000;
    expect(overdue.pick(now, () => false, 1, msLeftInDay(now))).toBeUndefined();
    // Ten seconds later `b` is viewed 100 times: the level of 13:00 gives it refreshes now.
    for (let i = 0; i < 100; i++) overdue.view('b', spec, fetched, 60_000, now + 10_000);
    const later = now + 20_000;
    expect(overdue.pick(later, () => false, 1, msLeftInDay(later))?.key).toBe('b');
  });

  it('weighs only the answers come due, not every stale answer', () => {
    const overdue = new OverdueAnswers(2000, () => undefined);
    const morning = DAY_START + 3_600_000;
    // 2,000 answers fetched at 01:00 with a minute's max-age, three of them viewed 50 times.
    for (let i = 0; i < 2000; i++) {
      for (let v = 0; v < (i < 3 ? 50 : 1); v++) overdue.view(`k${i}`, spec, morning, 60_000, morning);
    }
    // At 13:00 every answer is stale; three refreshes left for the day make only the three due
    // (each one's refresh at the middle of its span to 24:00).
    const now = DAY_START + 13 * 3_600_000;
    const weighed: string[] = [];
    const picked = overdue.pick(now, (key) => weighed.push(key) < 0, 3, msLeftInDay(now));
    expect(picked?.key).toMatch(/^k[012]$/);
    expect(weighed.sort()).toEqual(['k0', 'k1', 'k2']);
  });
});
