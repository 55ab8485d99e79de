import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { type AppTokenPlace, sharedAppToken } from '../coordination/shared-app-token.js';
import type { AppTokenStore, BudgetStore, LockStore } from '../index.js';
import type { SpentHere } from '../internal/spent-here.js';
import { countFloored, giveBack, takeCall } from './day-count.js';
import { type FileLockOptions, withFileLock } from './lock.js';
import type { StateFile } from './state.js';

/**
 * The day's count of each application: a check-and-take under the state lock, never lower than
 * this process knows (`spent`: day-count.ts).
 */
export function fileBudgetStore(file: StateFile, spent: SpentHere): BudgetStore {
  return {
    async take(app, day, limit) {
      const { taken, calls } = await file.update((state) => {
        const floored = countFloored(state, app, day, spent);
        if (floored.calls >= limit)
          return { result: { taken: false, calls: floored.calls }, write: floored.raised };
        return { result: { taken: true, calls: takeCall(state, app, day, spent) }, write: true };
      });
      if (taken) spent.took(app, day, calls);
      else spent.saw(app, day, calls);
      return taken;
    },
    count: async (app, day) => file.read().budgets[app]?.[day] ?? 0,
    // One small read, no lock (writes replace the file whole): a client's usage() in a new
    // process already includes the day's earlier runs.
    peek: (app, day) => file.read().budgets[app]?.[day] ?? 0,
    refund: (app, day) =>
      file
        .update((state) => {
          const given = giveBack(state, app, day, spent);
          return { result: given, write: given };
        })
        .then((given) => {
          if (given) spent.gaveBack(app, day);
        })
        // Never rejects: a call not given back stays counted (the safe side).
        .catch(() => undefined),
  };
}

/**
 * Named locks across processes (user-token refresh), one lock directory per name under
 * `<dir>/locks`, named by a hash of the name (names may hold characters a file name cannot).
 */
export function fileLockStore(dir: string, options: FileLockOptions, ready: () => void): LockStore {
  return {
    withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
      ready();
      const file = join(dir, `lock-${createHash('sha256').update(name).digest('hex').slice(0, 32)}`);
      return withFileLock(file, options, work);
    },
  };
}

/**
 * The application token in the state file: every process reads it; one (holding the lock) obtains
 * a new one while the others wait and then read it.
 */
export function fileAppTokenStore(file: StateFile, locks: LockStore): AppTokenStore {
  const place: AppTokenPlace = {
    load: (app) => file.read().tokens[app],
    save: (app, token) =>
      file.update((state) => {
        state.tokens[app] = token;
        return { result: undefined, write: true };
      }),
  };
  return {
    get: sharedAppToken(place, locks),
    clear: (app) =>
      file.update((state) => {
        const had = app in state.tokens;
        delete state.tokens[app];
        return { result: undefined, write: had };
      }),
  };
}

/** `Coordination.markUsed`: the keys in the state file, the expired ones dropped on each write. */
export function fileUsedMarks(file: StateFile): (key: string, ttlMs: number) => Promise<boolean> {
  return (key, ttlMs) =>
    file.update((state) => {
      const now = Date.now();
      const used: Record<string, number> = Object.create(null);
      for (const [name, until] of Object.entries(state.used ?? {})) if (until > now) used[name] = until;
      const fresh = used[key] === undefined;
      if (fresh) used[key] = now + ttlMs;
      state.used = used;
      return { result: fresh, write: fresh };
    });
}
