import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { RateLimitInfo } from '../index.js';
import type { UtcDay } from '../internal/day.js';
import { StateFileError } from './errors.js';
import { type FileLockOptions, withFileLock } from './lock.js';

/** A token's rate-limit window as every process sees it (the rules of the in-memory window). */
export interface WindowState {
  limit: number;
  remaining: number;
  /** Epoch ms when the window ends; 0 while unknown. */
  resetAt: number;
  /** End of the last window that ran out: answers about it are stale. */
  expiredAt: number;
  /** The reset the server last told, even when further ahead than believed. */
  toldResetAt: number;
  /** An answer has told this token's window. */
  known: boolean;
  /** Sequence number of the call sent alone while the limit is unknown (0: none), and its end. */
  probe: number;
  probeUntil: number;
  /** The process that sent the probe: once it has died, the probe's answer will never come. */
  prober?: { host: string; pid: number } | undefined;
  /** Calls sent, in order (to discount calls in flight from an answer's count). */
  sent: number;
  last?: RateLimitInfo | undefined;
  /** Calls waiting for room, in arrival order; a waiter that stops looking loses its place at `lease`. */
  waiters: { id: string; lease: number }[];
  /** Last change, to drop windows of tokens no longer used. */
  touched: number;
}

export interface StoredToken {
  value: string;
  expiresAt?: number | undefined;
  scopes?: readonly string[] | undefined;
  principal: string;
}

/** Everything the processes share, in one file: `{ version, budgets, windows, tokens }`. */
export interface State {
  version: 1;
  /** Calls counted per application, per UTC day (`YYYY-MM-DD`). */
  budgets: Record<string, Record<string, number>>;
  windows: Record<string, WindowState>;
  tokens: Record<string, StoredToken>;
  /** `markUsed` keys and the epoch ms they expire at (absent in files of earlier versions). */
  used?: Record<string, number>;
  /** Per application, each process's own calls of its latest day: the floor of the day's count (day-count.ts). */
  spent?: Record<string, { day: UtcDay; by: Record<string, number> }>;
}

const empty = (): State => ({ version: 1, budgets: {}, windows: {}, tokens: {} });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

/** The parts every reader relies on, checked: anything else is a torn or foreign file. */
function isState(value: unknown): value is State {
  if (!isRecord(value) || value.version !== 1) return false;
  const { budgets, windows, tokens } = value;
  if (!isRecord(budgets) || !isRecord(windows) || !isRecord(tokens)) return false;
  for (const days of Object.values(budgets)) {
    if (!isRecord(days) || !Object.values(days).every(isCount)) return false;
  }
  for (const w of Object.values(windows)) {
    if (!isRecord(w) || !Array.isArray(w.waiters)) return false;
    for (const key of ['limit', 'remaining', 'sent', 'probe'] as const) if (!isCount(w[key])) return false;
  }
  return Object.values(tokens).every((t) => isRecord(t) && typeof t.value === 'string');
}

/**
 * The state file of one directory. Reads need no lock (every write replaces the file whole, by
 * rename: a reader sees the old file or the new one); a change is a read-modify-write under the
 * file's lock, written atomically (write-file-atomic: a temporary file, fsync, rename) with mode
 * 0600, the directory 0700: the application token in it is readable by this user only.
 */
export class StateFile {
  readonly path: string;
  private made = false;
  /** This process's changes, one at a time: they compete for the file's lock only with other processes. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly lock: FileLockOptions,
  ) {
    this.path = join(dir, 'state.json');
  }

  read(): State {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return empty();
      throw new StateFileError(`Could not read ${this.path}: ${(error as Error).message}`, this.path, 'io', {
        cause: error,
      });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!isState(parsed)) {
      throw new StateFileError(
        `The state file ${this.path} is corrupt (torn or not written by price-catalog): its counts cannot be trusted. Move it aside or delete it once you know today's calls (the next run starts from 0).`,
        this.path,
        'corrupt',
      );
    }
    return parsed;
  }

  /** Runs `change` on the current state under the lock and writes the result when it says so. */
  update<T>(change: (state: State) => { result: T; write: boolean }, signal?: AbortSignal): Promise<T> {
    this.ensureDir();
    const run = (): Promise<T> =>
      withFileLock(
        this.path,
        this.lock,
        async () => {
          const state = this.read();
          const { result, write } = change(state);
          if (write) await this.write(state);
          return result;
        },
        signal,
      );
    const done = this.tail.then(run, run);
    this.tail = done.catch(() => undefined);
    return done;
  }

  /** Makes the directory (0700) once, before the first lock. */
  ensureDir(): void {
    if (this.made) return;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw new StateFileError(
        `Could not make the state directory ${this.dir}: ${(error as Error).message}`,
        this.dir,
        'io',
        { cause: error },
      );
    }
    this.made = true;
  }

  private async write(state: State): Promise<void> {
    try {
      await writeFileAtomic(this.path, JSON.stringify(state), { mode: 0o600 });
    } catch (error) {
      throw new StateFileError(`Could not write ${this.path}: ${(error as Error).message}`, this.path, 'io', {
        cause: error,
      });
    }
  }
}
