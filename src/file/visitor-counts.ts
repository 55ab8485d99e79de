import { join } from 'node:path';
import type { VisitorCountStore } from '../index.js';
import type { UtcDay } from '../internal/day.js';
import { countsFile, parseCounts, touch } from './counts-file.js';
import { type FileLockOptions, withFileLock } from './lock.js';

/** One UTC day's counts, least recently charged first. */
interface Counts {
  day: UtcDay;
  counts: Record<string, number>;
}

const isDay = (day: unknown): day is string => typeof day === 'string';

/**
 * Visitors' calls per UTC day in `dir/visitors.json`, counted together by every process using the
 * directory: a take is a read-modify-write under the file's lock. A file of its own, so the busy
 * budget file is not rewritten with every visitor's count. At most 20,000 counters: past it the
 * least recently charged go (the anonymous count stays in use).
 */
export function fileVisitorCounts(dir: string, lock: FileLockOptions, ready: () => void): VisitorCountStore {
  const path = join(dir, 'visitors.json');
  const file = countsFile<Counts>(path, 'visitor counts', (text) =>
    parseCounts(text, isDay, (n) => Number.isSafeInteger(n) && n >= 0),
  );
  const read = (day: UtcDay): Counts => {
    const parsed = file.read();
    return parsed?.day === day ? parsed : { day, counts: Object.create(null) };
  };
  return {
    take(day, charges) {
      ready();
      return withFileLock(path, lock, async () => {
        const state = read(day);
        if (charges.some(({ key, limit }) => (state.counts[key] ?? 0) >= limit)) return false;
        for (const { key } of charges) touch(state.counts, key, (state.counts[key] ?? 0) + 1);
        await file.write(state);
        return true;
      });
    },
    count: async (day, key) => read(day).counts[key] ?? 0,
  };
}
