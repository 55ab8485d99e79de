import { readFileSync } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import { StateFileError } from './errors.js';

/** Counters kept at most in a counts file: past it the least recently touched go. */
const MAX_KEYS = 20_000;

/**
 * A file of counters beside the budget file (visitors' calls, views of pages not kept), read and
 * written whole under its lock, written atomically (mode 0600). `what` names it in errors.
 */
export function countsFile<T extends { counts: Record<string, number> }>(
  path: string,
  what: string,
  parse: (text: string) => T | undefined,
) {
  return {
    /** The file's counts, undefined when it does not exist yet. */
    read(): T | undefined {
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
          `The ${what} file ${path} is corrupt: move it aside or delete it`,
          path,
          'corrupt',
        );
      }
      return parsed;
    },
    async write(state: T): Promise<void> {
      const keys = Object.keys(state.counts);
      for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEYS))) delete state.counts[old];
      try {
        await writeFileAtomic(path, JSON.stringify(state), { mode: 0o600 });
      } catch (error) {
        throw new StateFileError(`Could not write ${path}: ${(error as Error).message}`, path, 'io', {
          cause: error,
        });
      }
    },
  };
}

/** Sets `key` to `value` as the most recently touched (counters keep insertion order). */
export function touch(counts: Record<string, number>, key: string, value: number): void {
  delete counts[key];
  counts[key] = value;
}

/** Parses a counts file: its `day` as `isDay` says, and counters `isCount` accepts, held on no prototype. */
export function parseCounts<D>(
  text: string,
  isDay: (day: unknown) => day is D,
  isCount: (n: number) => boolean,
): { day: D; counts: Record<string, number> } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const { day, counts } = (value ?? {}) as { day?: unknown; counts?: unknown };
  if (!isDay(day) || typeof counts !== 'object' || counts === null || Array.isArray(counts)) return undefined;
  const held: Record<string, number> = Object.create(null);
  for (const [key, n] of Object.entries(counts)) {
    if (typeof n !== 'number' || !isCount(n)) return undefined;
    held[key] = n;
  }
  return { day, counts: held };
}
