/**
 * The in-memory stores: one process's shared state, the default of every client.
 *
 * Nothing here is module-global: each `memoryCoordination()` is one application's state, shared
 * by exactly the clients it is given to (and by their `forUser` clients).
 */

import type { UtcDay } from '../../internal/day.js';
import { type AccessToken, isFresh } from '../auth/token.js';
import { type CacheStore, cacheStoreOf, type LruStoreOptions } from './cache.js';
import type { AppTokenStore, BudgetStore, Coordination, LockStore } from './coordination.js';
import { memoryWindowStore } from './memory-window.js';

export interface MemoryCoordinationOptions {
  /** The cache store the clients share; default a bounded LRU (500 answers, 5 MB). `false`: none. */
  cache?: LruStoreOptions | CacheStore | false | undefined;
}

/**
 * The state of one application in one process: daily budget, token windows, the application
 * token, locks and the cache. Give the same object to every client of the application
 * (`createClient({ ..., coordination })`): they then share the budget and never double it.
 */
export function memoryCoordination(options: MemoryCoordinationOptions = {}): Coordination {
  return {
    budget: memoryBudgetStore(),
    windows: memoryWindowStore(),
    appTokens: memoryAppTokenStore(),
    locks: memoryLockStore(),
    cache: cacheStoreOf(options.cache),
  };
}

export function memoryBudgetStore(): BudgetStore {
  const days = new Map<string, { day: UtcDay; calls: number }>();
  const entry = (app: string, day: UtcDay) => {
    let counted = days.get(app);
    if (!counted || counted.day !== day) {
      counted = { day, calls: 0 };
      days.set(app, counted);
    }
    return counted;
  };
  return {
    async take(app, day, limit) {
      const counted = entry(app, day);
      if (counted.calls >= limit) return false;
      counted.calls++;
      return true;
    },
    count: async (app, day) => entry(app, day).calls,
    async refund(app, day) {
      if (entry(app, day).calls) entry(app, day).calls--;
    },
  };
}

export function memoryAppTokenStore(): AppTokenStore {
  const tokens = new Map<string, AccessToken>();
  const inflight = new Map<string, Promise<AccessToken>>();
  return {
    get(app, obtain, rejected) {
      // A token being obtained (after a 401 too) is the one to wait for: the held one may be dead.
      const pending = inflight.get(app);
      if (pending) return pending;
      const current = tokens.get(app);
      if (current && isFresh(current) && current.value !== rejected?.value) return Promise.resolve(current);
      const obtained = obtain().then(
        (token) => {
          tokens.set(app, token);
          inflight.delete(app);
          return token;
        },
        (error: unknown) => {
          inflight.delete(app);
          throw error;
        },
      );
      inflight.set(app, obtained);
      return obtained;
    },
    async clear(app) {
      tokens.delete(app);
    },
  };
}

function noop(): void {}

export function memoryLockStore(): LockStore {
  const tails = new Map<string, Promise<unknown>>();
  return {
    withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
      const before = tails.get(name) ?? Promise.resolve();
      const run = before.then(work, work);
      const tail = run.then(noop, noop).then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      tails.set(name, tail);
      return run;
    },
  };
}
