/**
 * `price-catalog/redis`: the stores of one application on Redis, shared by every process.
 *
 *   const coordination = redisCoordination({ url: 'redis://127.0.0.1:6379', prefix: 'shop-a:' });
 *   const client = createClient({ clientId, clientSecret, coordination });
 *
 * Node only. Runtime values come from the main entry (`../index.js`), never from core modules
 * directly, so the build keeps one copy of the error classes for both entry points.
 */
import { type CacheStore, type Coordination, InvalidRequestError, type TokenStore } from '../index.js';
import { redisBudgetStore } from './budget.js';
import { type RedisCacheOptions, redisCacheStore, redisTokenStore } from './cache.js';
import { Connection, type ConnectionOptions } from './connection.js';
import { type LockOptions, redisAppTokenStore, redisLockStore } from './locks.js';
import { redisVisitorCounts } from './visitor-counts.js';
import { redisWindows } from './window.js';

export { CoordinationError } from './errors.js';

export interface RedisCoordinationOptions extends ConnectionOptions, LockOptions, RedisCacheOptions {
  /**
   * Put before every key, to keep applications (or environments) apart on one Redis.
   * Default `price-catalog:`.
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
  /** Closes the Redis client made from `url` (a client you passed stays open). */
  close(): Promise<void>;
}

/**
 * Budget, rate windows, application token, locks and cache of one application, shared through
 * Redis by every client given it, in any process. A call awaits one Redis round trip before it is
 * sent (`admit`: the window place and the budget call in one script). Redis failing (down, slow, a script error)
 * fails the call with CoordinationError within `commandTimeoutMs` (default 2 s); nothing is sent
 * without the shared count.
 */
export function redisCoordination(options: RedisCoordinationOptions): RedisCoordination {
  const connection = new Connection(options);
  const prefix = options.prefix ?? 'price-catalog:';
  const locks = redisLockStore(connection, prefix, options);
  const { windows, admit } = redisWindows(connection, prefix);
  // The admission script touches the budget's key and the token's window keys at once; on a
  // Redis Cluster they live in different slots, so there the pipeline uses the two stores in
  // turn (two round trips per call).
  const cluster = (options.client as { isCluster?: boolean } | undefined)?.isCluster === true;
  return {
    budget: redisBudgetStore(connection, prefix),
    windows,
    ...(cluster ? {} : { admit }),
    appTokens: redisAppTokenStore(connection, prefix, locks),
    locks,
    cache: options.cache === false ? undefined : redisCacheStore(connection, prefix, options),
    visitors: redisVisitorCounts(connection, prefix),
    tokenStore: (userId, storeOptions) =>
      redisTokenStore(connection, prefix, userId, tokenExpiry(storeOptions?.expireAfterMs)),
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
