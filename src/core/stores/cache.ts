import { storableMaxAge } from '../../internal/cache.js';
/** A stored GET answer. */
export interface CachedAnswer {
  /** The validated body, as the server sent it. */
  body: unknown;
  etag: string | undefined;
  /** Epoch ms when it was stored or last revalidated. */
  storedAt: number;
  /** From `Cache-Control: max-age`; 0 means revalidate every time. */
  maxAgeMs: number;
  /** Headers of the stored answer worth replaying (ETag, Link, Cache-Control, Content-Type). */
  headers: [string, string][];
  /** Rough size in bytes, for bounded stores. */
  size: number;
}

/** Where answers are kept: bring your own (e.g. shared across workers), or use the bounded LRU default. */
export interface CacheStore {
  get(key: string): CachedAnswer | undefined | Promise<CachedAnswer | undefined>;
  set(key: string, answer: CachedAnswer): void | Promise<void>;
  delete(key: string): void | Promise<void>;
  keys(): Iterable<string> | Promise<Iterable<string>>;
  /**
   * A shared store that can tell this process of changes others make (Redis): `changed(key)` for
   * each answer changed or dropped, `changed(undefined)` when any may have changed unheard (the
   * line to the store was down). Called once, by a process that keeps copies near (the handler).
   */
  watch?(changed: (key: string | undefined) => void): CacheWatch | undefined;
}

/** A store's watch of changes: `live` while every change is being heard. */
export interface CacheWatch {
  readonly live: boolean;
}

/** Per call, as in fetch: `default` uses fresh answers and revalidates stale ones, `no-cache` always revalidates, `no-store` bypasses the cache. */
export type CacheMode = 'default' | 'no-cache' | 'no-store';

export interface LruStoreOptions {
  /** Default 500 answers. */
  maxEntries?: number;
  /** Default 5 MB of JSON. */
  maxBytes?: number;
}

/**
 * The default store: least recently used answers go first, bounded in entries and bytes.
 * Written by hand rather than with lru-cache: a Map kept in use order is all this needs, and
 * lru-cache costs 6 KB min+gz of a browser bundle (issue 6).
 */
export function lruCacheStore(options: LruStoreOptions = {}): CacheStore {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 5_000_000;
  const answers = new Map<string, CachedAnswer>();
  let bytes = 0;
  const drop = (key: string): void => {
    const answer = answers.get(key);
    if (answer === undefined) return;
    bytes -= weight(answer);
    answers.delete(key);
  };
  return {
    get: (key) => {
      const answer = answers.get(key);
      if (answer !== undefined) {
        // Map keeps insertion order: moving the key to the end marks it most recently used.
        answers.delete(key);
        answers.set(key, answer);
      }
      return answer;
    },
    set: (key, answer) => {
      drop(key);
      // An answer bigger than the whole store is not kept (it would evict everything else).
      if (weight(answer) > maxBytes) return;
      answers.set(key, answer);
      bytes += weight(answer);
      for (const oldest of answers.keys()) {
        if (answers.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    },
    delete: drop,
    keys: () => answers.keys(),
  };
}

/** The store a `cache` option names: options for the default LRU, a store of your own, or none. */
export function cacheStoreOf(
  option: LruStoreOptions | CacheStore | false | undefined,
): CacheStore | undefined {
  if (option === false) return undefined;
  if (option && typeof (option as CacheStore).get === 'function') return option as CacheStore;
  return lruCacheStore(option as LruStoreOptions | undefined);
}

function weight(answer: CachedAnswer): number {
  return Math.max(1, answer.size);
}

const KEPT_HEADERS = ['etag', 'link', 'cache-control', 'content-type'];

/**
 * Keys separate principals and versions: one token's answers are never served to another.
 * The principal is a non-secret fingerprint, never the token.
 */
export function cacheKey(principal: string, version: string, url: string): string {
  return `${principal} ${version} ${url}`;
}

export function toCachedAnswer(
  body: unknown,
  headers: Headers,
  maxAgeMs: number,
  size: number,
): CachedAnswer {
  return {
    body,
    etag: headers.get('etag') ?? undefined,
    storedAt: Date.now(),
    maxAgeMs,
    headers: KEPT_HEADERS.flatMap((name) => {
      const value = headers.get(name);
      return value === null ? [] : [[name, value] as [string, string]];
    }),
    size,
  };
}

/** A stored answer a 304 confirmed: the same answer, good for the max-age the 304 gives. */
export function renewedAnswer(answer: CachedAnswer, headers: Headers): CachedAnswer {
  return { ...answer, storedAt: Date.now(), maxAgeMs: storableMaxAge(headers) ?? 0 };
}

export function isFresh(answer: CachedAnswer): boolean {
  return Date.now() - answer.storedAt < answer.maxAgeMs;
}

/** A Response standing for a stored answer (status 200, its kept headers, the cache's mark). */
export function cachedResponse(answer: CachedAnswer, url: string, from: 'fresh' | 'revalidated'): Response {
  const headers = new Headers(answer.headers);
  headers.set('x-price-catalog-cache', from === 'fresh' ? 'HIT' : 'REVALIDATED');
  const response = new Response(null, { status: 200, headers });
  Object.defineProperty(response, 'url', { value: url });
  return response;
}

/**
 * Drops the principal's cached reads whose path `isStale` names: what a write changed. Which
 * paths those are is endpoint knowledge and comes from the resources (src/resources/write.ts).
 */
export async function invalidate(
  store: CacheStore,
  principal: string,
  isStale: (path: string) => boolean,
): Promise<number> {
  let dropped = 0;
  for (const key of [...(await store.keys())]) {
    const [keyPrincipal, , url] = key.split(' ');
    if (keyPrincipal !== principal || !url || !isStale(new URL(url).pathname)) continue;
    await store.delete(key);
    dropped++;
  }
  return dropped;
}
