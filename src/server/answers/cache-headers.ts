/**
 * The arithmetic of a kept answer's caching headers: Cache-Control for a browser or a shared
 * cache (the `cdn` option) from the API's directives, its age and the handler's stale window,
 * and If-None-Match against its ETag.
 */
import type { Entry } from '../cache/entries.js';

/**
 * For a CDN: fresh for what is left of the API's max-age (browsers always ask again), or, past it,
 * for as long as the handler itself serves this answer (`heldMs`); then stale while
 * revalidating, or on an error, for what is left of the handler's stale window after that.
 */
export function sharedCacheControl(
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
export function browserCacheControl(api: string, lifetimeMs: number): string {
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
export function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
