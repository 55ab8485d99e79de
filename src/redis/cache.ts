import type { CachedAnswer, CacheStore, TokenStore, UserTokens } from '../index.js';
import { watchChanges } from './cache-changes.js';
import { type Connection, parseStored } from './connection.js';

export interface RedisCacheOptions {
  /**
   * How long a stale answer is kept past its max-age, for revalidation with its ETag (a 304 costs
   * a call but no body). Default 600 000 ms (10 minutes).
   */
  cacheStaleTtlMs?: number | undefined;
}

/**
 * Cached answers in Redis, each with a TTL of its max-age plus the stale span. Their keys carry no
 * hash tag of ours, so a Redis Cluster spreads them over its nodes. The keys the
 * pipeline gives carry the principal, so one user's answers are never another's. A write deletes
 * the entries it makes stale here, for every process at once.
 */
export function redisCacheStore(
  connection: Connection,
  prefix: string,
  options: RedisCacheOptions = {},
): CacheStore {
  const staleTtl = options.cacheStaleTtlMs ?? 600_000;
  const base = `${prefix}cache:`;
  return {
    async get(key) {
      return parseStored<CachedAnswer>(
        await connection.run('cache read', (c) => c.get(base + key)),
        'cached answer',
      );
    },
    async set(key, answer) {
      const ttl = Math.max(1, Math.ceil(answer.maxAgeMs + staleTtl));
      await connection.run('cache write', (c) => c.set(base + key, JSON.stringify(answer), 'PX', ttl));
    },
    async delete(key) {
      await connection.run('cache delete', (c) => c.del(base + key));
    },
    async keys() {
      // SCAN, not KEYS: it does not block Redis while it walks a large keyspace.
      const found = await connection.scan('cache keys', `${escapeGlob(base)}*`);
      return found.map((key) => key.slice(base.length));
    },
    // Redis tells of every change, so a process may keep copies near (the handler's near cache).
    watch: (changed) => watchChanges(connection, base, changed),
  };
}

/** `text` matched literally in a SCAN pattern. */
export function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/**
 * One user's tokens in Redis under `id` (your own user id: never a token), for
 * `createClient({ ..., tokenStore })` or `app.forUser({ tokenStore })`. Every process serving the
 * user reads the pair the last refresh wrote; with `expireAfterMs`, Redis drops a pair not
 * written again within that time.
 */
export function redisTokenStore(
  connection: Connection,
  prefix: string,
  id: string,
  expireAfterMs?: number,
): TokenStore {
  const key = `${prefix}user-tokens:${id}`;
  return {
    async get() {
      return parseStored<UserTokens>(
        await connection.run('user tokens read', (c) => c.get(key)),
        'user tokens',
      );
    },
    async set(tokens) {
      await connection.run('user tokens write', (c) =>
        tokens === undefined
          ? c.del(key)
          : expireAfterMs === undefined
            ? c.set(key, JSON.stringify(tokens))
            : c.set(key, JSON.stringify(tokens), 'PX', expireAfterMs),
      );
    },
  };
}
