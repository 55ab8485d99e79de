/**
 * `price-catalog/file`: the stores of one application in a directory on this machine, shared by
 * every process and every run that uses the same directory (scripts, cron jobs, the exporter).
 *
 *   const client = createClient({ clientId, clientSecret, coordination: fileCoordination() });
 *
 * Node only (node:fs). Runtime values come from the main entry (`../index.js`), never from core
 * modules, so both entry points share one copy of the error classes.
 */
import { type CacheStore, type Coordination, lruCacheStore } from '../index.js';
import { SpentHere } from '../internal/spent-here.js';
import { defaultStateDir } from './dir.js';
import { fileRecords } from './records.js';
import { StateFile } from './state.js';
import { fileAppTokenStore, fileBudgetStore, fileLockStore, fileUsedMarks } from './stores.js';
import { fileViewCounts } from './view-counts.js';
import { fileVisitorCounts } from './visitor-counts.js';
import { fileWindows } from './window.js';

export { defaultStateDir } from './dir.js';
export { StateFileError, type StateFileProblem } from './errors.js';

export interface FileCoordinationOptions {
  /** The state directory (made 0700 if missing). Default: `defaultStateDir()`. */
  dir?: string | undefined;
  /**
   * A lock whose holder died (killed mid-call) is taken over after this many ms: the longest a
   * crashed process can block the others. Default 5 000 (at least 2 000).
   */
  staleLockMs?: number | undefined;
  /** Longest wait for a lock held by a live process, then StateFileError. Default 15 000 ms. */
  lockWaitMs?: number | undefined;
  /** Cached answers: each process keeps its own (default a bounded LRU); `false`: none. */
  cache?: CacheStore | false | undefined;
}

export interface FileCoordination extends Coordination {
  /** The directory the state lives in. */
  readonly dir: string;
}

/**
 * The daily budget of each application (per UTC day), the application token, each token's rate
 * window and the locks for user-token refresh, in `dir/state.json`: every process and every run
 * that uses the same directory counts together, so `usage()` includes the day's earlier runs.
 *
 * Each change is a read-modify-write under a lock (proper-lockfile) and an atomic replace of the
 * file (write-file-atomic, mode 0600): racing processes never count a call twice or lose one, a
 * process killed while holding a lock blocks the others at most `staleLockMs`, and a file that
 * does not parse is reported with StateFileError (the call is not sent), never read as zero.
 */
export function fileCoordination(options: FileCoordinationOptions = {}): FileCoordination {
  const dir = options.dir ?? defaultStateDir();
  const lock = {
    staleMs: Math.max(2000, options.staleLockMs ?? 5000),
    waitMs: options.lockWaitMs ?? 15_000,
  };
  const file = new StateFile(dir, lock);
  const locks = fileLockStore(dir, lock, () => file.ensureDir());
  // What this process spent itself: the floor of the day's count (day-count.ts).
  const spent = new SpentHere();
  const { windows, admit } = fileWindows(file, spent);
  return {
    dir,
    budget: fileBudgetStore(file, spent),
    windows,
    admit,
    appTokens: fileAppTokenStore(file, locks),
    locks,
    visitors: fileVisitorCounts(dir, lock, () => file.ensureDir()),
    viewCounts: fileViewCounts(dir, lock, () => file.ensureDir()),
    cache: options.cache === false ? undefined : (options.cache ?? lruCacheStore()),
    markUsed: fileUsedMarks(file),
    records: fileRecords(dir, lock, () => file.ensureDir()),
  };
}
