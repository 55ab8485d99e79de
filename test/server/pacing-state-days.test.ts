import { describe, expect, it } from 'vitest';
import { type DailyUsage, lruCacheStore } from '../../src/index.js';
import { DAY_MS, utcDay } from '../../src/internal/day.js';
import { storedAnswer } from '../../src/server/cache/entries.js';
import { MemoryViewCounts } from '../../src/server/cache/view-counts.js';
import { FirstFetches } from '../../src/server/pacing/first-fetches.js';
import { OverdueAnswers } from '../../src/server/pacing/overdue.js';
import { PacingState } from '../../src/server/pacing/pacing-state.js';

const KEY = 's|catalog-server:pacing';
/** 2026-03-10 06:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 6);
const usage: DailyUsage = {
  day: utcDay(NOW),
  calls: 0,
  limit: 100,
  remaining: 100,
  resetsAt: new Date(Date.UTC(2026, 2, 11)),
};

/** A new instance restoring `saved` (as an earlier one wrote it): whether it holds first fetches back. */
async function restoredFrom(saved: object): Promise<FirstFetches> {
  const store = lruCacheStore({ maxEntries: 10 });
  await store.set(KEY, storedAnswer(saved, NOW - 3_600_000, 7 * DAY_MS));
  const firstFetches = new FirstFetches({ pacing: true, reserve: 10 }, new MemoryViewCounts());
  const state = new PacingState(store, new OverdueAnswers(100, () => undefined), firstFetches);
  await state.restored(NOW);
  return firstFetches;
}

describe('the pacing state a restarted instance reads: the day a first fetch was held back', () => {
  it('restores the day saved as a UTC day', async () => {
    const restored = await restoredFrom({ watched: [], counts: [], heldBack: '2026-03-09' });
    expect(restored.lastHeldBack).toBe('2026-03-09');
    expect(restored.holdingBack(usage, NOW)).toBe(true);
  });

  it('restores a state saved with the day as whole days since 1970 (the earlier form)', async () => {
    const yesterday = Math.floor(NOW / DAY_MS) - 1;
    const restored = await restoredFrom({ watched: [], counts: [], heldBack: yesterday });
    expect(restored.lastHeldBack).toBe('2026-03-09');
    expect(restored.holdingBack(usage, NOW)).toBe(true);
    // Two days back is past "yesterday or today": first fetches go free again.
    const older = await restoredFrom({ watched: [], counts: [], heldBack: yesterday - 1 });
    expect(older.lastHeldBack).toBe('2026-03-08');
    expect(older.holdingBack(usage, NOW)).toBe(false);
  });

  it('leaves out a day to come, a day never held back (saved as null), and what is not a day', async () => {
    const today = Math.floor(NOW / DAY_MS);
    for (const heldBack of [today + 1, '2026-03-11', null, 'yesterday', 1.5, Number.MAX_VALUE]) {
      const restored = await restoredFrom({ watched: [], counts: [], heldBack });
      expect(restored.lastHeldBack, String(heldBack)).toBeUndefined();
      expect(restored.holdingBack(usage, NOW)).toBe(false);
    }
  });

  it('saves the day as a UTC day', async () => {
    const store = lruCacheStore({ maxEntries: 10 });
    const firstFetches = new FirstFetches({ pacing: true, reserve: 10 }, new MemoryViewCounts());
    firstFetches.restore('2026-03-10', NOW);
    const state = new PacingState(store, new OverdueAnswers(100, () => undefined), firstFetches);
    const writes: Promise<unknown>[] = [];
    state.maybeSave(NOW, (work) => writes.push(work));
    state.maybeSave(NOW + 3_600_000, (work) => writes.push(work));
    await Promise.all(writes);
    const saved = (await store.get(KEY))?.body as { heldBack?: unknown };
    expect(saved.heldBack).toBe('2026-03-10');
  });
});
