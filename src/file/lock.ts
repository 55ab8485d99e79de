import { mkdirSync, rmdirSync, statSync } from 'node:fs';
import lockfile from 'proper-lockfile';
import { sleep } from '../internal/waits.js';
import { StateFileError } from './errors.js';

export interface FileLockOptions {
  /**
   * A lock whose holder stopped renewing it (its process died) is taken over after this; the
   * holder renews it every half of it. proper-lockfile's floor is 2 000 ms.
   */
  staleMs: number;
  /** Longest wait for a lock another holder keeps, then StateFileError. */
  waitMs: number;
}

/** proper-lockfile never judges a lock stale itself: its check-then-remove could let two in. */
const NEVER_STALE = 2 ** 31;

/**
 * Runs `work` holding the lock of `path` (a directory `<path>.lock`, made by proper-lockfile with
 * mkdir, atomic on every file system, its mtime renewed while held). Waiters look again every
 * 2–40 ms with jitter until `waitMs`; a holder killed mid-work blocks the others `staleMs` at most
 * (takeOver).
 *
 * The lock is made and released with proper-lockfile's synchronous calls: the directory exists
 * exactly while proper-lockfile has it registered for removal at exit, so a process that calls
 * process.exit() while a change (an answer's, sent without waiting) is locking or unlocking
 * leaves no lock behind. An asynchronous mkdir still in flight at exit would leave one, and every
 * other process would wait `staleMs` for it.
 */
export async function withFileLock<T>(
  path: string,
  options: FileLockOptions,
  work: () => Promise<T>,
  signal?: AbortSignal | undefined,
): Promise<T> {
  const lockPath = `${path}.lock`;
  const giveUpAt = Date.now() + options.waitMs;
  let release: (() => void) | undefined;
  for (let delay = 2; release === undefined; delay = Math.min(delay * 2, 20)) {
    try {
      release = lockfile.lockSync(path, {
        realpath: false,
        lockfilePath: lockPath,
        stale: NEVER_STALE,
        update: Math.floor(options.staleMs / 2),
        // Lost to a takeover after a stall longer than staleMs: the work has ended or will end on
        // its own; the default (throw from a timer) would crash the process.
        onCompromised: () => undefined,
      });
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED') {
        throw new StateFileError(
          `Could not take the lock ${lockPath}: ${(error as Error).message}`,
          lockPath,
          'io',
          { cause: error },
        );
      }
      if (takeOver(lockPath, options.staleMs)) continue;
      if (Date.now() + delay > giveUpAt) {
        throw new StateFileError(
          `The lock ${lockPath} was held by another process for over ${options.waitMs} ms`,
          lockPath,
          'lock-timeout',
        );
      }
      await sleep(delay + Math.random() * delay, signal);
    }
  }
  try {
    return await work();
  } finally {
    try {
      release();
    } catch {
      // Already released by a takeover (compromised): nothing of ours to remove.
    }
  }
}

/**
 * Removes a lock whose holder stopped renewing it for `staleMs` (its process died), one waiter at
 * a time: the waiter that makes `<lock>.takeover` (mkdir: one wins) looks at the lock again and
 * removes it only if it is still stale, so a fresh lock of another waiter is never removed. A
 * takeover directory left by a waiter killed mid-takeover is itself stale after `staleMs`.
 * Synchronous, like the lock: a process.exit() cannot fall between making the guard and removing it.
 */
function takeOver(lockPath: string, staleMs: number): boolean {
  const isStale = (dir: string): boolean => {
    try {
      return statSync(dir).mtimeMs < Date.now() - staleMs;
    } catch {
      return false;
    }
  };
  const remove = (dir: string): void => {
    try {
      rmdirSync(dir);
    } catch {
      // Gone already (another waiter removed it).
    }
  };
  if (!isStale(lockPath)) return false;
  const guard = `${lockPath}.takeover`;
  try {
    mkdirSync(guard);
  } catch {
    if (isStale(guard)) remove(guard);
    return false;
  }
  try {
    if (!isStale(lockPath)) return false;
    remove(lockPath);
    return true;
  } finally {
    remove(guard);
  }
}
