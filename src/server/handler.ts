/**
 * `createCatalogHandler`: the backend-for-frontend. One server-side SDK client holds the secret,
 * the application token, users' tokens, the day's budget and the cache; browsers talk to it with
 * no credentials (`createClient({ baseUrl: '/api/catalog', auth: 'none' })`).
 */
import {
  type CacheStore,
  type CatalogClient,
  createClient,
  type DailyUsage,
  InvalidRequestError,
  lruCacheStore,
  memoryCoordination,
  type TokenStore,
  type UserScope,
} from '../index.js';
import { answerFrom, type Entry, readEntry, writeEntry } from './answers.js';
import { type Fetched, failure, fetchGet, type GetSpec } from './fetch-api.js';
import { isSameOrigin, jsonBody, type Limits, pathSegments, queryParams, requestedVersion } from './guard.js';
import type { CatalogHandlerOptions } from './options.js';
import { OverdueAnswers } from './overdue.js';
import { Pacing } from './pacing.js';
import { refusal, secondsUntil } from './respond.js';
import { matchRoute } from './routes.js';
import { type CookieSettings, memorySessionTokens, readCookie, sessionKey } from './sessions.js';
import { authRoute } from './sign-in.js';

export interface CatalogHandler {
  /** Serves one browser request: fetch-standard, as Next.js, Hono, Bun, Deno and Workers call it. */
  (request: Request): Promise<Response>;
  /** The one server-side SDK client (application token), e.g. for server-side rendering. */
  readonly client: CatalogClient;
  /** The calls spent today against the application's budget. */
  usage(): DailyUsage;
  /** Resolves once every background revalidation started so far has ended. */
  idle(): Promise<void>;
}

const DAY_MS = 86_400_000;
const DEFAULT_SCOPES: readonly UserScope[] = ['public', 'favorites', 'notifications'];
/** How long past maxStale the store keeps an answer: its ETag still saves a body then. */
const KEEP_PAST_STALE_MS = 3_600_000;
/** Retry-After when the API fails and nothing says when it is back. */
const RETRY_AFTER_FAILURE_MS = 30_000;

export function createCatalogHandler(options: CatalogHandlerOptions): CatalogHandler {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'must be an object');
  if (!options.clientId || !options.clientSecret) {
    throw invalid('clientId', 'and clientSecret are needed: the handler holds the application credentials');
  }
  const now = options.now ?? Date.now;
  const mount = mountPathOf(options.mountPath ?? '/api/catalog');
  const maxStale = nonNegative('maxStale', options.maxStale ?? DAY_MS);
  const dailyLimit = options.dailyLimit === undefined ? 1000 : options.dailyLimit;
  const reserve = nonNegative('reserve', options.reserve ?? (dailyLimit ? Math.round(dailyLimit / 10) : 0));
  const pacing = options.pacing ?? true;
  const limits: Limits = {
    maxQueryLength: nonNegative('maxQueryLength', options.maxQueryLength ?? 2048),
    maxBodyBytes: nonNegative('maxBodyBytes', options.maxBodyBytes ?? 1_000_000),
  };
  const coordination = options.coordination ?? memoryCoordination();
  const client = createClient({
    baseUrl: options.baseUrl,
    authUrl: options.authUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch,
    apiVersion: options.apiVersion,
    vendor: options.vendor,
    timeout: options.timeout,
    deadline: options.deadline,
    maxRetries: options.maxRetries,
    maxRateLimitWait: options.maxRateLimitWait,
    rateLimit: options.rateLimit,
    dailyLimit,
    logLevel: options.logLevel,
    logger: options.logger,
    hooks: options.hooks,
    headers: options.headers,
    validation: options.validation,
    coordination,
    // The handler keeps its own cache (stale serving, pacing); the client sends what it is told.
    cache: false,
  });
  const apiBase = options.baseUrl.replace(/\/+$/, '');
  const publicCache: CacheStore =
    options.cache ??
    (options.coordination?.cache || lruCacheStore({ maxEntries: 2000, maxBytes: 20_000_000 }));
  const userCache = lruCacheStore({ maxEntries: 2000, maxBytes: 10_000_000 });
  const cookie: CookieSettings = {
    name: options.cookie?.name ?? 'catalog_session',
    secure: options.cookie?.secure ?? true,
    maxAge: positiveInteger('cookie.maxAge', options.cookie?.maxAge ?? 30 * 86_400),
    path: mount,
  };
  const sharedTokens = (coordination as { tokenStore?: unknown }).tokenStore;
  type SharedTokens = (id: string, options: { expireAfterMs: number }) => TokenStore;
  const tokensFor: (key: string) => TokenStore =
    options.tokenStore ??
    (typeof sharedTokens === 'function'
      ? // A session's tokens outlive its cookie by at most the cookie's lifetime.
        (key) =>
          (sharedTokens as SharedTokens).call(coordination, `session:${key}`, {
            expireAfterMs: cookie.maxAge * 1000,
          })
      : memorySessionTokens(nonNegative('maxSessions', options.maxSessions ?? 50_000)));
  const origins = (o: URL): readonly string[] =>
    options.origin === undefined
      ? [o.origin]
      : typeof options.origin === 'string'
        ? [options.origin]
        : options.origin;
  const context = { apiBase, mount, now };

  // One client per signed-in user, kept for a while (a Map in use order).
  const userClients = new Map<string, CatalogClient>();
  const userClient = (key: string): CatalogClient => {
    let found = userClients.get(key);
    if (found) userClients.delete(key);
    else found = client.forUser({ tokenStore: tokensFor(key) });
    userClients.set(key, found);
    if (userClients.size > 1000) userClients.delete(userClients.keys().next().value as string);
    return found;
  };
  const forgetUser = async (key: string): Promise<void> => {
    userClients.delete(key);
    await dropUserAnswers(key);
  };
  const dropUserAnswers = async (key: string): Promise<void> => {
    for (const cached of [...(await userCache.keys())])
      if (cached.startsWith(`u|${key}|`)) await userCache.delete(cached);
  };

  /**
   * A review, vote or flag changes the SKU's public answers (its reviews, its rating): they are
   * fetched again rather than served stale. Public cache keys are `p|version|path?query`.
   */
  const dropPublicAnswers = async (prefix: string): Promise<void> => {
    for (const cached of [...(await publicCache.keys())]) {
      if (cached.startsWith('p|') && (cached.includes(`|${prefix}?`) || cached.includes(`|${prefix}/`))) {
        await publicCache.delete(cached);
      }
    }
  };

  /** The session's store key when the request carries a signed-in session. */
  const signedIn = async (request: Request): Promise<string | undefined> => {
    const id = readCookie(request, cookie.name);
    if (!id) return undefined;
    const key = await sessionKey(id);
    return (await tokensFor(key).get()) ? key : undefined;
  };

  // Identical GETs in flight share one API call; a resource has one revalidation at a time.
  const flights = new Map<string, Promise<Fetched>>();
  const background = new Set<Promise<unknown>>();
  const shared = (key: string, run: () => Promise<Fetched>): Promise<Fetched> => {
    let flight = flights.get(key);
    if (!flight) {
      flight = run().finally(() => flights.delete(key));
      flights.set(key, flight);
    }
    return flight;
  };

  const usage = (): DailyUsage => client.usage();
  /** Public answers being revalidated in the background by this instance. */
  const revalidating = new Set<string>();
  const refresh = (cache: CacheStore, key: string, c: CatalogClient, spec: GetSpec, previous?: Entry) =>
    shared(key, async () => {
      const fetched = await fetchGet(c, spec, previous, context);
      if (fetched.kind === 'entry' && fetched.storable) {
        await writeEntry(cache, key, fetched.entry, maxStale + KEEP_PAST_STALE_MS);
      } else if (fetched.kind === 'api' && previous && (fetched.status === 404 || fetched.status === 410)) {
        // Gone at the API: its last answer must not be served as stale.
        await cache.delete(key);
      }
      return fetched;
    });

  /**
   * A background revalidation, one per resource across every instance sharing the coordination:
   * under its lock, and skipped when another instance has refreshed the entry meanwhile.
   */
  const overdue = new OverdueAnswers(2000);
  const pacer = new Pacing({ reserve, paced: pacing }, overdue);
  const revalidate = (key: string, spec: GetSpec, seenStoredAt: number) =>
    coordination.locks.withLock(`catalog-server:${key}`, async () => {
      const current = await readEntry(publicCache, key);
      if (!current || current.storedAt > seenStoredAt) return;
      const fetched = await refresh(publicCache, key, client, spec, current);
      if (fetched.kind === 'entry') overdue.stored(key, fetched.entry.storedAt, fetched.entry.maxAgeMs);
    });
  /** When pacing allows a call: the most overdue stale answer, revalidated in the background. */
  const revalidateSome = (t: number): void => {
    const due = pacer.next(usage(), revalidating.size, t, (key) => flights.has(key) || revalidating.has(key));
    if (!due) return;
    revalidating.add(due.key);
    const done = revalidate(due.key, due.spec, due.storedAt)
      .catch(() => undefined)
      .finally(() => revalidating.delete(due.key));
    background.add(done);
    void done.finally(() => background.delete(done));
  };

  const servePublic = async (request: Request, key: string, spec: GetSpec): Promise<Response> => {
    const entry = await readEntry(publicCache, key);
    const t = now();
    overdue.view(key, spec, entry?.storedAt ?? 0, entry?.maxAgeMs ?? 0, t);
    if (entry) {
      const age = t - entry.storedAt;
      if (age <= entry.maxAgeMs + maxStale) {
        revalidateSome(t);
        return answerFrom(entry, age < entry.maxAgeMs ? 'hit' : 'stale', request, t);
      }
    }
    const fetched = await refresh(publicCache, key, client, spec, entry);
    if (fetched.kind === 'entry') overdue.stored(key, fetched.entry.storedAt, fetched.entry.maxAgeMs);
    // The application token failing is the server's trouble, not the browser's sign-in.
    return fromFetched(request, fetched.kind === 'unauthorized' ? unavailable() : fetched, entry);
  };

  const serveUser = async (request: Request, key: string, user: string, spec: GetSpec): Promise<Response> => {
    const entry = await readEntry(userCache, key);
    const t = now();
    if (entry && t - entry.storedAt < entry.maxAgeMs) return answerFrom(entry, 'hit', request, t);
    const fetched = await refresh(userCache, key, userClient(user), spec, entry);
    return fromFetched(request, fetched, entry);
  };

  /** The browser's answer to a fetch: the entry, the API's own error, or stale / 503. */
  const fromFetched = async (
    request: Request,
    fetched: Fetched,
    stale: Entry | undefined,
  ): Promise<Response> => {
    const t = now();
    switch (fetched.kind) {
      case 'entry':
        return answerFrom(fetched.entry, fetched.revalidated ? 'revalidated' : 'miss', request, t);
      case 'api':
        return passOn(fetched.status, fetched.body);
      case 'unauthorized':
        return notSignedIn('The sign-in has expired: sign in again');
      case 'unavailable':
        return staleOr503(request, fetched, stale, t);
    }
  };

  const staleOr503 = (
    request: Request,
    fetched: Extract<Fetched, { kind: 'unavailable' }>,
    stale: Entry | undefined,
    t: number,
  ): Response => {
    if (stale && t - stale.storedAt <= stale.maxAgeMs + maxStale)
      return answerFrom(stale, 'stale', request, t);
    return unavailableAnswer(fetched, t);
  };

  const unavailableAnswer = (fetched: Extract<Fetched, { kind: 'unavailable' }>, t: number): Response => {
    if (fetched.budget) {
      const resetsAt = fetched.retryAt ?? usage().resetsAt.getTime();
      return refusal(
        503,
        'DailyLimitExceeded',
        `The application's daily budget of API calls is spent and no stored answer can stand in; it starts again at ${new Date(resetsAt).toISOString()}`,
        // X-Daily-Limit marks the refusal for the SDK in the browser: DailyLimitError, not retried.
        { 'retry-after': secondsUntil(resetsAt, t), 'x-daily-limit': String(usage().limit ?? 0) },
      );
    }
    const retryAt = fetched.retryAt ?? t + RETRY_AFTER_FAILURE_MS;
    return refusal(
      503,
      'ServiceUnavailable',
      'The catalog API cannot be reached now and no stored answer can stand in',
      {
        'retry-after': secondsUntil(retryAt, t),
      },
    );
  };

  // A write for one user: sent with the user's token.
  const write = async (
    request: Request,
    user: string,
    route: { method: string },
    spec: GetSpec,
    segments: readonly string[],
  ): Promise<Response> => {
    const parsed = await jsonBody(request, limits);
    if (parsed instanceof Response) return parsed;
    try {
      const { data, response } = await userClient(user)
        .request(
          { method: route.method as 'POST', path: spec.path, query: spec.query, body: parsed.body },
          { apiVersion: spec.version },
        )
        .withResponse();
      await dropUserAnswers(user);
      if (segments[0] === 'skus') await dropPublicAnswers(`${mount}/skus/${segments[1]}`);
      if (route.method === 'DELETE' && spec.path === '/user/logout') {
        await tokensFor(user).set(undefined);
        await forgetUser(user);
      }
      return passOn(response.status, data, response.headers.get('content-type'));
    } catch (error) {
      const fetched = failure(error);
      if (fetched.kind === 'api') return passOn(fetched.status, fetched.body);
      if (fetched.kind === 'unauthorized') return notSignedIn('The sign-in has expired: sign in again');
      return unavailableAnswer(fetched, now());
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return refusal(400, 'InvalidPath', 'The request URL cannot be read');
    }
    const segments = pathSegments(url, mount);
    if (segments === undefined) return notServed();
    if (segments instanceof Response) return segments;
    if (segments[0] === 'auth') {
      return authRoute(request, url, segments, {
        client,
        cookie,
        mount,
        origins: origins(url),
        redirectUri: options.redirectUri,
        scopes: options.scopes ?? DEFAULT_SCOPES,
        tokensFor,
        userClient,
        forgetUser,
        signedIn,
      });
    }
    const route = matchRoute(request.method, segments);
    if (!route) return notServed();
    const query = queryParams(url, limits);
    if (query instanceof Response) return query;
    const write_ = route.method !== 'GET';
    if (write_ && !isSameOrigin(request, origins(url))) {
      return refusal(
        403,
        'CrossSiteRequest',
        'A write must come from a page of this site (Origin or Sec-Fetch-Site)',
      );
    }
    const user = route.user ? await signedIn(request) : undefined;
    if (route.user && !user) return notSignedIn('This endpoint needs a signed-in user: sign in first');
    const spec: GetSpec = { path: `/${segments.join('/')}`, query, version: requestedVersion(request) };
    if (write_) return write(request, user as string, route, spec, segments);
    const key = cacheKeyOf(request, url);
    return user ? serveUser(request, `u|${user}|${key}`, user, spec) : servePublic(request, `p|${key}`, spec);
  };

  const handler = async (request: Request): Promise<Response> => {
    try {
      return await handle(request);
    } catch (error) {
      // Never the error's text: it may name the API's URL or echo input.
      options.logger?.error?.(
        `price-catalog/server: the handler failed (${(error as Error)?.name ?? 'error'})`,
      );
      return refusal(500, 'HandlerError', 'The catalog handler failed');
    }
  };
  return Object.assign(handler, {
    client,
    usage,
    idle: async () => {
      while (background.size > 0) await Promise.all([...background]);
    },
  });
}

/** The cache key of a GET: version, path and the query in a stable order. */
function cacheKeyOf(request: Request, url = new URL(request.url)): string {
  const pairs = [...url.searchParams].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  );
  return `${requestedVersion(request) ?? ''}|${url.pathname}?${new URLSearchParams(pairs).toString()}`;
}

function passOn(status: number, body: unknown, contentType?: string | null): Response {
  if (status === 204 || body === undefined || body === null) {
    return new Response(null, { status, headers: { 'cache-control': 'no-store' } });
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType ?? 'application/json', 'cache-control': 'no-store' },
  });
}

function unavailable(): Fetched {
  return { kind: 'unavailable', budget: false, retryAt: undefined };
}

function notSignedIn(message: string): Response {
  return refusal(401, 'NotSignedIn', message);
}

function notServed(): Response {
  return refusal(404, 'NotServed', "This handler serves the API's documented endpoints only");
}

function mountPathOf(path: string): string {
  if (typeof path !== 'string' || !/^(\/[A-Za-z0-9_.~-]+)+$/.test(path.replace(/\/+$/, ''))) {
    throw invalid('mountPath', 'must be a path such as /api/catalog');
  }
  return path.replace(/\/+$/, '');
}

function nonNegative(name: string, value: number): number {
  if (typeof value !== 'number' || !(value >= 0)) throw invalid(name, 'must be a number >= 0');
  return value;
}

function positiveInteger(name: string, value: number): number {
  if (!(Number.isSafeInteger(value) && value > 0)) throw invalid(name, 'must be a positive integer');
  return value;
}

function invalid(name: string, why: string): InvalidRequestError {
  return new InvalidRequestError(`createCatalogHandler: ${name} ${why}`, 'InvalidOption', name);
}
