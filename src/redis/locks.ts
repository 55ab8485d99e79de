import { randomUUID } from 'node:crypto';
import { type AppTokenPlace, sharedAppToken } from '../coordination/shared-app-token.js';
import type { AccessToken, AppTokenStore, LockStore } from '../index.js';
import { type Connection, parseStored, script } from './connection.js';
import { CoordinationError } from './errors.js';

/** Deletes the lock only while we still hold it (a lock that expired may be someone else's now). */
const UNLOCK = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);
/** Extends the lock only while we still hold it. */
const EXTEND = script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);

export interface LockOptions {
  /** A lock held by a process that died frees itself after this. Default 10 000 ms. */
  lockTtlMs?: number | undefined;
  /** Longest wait for a lock held by another process, then CoordinationError. Default 15 000 ms. */
  lockWaitMs?: number | undefined;
}

/**
 * One holder at a time across processes: SET NX PX with a random owner, extended while the work
 * runs, deleted by a compare-and-delete. Waiters look again every 20–100 ms. Written by hand
 * rather than with redlock: one Redis, one key, and no clock-drift quorum to compute.
 */
export function redisLockStore(connection: Connection, prefix: string, options: LockOptions = {}): LockStore {
  const ttl = options.lockTtlMs ?? 10_000;
  const maxWait = options.lockWaitMs ?? 15_000;
  return {
    async withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
      const key = `${prefix}lock:${name}`;
      const owner = randomUUID();
      const giveUpAt = Date.now() + maxWait;
      for (let delay = 20; ; delay = Math.min(delay * 1.5, 100)) {
        const taken = await connection.run('lock', (c) => c.set(key, owner, 'PX', ttl, 'NX'));
        if (taken === 'OK') break;
        if (Date.now() + delay > giveUpAt) {
          throw new CoordinationError(
            `The lock "${name}" was held by another process for over ${maxWait} ms`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
      }
      const renew = setInterval(() => {
        connection.eval('lock extend', EXTEND, [key], [owner, ttl]).catch(() => undefined);
      }, ttl / 3);
      renew.unref?.();
      try {
        return await work();
      } finally {
        clearInterval(renew);
        await connection.eval('unlock', UNLOCK, [key], [owner]).catch(() => undefined);
      }
    },
  };
}

/**
 * The application token in Redis: every process reads it; one (holding the lock) obtains a new
 * one while the others wait and then read it. It expires in Redis when the token does.
 */
export function redisAppTokenStore(connection: Connection, prefix: string, locks: LockStore): AppTokenStore {
  const key = (app: string): string => `${prefix}app-token:${app}`;
  const place: AppTokenPlace = {
    load: async (app) =>
      parseStored<AccessToken>(
        await connection.run('app token read', (c) => c.get(key(app))),
        'application token',
      ),
    async save(app, token) {
      const ttl = token.expiresAt === undefined ? undefined : token.expiresAt - Date.now();
      await connection.run('app token write', (c) =>
        ttl !== undefined && ttl > 0
          ? c.set(key(app), JSON.stringify(token), 'PX', Math.ceil(ttl))
          : c.set(key(app), JSON.stringify(token)),
      );
    },
  };
  return {
    get: sharedAppToken(place, locks),
    async clear(app) {
      await connection.run('app token clear', (c) => c.del(key(app)));
    },
  };
}
