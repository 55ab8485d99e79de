import { mkdir, rmdir, stat } from 'node:fs/promises';
import lockfile from 'proper-lockfile';
import { sleep } from '../coordination/waits.js';
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
 */
export async function withFileLock<T>(
  path: string,
  options: FileLockOptions,
  work: () => Promise<T>,
  signal?: AbortSignal | undefined,
): Promise<T> {
  const lockPath = `${path}.lock`;
  const giveUpAt = Date.now() + options.waitMs;
  let release: (() => Promise<void>) | undefined;
  for (let delay = 2; release === undefined; delay = Math.min(delay * 2, 20)) {
    try {
      release = await lockfile.lock(path, {
        realpath: false,
        lockfilePath: lockPath,
        stale: NEVER_STALE,
        update: Math.floor(options.staleMs / 2),
        retries: 0,
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
      if (await takeOver(lockPath, options.staleMs)) continue;
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
    await release().catch(() => undefined);
  }
}

/**
 * Removes a lock whose holder stopped renewing it for `staleMs` (its process died), one waiter at
 * a time: the waiter that makes `<lock>.takeover` (mkdir: one wins) looks at the lock again and
 * removes it only if it is still stale, so a fresh lock of another waiter is never removed. A
 * takeover directory left by a waiter that died mid-takeover is itself stale after `staleMs`.
 */
async function takeOver(lockPath: string, staleMs: number): Promise<boolean> {
  const isStale = async (dir: string): Promise<boolean> => {
    try {
      return (await stat(dir)).mtimeMs < Date.now() - staleMs;
    } catch {
      return false;
    }
  };
  if (!(await isStale(lockPath))) return false;
  const guard = `${lockPath}.takeover`;
  try {
    await mkdir(guard);
  } catch {
    if (await isStale(guard)) await rmdir(guard).catch(() => undefined);
    return false;
  }
  try {
    if (!(await isStale(lockPath))) return false;
    await rmdir(lockPath).catch(() => undefined);
    return true;
  } finally {
    await rmdir(guard).catch(() => undefined);
  }
}
