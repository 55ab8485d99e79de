/**
 * The HTTP methods a request may carry, and whether it comes from another site (the front door
 * answers `HEAD`, `OPTIONS` and 405 from the route it matched: front-door.ts).
 */
import type { HeaderReader } from '../answers/prepared.js';

/** The methods a fetch-standard Request can carry (TRACE, TRACK and CONNECT cannot). */
export const FETCH_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

/** Whether a browser says the request comes from another site (a request without Origin does not). */
export function isOtherOrigin(request: { headers: HeaderReader }, origins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  return origin !== null && !origins.includes(origin);
}
