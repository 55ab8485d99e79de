/**
 * Stage: auth. How the token travels (`Authorization: Bearer` or the `oauth_token` query param,
 * never both, and never to another origin) and the one replay after a 401 with a renewed token.
 * Where tokens come from is src/core/auth.ts (providers) and src/core/user-auth.ts.
 */
import type { AccessToken, TokenProvider } from './auth.js';
import { acceptHeader } from './version.js';

export interface AuthConfig {
  origin: string;
  tokenTransport: 'header' | 'query';
  vendor: string;
  headers: Record<string, string>;
}

/** The request headers and the URL to fetch, with the token where it belongs (same origin only). */
export function authorize(
  config: AuthConfig,
  token: AccessToken,
  url: string,
  version: string,
  extra: Record<string, string> | undefined,
): { url: string; headers: Record<string, string> } {
  const headers: Record<string, string> = extra
    ? { ...config.headers, ...extra, accept: acceptHeader(config.vendor, version) }
    : { ...config.headers, accept: acceptHeader(config.vendor, version) };
  // An empty token is `auth: 'none'`: nothing to send.
  if (token.value !== '' && sameOrigin(url, config.origin)) {
    if (config.tokenTransport === 'query') {
      const withToken = new URL(url);
      withToken.searchParams.set('oauth_token', token.value);
      return { url: withToken.href, headers };
    }
    headers.authorization = `Bearer ${token.value}`;
    return { url, headers };
  }
  // Credentials are for the API's origin only, never for where a redirect points.
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
  return { url, headers };
}

/** `url` is absolute; a prefix test is enough when the next character ends the origin. */
function sameOrigin(url: string, origin: string): boolean {
  if (!url.startsWith(origin)) return false;
  const next = url.charAt(origin.length);
  return next === '' || next === '/' || next === '?' || next === '#';
}

/**
 * After the first 401: a different token to replay with, or undefined (a static token, or the
 * provider gave the same one back). Only one replay per call (the caller keeps that count).
 */
export function replayToken(
  tokens: TokenProvider,
  failed: AccessToken,
  signal: AbortSignal | undefined,
): Promise<AccessToken | undefined> {
  return tokens.renew(failed, signal);
}
