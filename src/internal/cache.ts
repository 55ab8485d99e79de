/**
 * `Cache-Control` as the SDK reads it, shared by the core's cache and the entries that keep answers
 * (the handler, the Redis store, the exporter's disk cache): its directives and the two rules of
 * how long an answer is kept, the client's and the handler's.
 */

const MAX_AGE = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?/i;

/**
 * The directives of a `Cache-Control` value that decide storing, each read as a whole directive
 * (`x-no-store` is not `no-store`): `maxAge` in seconds, undefined when absent.
 */
export function cacheDirectives(cacheControl: string): {
  noStore: boolean;
  noCache: boolean;
  maxAge: number | undefined;
} {
  const seconds = MAX_AGE.exec(cacheControl)?.[1];
  return {
    noStore: /(?:^|,)\s*no-store\b/i.test(cacheControl),
    noCache: /(?:^|,)\s*no-cache\b/i.test(cacheControl),
    maxAge: seconds === undefined ? undefined : Number(seconds),
  };
}

/**
 * The SDK cache's rule: how long (ms) an answer may be served without asking; undefined when it
 * must not be kept (`no-store`, or nothing to revalidate it with: max-age 0 and no ETag).
 */
export function storableMaxAge(headers: Headers): number | undefined {
  const { noStore, noCache, maxAge } = cacheDirectives(headers.get('cache-control') ?? '');
  if (noStore) return undefined;
  const seconds = noCache ? 0 : (maxAge ?? 0);
  if (seconds === 0 && !headers.get('etag')) return undefined;
  return seconds * 1000;
}

/**
 * The handler's rule: max-age in ms (0 when absent, at most a year), or undefined for `no-store`.
 * Unlike storableMaxAge, an answer without an ETag is kept too: the handler keeps its own 404s and
 * serves stale answers, which the SDK's cache never does.
 */
export function handlerMaxAge(cacheControl: string): number | undefined {
  const { noStore, maxAge } = cacheDirectives(cacheControl);
  if (noStore) return undefined;
  return maxAge === undefined ? 0 : Math.min(maxAge, 31_536_000) * 1000;
}
