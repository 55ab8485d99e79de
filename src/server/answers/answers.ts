/**
 * Cached API answers as the handler keeps them, and the answers it gives the browser from them:
 * ETag and Cache-Control derived from the API's, `Age`, and `X-Catalog-Cache` saying whether the
 * answer is fresh, revalidated, new or stale.
 */
import type { CachedAnswer, CacheStore } from '../../index.js';
import { BODY_BYTES } from '../cache/slru-store.js';
import { JSON_TYPE, securityPairs } from '../http/security-headers.js';
import type { Settings } from '../settings.js';
import { isThenable, type Maybe, type Prepared } from './parts.js';

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

/** `hit` fresh from the cache; `revalidated` confirmed now (304); `miss` new; `stale` past its max-age. */
export type CacheState = 'hit' | 'revalidated' | 'miss' | 'stale';

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

/** The browser's answer from an entry: 304 when its If-None-Match matches, else the body. */
export function answerFrom(entry: Entry, state: CacheState, request: Request, now: number): Response {
  const { status, headers, body } = answerParts(entry, state, request.headers.get('if-none-match'), now);
  return new Response(body as BodyInit | null, { status, headers: headers as [string, string][] });
}

/**
 * The parts of the browser's answer from an entry, for the Fetch handler and the node adapter
 * alike: 304 when `ifNoneMatch` matches, else the body. `shared`: a public entry under the `cdn`
 * option (the settings' stale window), whose 200 (and kept 404 / 410) a CDN may keep for what is
 * left of its max-age; `plannedMs`: how long from now the pacing plans no refresh of it (0 when
 * due or unknown): past its max-age the handler serves this same answer until then, so a CDN may too.
 */
export function answerParts(
  entry: Entry,
  state: CacheState,
  ifNoneMatch: string | null,
  now: number,
  shared?: Pick<Settings, 'maxStale'>,
  plannedMs = 0,
): Prepared {
  const ageMs = Math.max(0, now - entry.storedAt);
  const freshMs = state === 'stale' ? 0 : Math.max(0, entry.maxAgeMs - ageMs);
  const notModified = entry.status === 200 && entry.etag !== undefined && matches(ifNoneMatch, entry.etag);
  const sharable = shared !== undefined && SHARABLE.has(entry.status);
  // RFC 9111 4.2.3: a cache takes `Age` off the freshness lifetime. A shared cache is told what is
  // left, with no Age (nginx ignores Age, so that is the one way both read alike); a browser the
  // whole lifetime, with the Age (stale answers keep telling how old they are). 304s alike.
  const age = String(Math.floor(ageMs / 1000));
  const cacheControl = sharable
    ? sharedCacheControl(entry, freshMs, ageMs, shared.maxStale, plannedMs)
    : browserCacheControl(entry.cacheControl, state === 'stale' ? 0 : entry.maxAgeMs);
  // A hit within the same second is the same answer: its parts are made once, sorted once.
  const key = `${state} ${notModified} ${age} ${cacheControl} ${sharable}`;
  const last = PARTS.get(entry);
  if (last?.key === key) return last.parts;
  const headers: (readonly [string, string])[] = sharable
    ? [['cache-control', cacheControl]]
    : [
        ['age', age],
        ['cache-control', cacheControl],
      ];
  // The handler's own type, never the API's: an answer is data, never markup.
  if (!notModified) headers.push(['content-type', JSON_TYPE]);
  if (entry.etag) headers.push(['etag', entry.etag]);
  if (entry.link) headers.push(['link', entry.link]);
  // The answer differs by the API version the browser's Accept names; never by its cookies.
  if (sharable) headers.push(['vary', 'Accept']);
  headers.push(['x-catalog-cache', state], ...securityPairs(notModified ? 304 : entry.status));
  // In the order a Response's headers iterate (by name), as the node adapter writes them.
  headers.sort(byName);
  const parts: Prepared = notModified
    ? { status: 304, headers, body: null, sorted: true }
    : { status: entry.status, headers, body: bodyOf(entry), sorted: true };
  PARTS.set(entry, { key, parts });
  return parts;
}

/** Each entry's last parts, by what they say (state, age, Cache-Control...). */
const PARTS = new WeakMap<Entry, { key: string; parts: Prepared }>();

function byName(a: readonly [string, string], b: readonly [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** The answers a shared cache may keep: the API's 200, and its 404 / 410 kept `missingMaxAge` long. */
const SHARABLE = new Set([200, 404, 410]);

function bodyOf(entry: Entry): Uint8Array | null {
  let bytes = BODIES.get(entry);
  if (bytes) return bytes;
  if (entry.body === undefined) return null;
  if (!bytes) {
    bytes = UTF8.encode(JSON.stringify(entry.body));
    BODIES.set(entry, bytes);
  }
  return bytes;
}

/**
 * For a CDN: fresh for what is left of the API's max-age (browsers always ask again), or, past it,
 * for as long as the handler itself serves this answer (`heldMs`); then stale while
 * revalidating, or on an error, for what is left of the handler's stale window after that.
 */
function sharedCacheControl(
  entry: Entry,
  freshMs: number,
  ageMs: number,
  maxStale: number,
  plannedMs: number,
): string {
  if (entry.status !== 200) return `public, max-age=0, s-maxage=${Math.floor(freshMs / 1000)}`;
  const sharedMs = Math.max(freshMs, heldMs(entry, ageMs, maxStale, plannedMs));
  const staleS = Math.floor(Math.max(0, entry.maxAgeMs + maxStale - ageMs - sharedMs) / 1000);
  return `public, max-age=0, s-maxage=${Math.floor(sharedMs / 1000)}, stale-while-revalidate=${staleS}, stale-if-error=${staleS}`;
}

/**
 * Past its max-age (a listing's is 0), the handler serves a kept answer without a call until the
 * pacing refreshes it: at least 1 s, at most what is left of the stale window (or 1 s past it,
 * where it is served while first fetches are held back). None with no stale window: the next view
 * calls the API.
 */
function heldMs(entry: Entry, ageMs: number, maxStale: number, plannedMs: number): number {
  if (maxStale <= 0) return 0;
  const staleLeftMs = entry.maxAgeMs + maxStale - ageMs;
  return Math.max(1000, Math.min(plannedMs, staleLeftMs));
}

/**
 * The API's directives with max-age its lifetime (the `Age` beside it says how much is used);
 * `private`: without the `cdn` option the handler's answers pass through the app's own origin,
 * never a shared cache.
 */
function browserCacheControl(api: string, lifetimeMs: number): string {
  let kept = KEPT_DIRECTIVES.get(api);
  if (kept === undefined) {
    kept = api
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter((d) => KEPT_DIRECTIVE.test(d))
      .map((d) => `, ${d}`)
      .join('');
    // The API sends a handful of distinct short values; hostile ones cannot grow this past a bound.
    if (KEPT_DIRECTIVES.size >= 256) KEPT_DIRECTIVES.clear();
    if (api.length <= 256) KEPT_DIRECTIVES.set(api, kept);
  }
  return `private, max-age=${Math.floor(lifetimeMs / 1000)}${kept}`;
}

/** The API's directives a browser is told again (derived, never copied whole): these and no others. */
const KEPT_DIRECTIVE =
  /^(?:no-cache|must-revalidate|no-transform|immutable|(?:stale-while-revalidate|stale-if-error)=\d{1,9})$/;

/** The API's Cache-Control values, each with the directives the browser's answer keeps of it. */
const KEPT_DIRECTIVES = new Map<string, string>();

/** If-None-Match against an ETag, weakly (as RFC 9110 says for GET). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * The API's Link header with each URL moved under the mount path (`</api/catalog/...?page=2>`),
 * so the browser's pagination comes back to the handler.
 */
export function rewriteLink(link: string | null, apiBase: string, mount: string): string | undefined {
  if (!link) return undefined;
  const base = apiBase.replace(/\/+$/, '');
  // Made again from the API's pagination links only: another target, parameter or relation is dropped.
  const links: string[] = [];
  for (const [, target, params] of link.matchAll(/<([^>]*)>([^,]*)/g)) {
    const rel = /;\s*rel="?(first|prev|next|last)"?\s*(?:;|$)/i.exec(params ?? '')?.[1]?.toLowerCase();
    if (!rel || !target?.startsWith(`${base}/`)) continue;
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      continue;
    }
    url.searchParams.delete('oauth_token');
    const path = url.pathname.slice(new URL(`${base}/`).pathname.length - 1);
    if (!/^(?:\/[A-Za-z0-9_-]+)+$/.test(path)) continue;
    links.push(`<${mount}${path}${url.search}>; rel="${rel}"`);
  }
  return links.length > 0 ? links.join(', ') : undefined;
}

/** An ETag as RFC 9110 spells it (and not overlong), or undefined: a browser sends it back to the handler. */
export function etagOf(value: string | null): string | undefined {
  return value !== null && value.length <= 200 && /^(?:W\/)?"[\x21\x23-\x7e]*"$/.test(value)
    ? value
    : undefined;
}
