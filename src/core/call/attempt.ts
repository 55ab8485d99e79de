/**
 * One request of a call, as an immutable value: method, URL (never with a token), headers (never
 * with the SDK's token) and body. A call's first attempt is built once; every repeat (a retry, a
 * redirect hop, the replay after a 401, a resend after a rate-limit 403) is a new value made from
 * the last. The token is put on at the last moment, by signed(), after the rate-limit wait.
 */

import type { HttpMethod } from '../../internal/http-method.js';
import type { AccessToken } from '../auth/token.js';
import type { HookRequestKind } from '../observe/hooks.js';
import type { Outgoing } from './transport.js';

export type { HttpMethod };

export interface Attempt {
  readonly method: string;
  /** Absolute URL with its query; the token is never in it. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON text, or undefined. */
  readonly body: string | undefined;
  /** The cached answer's ETag this GET revalidates (sent as `If-None-Match`); a 304 then means unchanged. */
  readonly etag: string | undefined;
  /** Why this request goes (hooks and logs). */
  readonly kind: HookRequestKind;
  /** 1 for the call's first try, 2 for its first retry, and so on (redirects and replays keep it). */
  readonly try: number;
}

/** How the token travels, and the headers every request of the client carries. */
export interface SigningConfig {
  /** The API's origin, as URL parses it: the only one a token is sent to. */
  origin: string;
  tokenTransport: 'header' | 'query';
  vendor: string;
  headers: Readonly<Record<string, string>>;
}

/**
 * One call as the engine runs it: what its first attempt is made from (method, URL, version, body,
 * the call's own headers, the cache's ETag) and what bounds every attempt of it.
 */
export interface Call {
  method: HttpMethod;
  /** Absolute URL with query, no token. */
  url: string;
  version: string;
  body: string | undefined;
  headers: Record<string, string> | undefined;
  /** The cached answer's ETag, sent as `If-None-Match` (GET only). */
  etag: string | undefined;
  /** The token the call read (its principal and scope): the first attempt waits in its window. */
  token: AccessToken;
  signal: AbortSignal | undefined;
  timeout: number;
  maxRetries: number;
  maxRateLimitWait: number;
}

/** The first request of a call: the client's headers, the call's own, `Accept`, and the cache's ETag. */
export function firstAttempt(config: SigningConfig, call: Call): Attempt {
  const headers: Record<string, string> = {
    ...config.headers,
    ...call.headers,
    // The version travels in the media type (the spec's `Accept`).
    accept: `application/vnd.${config.vendor}+json; version=${call.version}`,
  };
  const etag = call.method === 'GET' && call.etag ? call.etag : undefined;
  if (etag) headers['if-none-match'] = etag;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  return { method: call.method, url: call.url, headers, body: call.body, etag, kind: 'first', try: 1 };
}

/** The same request sent again: `retry` counts a new try; a replay or a rate-limit resend does not. */
export function again(attempt: Attempt, kind: 'retry' | 'replay' | 'rate-limit'): Attempt {
  return { ...attempt, kind, try: kind === 'retry' ? attempt.try + 1 : attempt.try };
}

/** The next hop of a redirect: 303 turns the request into a GET without a body. */
export function redirected(attempt: Attempt, status: number, url: string): Attempt {
  if (status !== 303) return { ...attempt, url, kind: 'redirect' };
  const { 'content-type': _, ...headers } = attempt.headers;
  return { ...attempt, method: 'GET', url, headers, body: undefined, kind: 'redirect' };
}

/** The attempt with the headers the `onRequest` hooks left (they never see or set `authorization`). */
export function withHookHeaders(attempt: Attempt, hooked: Headers): Attempt {
  const headers: Record<string, string> = {};
  for (const [name, value] of hooked) headers[name] = value;
  for (const [name, value] of Object.entries(attempt.headers))
    if (name.toLowerCase() === 'authorization') headers[name] = value;
  return { ...attempt, headers };
}

/**
 * What fetch is given: the token where it belongs (`Authorization: Bearer` or the `oauth_token`
 * query param, never both), and only for the API's origin: credentials never go where a redirect
 * points.
 */
export function signed(
  config: SigningConfig,
  attempt: Attempt,
  token: AccessToken,
  wire: Pick<Outgoing, 'signal' | 'timeout' | 'redirect'>,
): Outgoing {
  const headers = { ...attempt.headers };
  const out = (url: string): Outgoing => ({
    method: attempt.method,
    url,
    shownUrl: attempt.url,
    headers,
    body: attempt.body,
    ...wire,
  });
  // An empty token is `auth: 'none'`: the backend the client talks to adds its own credentials.
  if (token.value === '') return out(attempt.url);
  if (new URL(attempt.url).origin !== config.origin) {
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'authorization') delete headers[name];
    return out(attempt.url);
  }
  if (config.tokenTransport === 'query') {
    const withToken = new URL(attempt.url);
    withToken.searchParams.set('oauth_token', token.value);
    return out(withToken.href);
  }
  headers.authorization = `Bearer ${token.value}`;
  return out(attempt.url);
}
