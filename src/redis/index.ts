/**
 * `price-catalog/redis`: the stores of one application on Redis, shared by every process.
 *
 *   const coordination = redisCoordination({ url: 'redis://127.0.0.1:6379', prefix: 'shop-a:' });
 *   // or, on a Redis Cluster: redisCoordination({ client: new Cluster(nodes), prefix: 'shop-a:' })
 *   const client = createClient({ clientId, clientSecret, coordination });
 *
 * Node only. Runtime values come from the main entry (`../index.js`), never from core modules
 * directly, so the build keeps one copy of the error classes for both entry points.
 */
import { type CacheStore, type Coordination, InvalidRequestError, type TokenStore } from '../index.js';
import { SpentHere } from '../internal/spent-here.js';
import { redisBudgetStore } from './budget.js';
import { escapeGlob, type RedisCacheOptions, redisCacheStore, redisTokenStore } from './cache.js';
import { Connection, type ConnectionOptions } from './connection.js';
import { keyspace } from './keys.js';
import { type LockOptions, redisAppTokenStore, redisLockStore } from './locks.js';
import { redisRecords } from './records.js';
import { redisViewCounts } from './view-counts.js';
import { redisVisitorCounts } from './visitor-counts.js';
import { redisWindows } from './window.js';

export { CoordinationError } from './errors.js';

export interface RedisCoordinationOptions extends ConnectionOptions, LockOptions, RedisCacheOptions {
  /**
   * Put before every key, to keep applications (or environments) apart on one Redis.
   * Default `price-catalog:`. On a Redis Cluster it must hold no `{` or `}`: the budget, windows,
   * application token and locks begin with it in braces (`{shop-a:}budget:...`), one hash tag.
   */
  prefix?: string | undefined;
  /** Share cached answers through Redis too (default true); false keeps each process's own cache. */
  cache?: boolean | undefined;
}

export interface TokenStoreOptions {
  /** Milliseconds the tokens are kept after each write (a positive integer). Default: no expiry. */
  expireAfterMs?: number | undefined;
}

export interface RedisCoordination extends Coordination {
  readonly cache: CacheStore | undefined;
  /**
   * A user's tokens in Redis under your own id for the user (never a token). With `expireAfterMs`,
   * Redis drops them that long after they were last written (each sign-in and refresh writes
   * them); without it they are kept until signed out.
   */
  tokenStore(userId: string, options?: TokenStoreOptions): TokenStore;
  /**
   * Whether Redis holds any key under this coordination's prefix (budget, token, cache...): false
   * says no process of an application has used this prefix, so a count of 0 read through it is
   * not the application's (`price-catalog usage` warns then). Walks the keys with SCAN until one.
   */
  holdsState(): Promise<boolean>;
  /** Closes the Redis client made from `url` (a client you passed stays open). */
  close(): Promise<void>;
}

/**
 * Budget, rate windows, application token, locks and cache of one application, shared through
 * Redis by every client given it, in any process. A call awaits one Redis round trip before it is
 * sent (`admit`: the window place and the budget call in one script), on one Redis or on a Redis
 * Cluster (`client: new Cluster(nodes)`: the application's keys share the hash tag `{prefix}`, so
 * the script runs on one node). Redis failing (down, slow, a script error) fails the call with
 * CoordinationError within `commandTimeoutMs` (default 2 s); nothing is sent without the shared count.
 */
export function redisCoordination(options: RedisCoordinationOptions): RedisCoordination {
  const connection = new Connection(options);
  const { app, spread } = keyspace(options.prefix ?? 'price-catalog:', connection.cluster);
  const locks = redisLockStore(connection, app, options);
  // What this instance spent itself: the floor of the day's count (src/redis/budget.ts).
  const spent = new SpentHere();
  const { windows, admit } = redisWindows(connection, app, spent);
  return {
    budget: redisBudgetStore(connection, app, spent),
    windows,
    admit,
    appTokens: redisAppTokenStore(connection, app, locks),
    locks,
    cache: options.cache === false ? undefined : redisCacheStore(connection, spread, options),
    visitors: redisVisitorCounts(connection, spread),
    viewCounts: redisViewCounts(connection, spread),
    records: redisRecords(connection, spread),
    tokenStore: (userId, storeOptions) =>
      redisTokenStore(connection, spread, userId, tokenExpiry(storeOptions?.expireAfterMs)),
    markUsed: async (key, ttlMs) =>
      (await connection.run('mark used', (c) => c.set(`${spread}used:${key}`, '1', 'PX', ttlMs, 'NX'))) ===
      'OK',
    holdsState: async () =>
      (await connection.scan('state check', `${escapeGlob(app)}*`, true)).length > 0 ||
      (spread !== app && (await connection.scan('state check', `${escapeGlob(spread)}*`, true)).length > 0),
    close: () => connection.close(),
  };
}

/** `expireAfterMs`, checked: a bad value would keep a session forever or drop it at once. */
function tokenExpiry(ms: number | undefined): number | undefined {
  if (ms === undefined || (Number.isSafeInteger(ms) && ms > 0)) return ms;
  throw new InvalidRequestError(
    `tokenStore: expireAfterMs must be a positive integer of milliseconds, got ${String(ms)}`,
    'InvalidOption',
    'expireAfterMs',
  );
}
