/**
 * Cached API answers as the handler keeps them (`Entry`), in any CacheStore: read once per stored
 * object, written with the API's max-age and the handler's headers, and the one constructor of
 * what a store keeps (`storedAnswer`).
 */
import type { CachedAnswer, CacheStore } from '../../index.js';
import { isThenable, type Maybe } from '../answers/answer.js';
import { BODY_BYTES } from './slru-store.js';

export interface Entry {
  /** 200, or the API's 404 / 410 / 422 kept for a while so a missing id costs no second call. */
  status: number;
  body: unknown;
  etag: string | undefined;
  /** Epoch ms (the handler's clock) when the API last gave or confirmed it. */
  storedAt: number;
  /** The API's max-age, in ms. */
  maxAgeMs: number;
  /** The API's Cache-Control and (rewritten) Link: the only headers of the API's kept. */
  cacheControl: string;
  link: string | undefined;
}

/**
 * Kept in any CacheStore (the LRU default or Redis) as a CachedAnswer whose `maxAgeMs` is the
 * time the store should keep it (max-age plus `keepMs`); the API's own max-age rides in headers.
 */
export function readEntry(store: CacheStore, key: string): Maybe<Entry | undefined> {
  const got = store.get(key);
  // An in-memory store answers at once: no await, no turn of the event loop.
  return isThenable(got) ? Promise.resolve(got).then(memoEntry) : memoEntry(got);
}

function memoEntry(stored: CachedAnswer | undefined): Entry | undefined {
  if (!stored) return undefined;
  // An in-memory store gives back the object it keeps: read once, served many times.
  let entry = ENTRIES.get(stored);
  if (!entry) {
    entry = entryOf(stored);
    ENTRIES.set(stored, entry);
  }
  return entry;
}

const ENTRIES = new WeakMap<CachedAnswer, Entry>();
/** An entry's body as sent: serialised once per entry. */
const BODIES = new WeakMap<Entry, Uint8Array>();
const UTF8 = new TextEncoder();

function entryOf(stored: CachedAnswer & { readonly [BODY_BYTES]?: Uint8Array }): Entry {
  const headers = new Map(stored.headers);
  const bytes = stored[BODY_BYTES];
  const entry: Entry = {
    status: Number(headers.get('x-status') ?? '200'),
    body: undefined,
    etag: stored.etag,
    storedAt: stored.storedAt,
    maxAgeMs: Number(headers.get('x-max-age-ms') ?? '0'),
    cacheControl: headers.get('cache-control') ?? '',
    link: headers.get('link'),
  };
  if (!bytes) entry.body = stored.body;
  else {
    // Kept as the bytes sent (slru-store.ts): served as they are, parsed only when the body is read.
    BODIES.set(entry, bytes);
    Object.defineProperty(entry, 'body', { get: () => stored.body, enumerable: true });
  }
  return entry;
}

export async function writeEntry(
  store: CacheStore,
  key: string,
  entry: Entry,
  keepMs: number,
): Promise<void> {
  const headers: [string, string][] = [
    ['x-max-age-ms', String(entry.maxAgeMs)],
    ['cache-control', entry.cacheControl],
  ];
  if (entry.link) headers.push(['link', entry.link]);
  if (entry.status !== 200) headers.push(['x-status', String(entry.status)]);
  await store.set(
    key,
    storedAnswer(entry.body, entry.storedAt, entry.maxAgeMs + keepMs, headers, entry.etag),
  );
}

/** What a store keeps: `body`, kept `keepMs` from `storedAt`, sized by its JSON (the one place one is made). */
export function storedAnswer(
  body: unknown,
  storedAt: number,
  keepMs: number,
  headers: [string, string][] = [],
  etag?: string,
): CachedAnswer {
  return { body, etag, storedAt, maxAgeMs: keepMs, headers, size: JSON.stringify(body ?? null).length };
}

/** An entry's body as sent: its kept bytes, else its JSON, serialised once. */
export function bodyOf(entry: Entry): Uint8Array | null {
  let bytes = BODIES.get(entry);
  if (bytes) return bytes;
  if (entry.body === undefined) return null;
  if (!bytes) {
    bytes = UTF8.encode(JSON.stringify(entry.body));
    BODIES.set(entry, bytes);
  }
  return bytes;
}
