/**
 * Whether a request comes from the app's own pages, as the browser says it (`Sec-Fetch-Site`,
 * else `Origin`): a write must (router), an OPTIONS must not come from another site (front door).
 */
import type { HeaderReader } from './target.js';

/**
 * A write must come from the app's own pages: `Sec-Fetch-Site: same-origin`, or an `Origin` the
 * handler serves. A request that says neither is refused too (browsers send one of them).
 */
export function isSameOrigin(request: { headers: HeaderReader }, origins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('origin');
  return origin !== null && origins.includes(origin);
}

/** Whether a browser says the request comes from another site (a request without Origin does not). */
export function isOtherOrigin(request: { headers: HeaderReader }, origins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  return origin !== null && !origins.includes(origin);
}
