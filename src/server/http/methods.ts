/**
 * The HTTP methods a request may carry (the front door answers `HEAD`, `OPTIONS` and 405 from the
 * route it matched: front-door.ts).
 */

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
