import { networkFailure } from '../call/network-failure.js';
import { parseRateLimit } from '../call/rate-limit.js';
import { abortable } from '../call/signal.js';
import { ConnectionError, isRecord, TokenError } from '../errors.js';
import { traceToken } from '../observe/diagnostics.js';
import type { Log } from '../observe/logger.js';
import type { AppTokenStore } from '../stores/coordination.js';
import {
  type AccessToken,
  fingerprint,
  isFresh,
  isTokenValue,
  type TokenInput,
  type TokenProvider,
  toAccessToken,
} from './token.js';

/** A token provider that can forget its token. */
export interface TokenCache extends TokenProvider {
  /** Forgets the token (a new sign-in, a sign-out): the next get() asks for one. */
  clear(): void;
}

/**
 * Holds one token and the one request that replaces it. Written here rather than taken from a
 * package: the single-flight and "renew only if the failed token is still the current one" rules
 * are a few lines and specific to OAuth replay.
 */
export function tokenCache(fetchToken: (force: boolean) => Promise<AccessToken>): TokenCache {
  let cached: AccessToken | undefined;
  let inflight: Promise<AccessToken> | undefined;
  let forceNext = false;
  const get = (signal?: AbortSignal): Promise<AccessToken> => {
    if (cached && isFresh(cached)) return Promise.resolve(cached);
    if (!inflight) {
      const force = forceNext;
      forceNext = false;
      inflight = fetchToken(force).then(
        (token) => {
          cached = token;
          inflight = undefined;
          return token;
        },
        (error: unknown) => {
          inflight = undefined;
          throw error;
        },
      );
    }
    return abortable(inflight, signal);
  };
  return {
    get,
    clear: () => {
      cached = undefined;
    },
    async renew(failed, signal) {
      if (cached?.value === failed.value) {
        cached = undefined;
        forceNext = true;
      }
      const next = await get(signal);
      return next.value === failed.value ? undefined : next;
    },
  };
}

export function staticTokenProvider(token: string): TokenProvider {
  return tokenCache(async () => toAccessToken(token));
}

export function callbackTokenProvider(
  getToken: (context: { forceRefresh: boolean }) => TokenInput | Promise<TokenInput>,
): TokenProvider {
  return tokenCache(async (forceRefresh) => toAccessToken(await getToken({ forceRefresh })));
}

export interface ClientCredentials {
  /** Checked by the client: absolute http(s), without a trailing slash. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** Where each token request and its answer are logged, at debug (URL, status, time; never their body). */
  log?: Log | undefined;
}

/**
 * Application token: POST {authUrl}/oauth2/token with grant_type=client_credentials, scope=public.
 * The token lives in the AppTokenStore of the client's coordination, shared by every client of the
 * application (one token request at a time across them); this provider keeps the last one it saw
 * while it is fresh, so a call asks the store only for a new one.
 */
export function clientCredentialsProvider(
  credentials: ClientCredentials,
  store: AppTokenStore,
  app: string,
): TokenProvider {
  const obtain = async (): Promise<AccessToken> => {
    const answer = await requestToken(credentials, {
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      scope: 'public',
    });
    // The grant asks for `public` only; an answer that names no scope granted just that.
    return toAccessToken({ scope: 'public', ...answer }, `client:${fingerprint(credentials.clientId)}`);
  };
  let local: AccessToken | undefined;
  const remember = (token: AccessToken): AccessToken => {
    local = token;
    return token;
  };
  return {
    get(signal) {
      if (local && isFresh(local)) return Promise.resolve(local);
      return abortable(store.get(app, obtain).then(remember), signal);
    },
    async renew(failed, signal) {
      local = undefined;
      const next = await abortable(store.get(app, obtain, failed).then(remember), signal);
      return next.value === failed.value ? undefined : next;
    },
  };
}

/**
 * Posts a form to the token endpoint and returns its JSON answer, or throws a TokenError.
 *
 * The form carries `client_secret` (and a `refresh_token` or an authorization `code`), so it is
 * sent to the token endpoint and nowhere else: `redirect: 'manual'`, and any redirect answer (a
 * 3xx, a browser's `opaqueredirect`, or a fetch that followed one anyway) is a TokenError naming
 * the status and the Location's origin. Nothing is re-sent and no token is taken from elsewhere.
 */
export function requestToken(
  credentials: Pick<ClientCredentials, 'authUrl' | 'fetch' | 'log'>,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  const url = `${credentials.authUrl}/oauth2/token`;
  return traceToken(form.grant_type ?? 'unknown', url, () => postTokenForm(credentials, url, form));
}

type TokenAnswer = { access_token: string; expires_in?: number; scope?: string; refresh_token?: string };

async function postTokenForm(
  { fetch, log }: Pick<ClientCredentials, 'fetch' | 'log'>,
  url: string,
  form: Record<string, string>,
): Promise<TokenAnswer> {
  log?.debug?.(`--> POST ${url} (token request)`);
  const sentAt = Date.now();
  // The answer's status, or the name of what fetch threw.
  let outcome = 'Error';
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    outcome = String(response.status);
  } catch (cause) {
    if (cause instanceof Error) outcome = cause.name;
    const why = networkFailure(cause);
    throw new ConnectionError(`Could not reach the token endpoint ${url}${why ? `: ${why}` : ''}`, { cause });
  } finally {
    log?.debug?.(`<-- ${outcome} POST ${url} ${Date.now() - sentAt} ms (token request)`);
  }
  if (isRedirect(response)) {
    // The body is not read: whatever the redirecting server wrote stays out of the error.
    void response.body?.cancel().catch(() => undefined);
    throw new TokenError({
      status: response.status,
      method: 'POST',
      url,
      headers: response.headers,
      body: undefined,
      rateLimit: parseRateLimit(response.headers),
      redirect: { location: locationOrigin(response, url), followed: response.redirected === true },
    });
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's page): keep the text for the error.
  }
  if (!response.ok || !isRecord(body) || !isTokenValue(body.access_token)) {
    throw new TokenError({
      status: response.ok ? 502 : response.status,
      method: 'POST',
      url,
      headers: response.headers,
      // A token it cannot use may still be a real one: neither it nor a refresh token stays in the error.
      body: isRecord(body) ? withoutTokens(body) : body,
      rateLimit: parseRateLimit(response.headers),
      unusable: response.ok,
    });
  }
  return body as TokenAnswer;
}

function withoutTokens(body: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...body };
  for (const key of ['access_token', 'refresh_token'])
    if (typeof copy[key] === 'string') copy[key] = '[redacted]';
  return copy;
}

/** A redirect answer: 3xx (Node), `opaqueredirect` (browsers, status 0), or one a fetch followed. */
function isRedirect(response: Response): boolean {
  return (
    (response.status >= 300 && response.status < 400) ||
    response.type === 'opaqueredirect' ||
    response.redirected === true
  );
}

/** Only the origin of where the redirect pointed: never its path or query, which may hold secrets. */
function locationOrigin(response: Response, base: string): string {
  if (response.type === 'opaqueredirect') return 'not visible (opaque redirect)';
  const location = response.redirected ? response.url : response.headers.get('location');
  if (!location) return 'none given';
  try {
    const origin = new URL(location, base).origin;
    return origin === 'null' ? 'an origin-less URL' : origin;
  } catch {
    return 'an unparseable Location';
  }
}
