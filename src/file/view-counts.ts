import { join } from 'node:path';
import { InvalidRequestError, type ViewCountStore } from '../index.js';
import { badDayMessage, dayNumber, halved } from '../internal/view-decay.js';
import { countsFile, parseCounts, touch } from './counts-file.js';
import { type FileLockOptions, withFileLock } from './lock.js';

/** Counts as of `day` (whole days since 1970), least recently viewed first. */
interface Counts {
  day: number;
  counts: Record<string, number>;
}

const isDayNumber = (day: unknown): day is number => Number.isSafeInteger(day);

/**
 * Views of public answers not kept yet in `dir/views.json`, counted together by every process
 * using the directory: an add is a read-modify-write under the file's lock. At the first add of a
 * new UTC day every count is halved once per midnight and those below 1/4 are dropped; a file of
 * its own, so the budget file is not rewritten with every view. At most 20,000 counts: past it
 * the least recently viewed go.
 */
export function fileViewCounts(dir: string, lock: FileLockOptions, ready: () => void): ViewCountStore {
  const path = join(dir, 'views.json');
  const file = countsFile<Counts>(path, 'view counts', (text) =>
    parseCounts(text, isDayNumber, (n) => Number.isFinite(n) && n > 0),
  );
  return {
    add(key, day) {
      const today = dayNumber(day);
      if (!Number.isInteger(today))
        return Promise.reject(new InvalidRequestError(badDayMessage(day), 'InvalidParameter', 'day'));
      ready();
      return withFileLock(path, lock, async () => {
        const state = aged(file.read(), today);
        const views = (state.counts[key] ?? 0) + 1;
        touch(state.counts, key, views);
        await file.write(state);
        return views;
      });
    },
  };
}

/** The counts as of `today`: halved once for each midnight since they were written. */
function aged(state: Counts | undefined, today: number): Counts {
  const counts: Record<string, number> = Object.create(null);
  if (!state) return { day: today, counts };
  if (state.day >= today) return state;
  for (const [key, views] of Object.entries(state.counts)) {
    const left = halved(views, today - state.day);
    if (left > 0) counts[key] = left;
  }
  return { day: today, counts };
}
