import type { Answer } from '../answers/answer.js';
/**
 * The headers every answer of the handler carries, set in this one place: the handler applies
 * `secured()` to each Response it returns, and the Node adapter writes `SECURITY_HEADERS` on the
 * answers it makes itself. An answer is JSON data, never a page: nothing in it may run, be framed
 * or be sniffed into markup (docs/frontend.md, "Running it on the internet").
 */

/** On every answer: hits, misses, refusals, 304s, HEAD, OPTIONS, redirects. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** On redirects (the sign-in's): the page's URL, or the API's authorization URL, goes to no one. */
export const REDIRECT_HEADERS: Readonly<Record<string, string>> = { 'referrer-policy': 'no-referrer' };

/** The one JSON media type the handler answers with; never the upstream's. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An answer of the front door with the security headers set: a Response here; the parts of a kept
 * answer already carry them (`answerParts` writes `securityPairs`), so a hit allocates nothing more.
 */
export function securedAnswer(answer: Answer): Answer {
  return answer instanceof Response ? secured(answer) : answer;
}

/** The security headers as header pairs, for an answer the handler writes from parts. */
export function securityPairs(status: number): readonly (readonly [string, string])[] {
  return status >= 300 && status < 400 ? REDIRECT_PAIRS : SECURED_PAIRS;
}

const SECURED_PAIRS = Object.entries(SECURITY_HEADERS);
const REDIRECT_PAIRS = [...SECURED_PAIRS, ...Object.entries(REDIRECT_HEADERS)];

/** `response` with the security headers set (in place when its headers can change, else a copy). */
export function secured(response: Response): Response {
  const extra = response.status >= 300 && response.status < 400 ? REDIRECT_HEADERS : undefined;
  try {
    setAll(response.headers, extra);
    return response;
  } catch {
    // Immutable headers (a Response.redirect or a fetched one): a copy with its own headers.
    const headers = new Headers(response.headers);
    setAll(headers, extra);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

function setAll(headers: Headers, extra: Readonly<Record<string, string>> | undefined): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) headers.set(name, value);
  if (extra) for (const [name, value] of Object.entries(extra)) headers.set(name, value);
}
