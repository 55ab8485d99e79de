import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { InvalidRequestError, type ViewCountStore } from '../index.js';
import { badDayMessage, dayNumber, halved } from '../internal/view-decay.js';
import { StateFileError } from './errors.js';
import { type FileLockOptions, withFileLock } from './lock.js';

/** Counts as of `day` (whole days since 1970), least recently viewed first. */
interface Counts {
  day: number;
  counts: Record<string, number>;
}

/** Counts kept at most: past it the least recently viewed go (they were viewed least lately). */
const MAX_KEYS = 20_000;

/**
 * Views of public answers not kept yet in `dir/views.json`, counted together by every process
 * using the directory: an add is a read-modify-write under the file's lock, written atomically
 * (mode 0600). At the first add of a new UTC day every count is halved once per midnight and those
 * below 1/4 are dropped; a file of its own, so the budget file is not rewritten with every view.
 */
export function fileViewCounts(dir: string, lock: FileLockOptions, ready: () => void): ViewCountStore {
  const path = join(dir, 'views.json');
  const read = (): Counts | undefined => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return undefined;
      throw new StateFileError(`Could not read ${path}: ${(error as Error).message}`, path, 'io', {
        cause: error,
      });
    }
    const parsed = parse(text);
    if (!parsed) {
      throw new StateFileError(
        `The view counts file ${path} is corrupt: move it aside or delete it`,
        path,
        'corrupt',
      );
    }
    return parsed;
  };
  return {
    add(key, day) {
      const today = dayNumber(day);
      if (!Number.isInteger(today))
        return Promise.reject(new InvalidRequestError(badDayMessage(day), 'InvalidParameter', 'day'));
      ready();
      return withFileLock(path, lock, async () => {
        const state = aged(read(), today);
        const views = (state.counts[key] ?? 0) + 1;
        delete state.counts[key];
        state.counts[key] = views;
        const keys = Object.keys(state.counts);
        for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEYS))) delete state.counts[old];
        try {
          await writeFileAtomic(path, JSON.stringify(state), { mode: 0o600 });
        } catch (error) {
          throw new StateFileError(`Could not write ${path}: ${(error as Error).message}`, path, 'io', {
            cause: error,
          });
        }
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

/** The counts, checked: positive numbers held on no prototype. */
function parse(text: string): Counts | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { day, counts } = (value ?? {}) as Partial<Counts>;
  if (!Number.isSafeInteger(day) || typeof counts !== 'object' || counts === null || Array.isArray(counts))
    return undefined;
  const held: Record<string, number> = Object.create(null);
  for (const [key, n] of Object.entries(counts)) {
    if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return undefined;
    held[key] = n;
  }
  return { day: day as number, counts: held };
}
