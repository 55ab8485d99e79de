import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { VisitorCountStore } from '../index.js';
import { StateFileError } from './errors.js';
import { type FileLockOptions, withFileLock } from './lock.js';

/** One UTC day's counts, least recently charged first. */
interface Counts {
  day: string;
  counts: Record<string, number>;
}

/** Counters kept at most: past it the least recently charged go (the anonymous count stays in use). */
const MAX_KEYS = 20_000;

/**
 * Visitors' calls per UTC day in `dir/visitors.json`, counted together by every process using the
 * directory: a take is a read-modify-write under the file's lock, written atomically (mode 0600).
 * A file of its own, so the busy budget file is not rewritten with every visitor's count.
 */
export function fileVisitorCounts(dir: string, lock: FileLockOptions, ready: () => void): VisitorCountStore {
  const path = join(dir, 'visitors.json');
  const read = (day: string): Counts => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return { day, counts: Object.create(null) };
      throw new StateFileError(`Could not read ${path}: ${(error as Error).message}`, path, 'io', {
        cause: error,
      });
    }
    const parsed = parse(text);
    if (!parsed) {
      throw new StateFileError(
        `The visitor counts file ${path} is corrupt: move it aside or delete it`,
        path,
        'corrupt',
      );
    }
    return parsed.day === day ? parsed : { day, counts: Object.create(null) };
  };
  return {
    take(day, charges) {
      ready();
      return withFileLock(path, lock, async () => {
        const state = read(day);
        if (charges.some(({ key, limit }) => (state.counts[key] ?? 0) >= limit)) return false;
        for (const { key } of charges) {
          const taken = (state.counts[key] ?? 0) + 1;
          delete state.counts[key];
          state.counts[key] = taken;
        }
        const keys = Object.keys(state.counts);
        for (const key of keys.slice(0, Math.max(0, keys.length - MAX_KEYS))) delete state.counts[key];
        try {
          await writeFileAtomic(path, JSON.stringify(state), { mode: 0o600 });
        } catch (error) {
          throw new StateFileError(`Could not write ${path}: ${(error as Error).message}`, path, 'io', {
            cause: error,
          });
        }
        return true;
      });
    },
    count: async (day, key) => read(day).counts[key] ?? 0,
  };
}

/** The counts, checked: counters are whole numbers held on no prototype. */
function parse(text: string): Counts | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { day, counts } = (value ?? {}) as Partial<Counts>;
  if (typeof day !== 'string' || typeof counts !== 'object' || counts === null || Array.isArray(counts))
    return undefined;
  const held: Record<string, number> = Object.create(null);
  for (const [key, n] of Object.entries(counts)) {
    if (!Number.isSafeInteger(n) || n < 0) return undefined;
    held[key] = n;
  }
  return { day, counts: held };
}
