/**
 * Cached API answers as the handler keeps them, and the answers it gives the browser from them:
 * ETag and Cache-Control derived from the API's, `Age`, and `X-Catalog-Cache` saying whether the
 * answer is fresh, revalidated, new or stale.
 */
import type { CachedAnswer, CacheStore } from '../index.js';
import { JSON_TYPE } from './security-headers.js';

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
export async function readEntry(store: CacheStore, key: string): Promise<Entry | undefined> {
  const stored = await store.get(key);
  if (!stored) return undefined;
  const headers = new Map(stored.headers);
  return {
    status: Number(headers.get('x-status') ?? '200'),
    body: stored.body,
    etag: stored.etag,
    storedAt: stored.storedAt,
    maxAgeMs: Number(headers.get('x-max-age-ms') ?? '0'),
    cacheControl: headers.get('cache-control') ?? '',
    link: headers.get('link'),
  };
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
  const answer: CachedAnswer = {
    body: entry.body,
    etag: entry.etag,
    storedAt: entry.storedAt,
    maxAgeMs: entry.maxAgeMs + keepMs,
    headers,
    size: JSON.stringify(entry.body ?? null).length,
  };
  await store.set(key, answer);
}

/** The browser's answer from an entry: 304 when its If-None-Match matches, else the body. */
export function answerFrom(entry: Entry, state: CacheState, request: Request, now: number): Response {
  const ageMs = Math.max(0, now - entry.storedAt);
  const freshMs = state === 'stale' ? 0 : Math.max(0, entry.maxAgeMs - ageMs);
  const headers = new Headers({
    // The handler's own type, never the API's: an answer is data, never markup.
    'content-type': JSON_TYPE,
    'cache-control': browserCacheControl(entry.cacheControl, freshMs),
    age: String(Math.floor(ageMs / 1000)),
    'x-catalog-cache': state,
  });
  if (entry.etag) headers.set('etag', entry.etag);
  if (entry.link) headers.set('link', entry.link);
  if (entry.status === 200 && entry.etag && matches(request.headers.get('if-none-match'), entry.etag)) {
    headers.delete('content-type');
    return new Response(null, { status: 304, headers });
  }
  const body = entry.body === undefined ? null : JSON.stringify(entry.body);
  return new Response(body, { status: entry.status, headers });
}

/**
 * The API's directives with max-age set to what is left of it; always `private`: the handler's
 * answers pass through the app's own origin, never a shared cache that could mix principals.
 */
function browserCacheControl(api: string, freshMs: number): string {
  const kept = api
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => KEPT_DIRECTIVES.test(d));
  return ['private', `max-age=${Math.floor(freshMs / 1000)}`, ...kept].join(', ');
}

/** The API's directives a browser is told again (derived, never copied whole): these and no others. */
const KEPT_DIRECTIVES =
  /^(?:no-cache|must-revalidate|no-transform|immutable|(?:stale-while-revalidate|stale-if-error)=\d{1,9})$/;

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
