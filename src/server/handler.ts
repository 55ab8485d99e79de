/**
 * `createCatalogHandler`: the backend-for-frontend. One server-side SDK client holds the secret,
 * the application token, users' tokens, the day's budget and the cache; browsers talk to it with
 * no credentials (`createClient({ baseUrl: '/api/catalog', auth: 'none' })`). This file wires
 * the parts: the router, the public cache, users' calls, sign-in and visitors' shares.
 */
import {
  type CacheStore,
  type CatalogClient,
  createClient,
  type DailyUsage,
  lruCacheStore,
  memoryCoordination,
  type TokenStore,
  type UserScope,
} from '../index.js';
import { Outcomes } from './answers/outcomes.js';
import { type Answer, FRONT_DOOR, isThenable, type Maybe, toResponse } from './answers/prepared.js';
import { refusal } from './answers/respond.js';
import { PublicCache } from './cache/public-cache.js';
import { type SlruStoreOptions, slruCacheStore } from './cache/slru-store.js';
import { MemoryViewCounts } from './cache/view-counts.js';
import { frontDoor } from './http/front-door.js';
import { securedAnswer } from './http/security-headers.js';
import type { Target } from './http/target.js';
import { targetOf } from './http/target.js';
import type { CatalogHandlerOptions } from './options.js';
import { OneOffCalls } from './pacing/one-offs.js';
import { OwnCalls } from './pacing/own-calls.js';
import { nonNegative, positiveInteger, settingsOf } from './settings.js';
import { Flights } from './upstream/flights.js';
import { accounts } from './users/accounts.js';
import { type CookieSettings, memorySessionTokens, readCookie, sessionKey } from './users/sessions.js';
import type { SignInContext } from './users/sign-in.js';
import { memoryUsedMarks } from './users/used-marks.js';
import { UserCalls } from './users/user-calls.js';
import { memoryVisitorCounts } from './visitors/visitor-counts.js';
import { byClientAddress, type RequestContext, VisitorShares } from './visitors/visitors.js';

export interface CatalogHandler {
  /**
   * Serves one browser request: fetch-standard, as Next.js, Hono, Bun, Deno and Workers call it.
   * `context.clientAddress` (the client's address, as `toNodeHandler` passes it) is the default
   * visitor key of the visitor shares.
   */
  (request: Request, context?: RequestContext): Promise<Response>;
  /** The one server-side SDK client (application token), e.g. for server-side rendering. */
  readonly client: CatalogClient;
  /** The calls spent today against the application's budget. */
  usage(): DailyUsage;
  /** Resolves once every call still going on without a request waiting for it has ended. */
  idle(): Promise<void>;
}

const DEFAULT_SCOPES: readonly UserScope[] = ['public', 'favorites', 'notifications'];
/** A sign-in's state and code stay spent this long: longer than any authorization code lives. */
const USED_SIGN_IN_MS = 3_600_000;

export function createCatalogHandler(options: CatalogHandlerOptions): CatalogHandler {
  const settings = settingsOf(options);
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
    dailyLimit: settings.dailyLimit,
    logLevel: options.logLevel,
    logger: options.logger,
    hooks: options.hooks,
    headers: options.headers,
    validation: options.validation,
    coordination,
    // The handler keeps its own cache (stale serving, pacing); the client sends what it is told.
    cache: false,
  });
  const usage = (): DailyUsage => client.usage();
  const sharedCache = options.cache ?? options.coordination?.cache;
  const publicStore: CacheStore = sharedCache || slruCacheStore(publicStoreSize(settings.dailyLimit));
  // Users' answers are shared by instances when the public ones are; else kept apart, smaller.
  const userStore: CacheStore = sharedCache || lruCacheStore({ maxEntries: 2000, maxBytes: 10_000_000 });
  const cookie: CookieSettings = {
    name: options.cookie?.name ?? 'catalog_session',
    secure: options.cookie?.secure ?? true,
    maxAge: positiveInteger('cookie.maxAge', options.cookie?.maxAge ?? 30 * 86_400),
    path: settings.mount,
  };
  const people = accounts(sessionTokens(options, coordination, cookie));
  const { tokensFor, accountOf } = people;
  const origins = (origin: string): readonly string[] =>
    options.origin === undefined
      ? [origin]
      : typeof options.origin === 'string'
        ? [options.origin]
        : options.origin;
  // Without a shared markUsed (memoryCoordination, or one of your own): remembered in this process.
  const markUsed = coordination.markUsed?.bind(coordination) ?? memoryUsedMarks();
  /** The session's store key when the request carries a signed-in session (one of a known account). */
  const signedIn = async (request: Request): Promise<string | undefined> => {
    const id = readCookie(request, cookie.name);
    if (!id) return undefined;
    const key = await sessionKey(id);
    return (await accountOf(key)) !== undefined ? key : undefined;
  };

  const flights = new Flights();
  const outcomes = new Outcomes(usage, settings.maxStale, settings.mount);
  const fetchContext = {
    apiBase: options.baseUrl.replace(/\/+$/, ''),
    mount: settings.mount,
    now: settings.now,
    validation: options.validation ?? 'strict',
    logger: options.logger,
  };
  const oneOffs = new OneOffCalls();
  const ownCalls = new OwnCalls();
  const publicCache = new PublicCache({
    settings,
    store: publicStore,
    client,
    locks: coordination.locks,
    flights,
    outcomes,
    fetchContext,
    usage,
    viewCounts: coordination.viewCounts ?? new MemoryViewCounts(),
    oneOffs,
    ownCalls,
    sharedStore: Boolean(sharedCache),
  });
  const userCalls = new UserCalls({
    settings,
    store: userStore,
    client,
    tokensFor,
    flights,
    outcomes,
    publicCache,
    fetchContext,
    onCall: (key) => ownCalls.call(usage().day, key),
  });
  const visitors = new VisitorShares({
    counts: coordination.visitors ?? memoryVisitorCounts(),
    shares: sharesOf(options, settings.dailyLimit),
    visitorKey: options.visitorKey ?? byClientAddress,
    ipv6Prefix: settings.ipv6Prefix,
    accountOf,
    now: settings.now,
    usage,
  });
  const parts = {
    settings,
    origins,
    signedIn,
    publicCache,
    userCalls,
    visitors,
    signIn: (url: URL, request: Request, context: RequestContext): SignInContext => ({
      client,
      cookie,
      mount: settings.mount,
      origins: origins(url.origin),
      redirectUri: options.redirectUri,
      scopes: options.scopes ?? DEFAULT_SCOPES,
      tokensFor,
      userClient: (key: string) => userCalls.clientFor(key),
      forgetUser: (key: string) => userCalls.forget(key),
      signedIn,
      markUsed: (key: string) => markUsed(`catalog-server:${key}`, USED_SIGN_IN_MS),
      chargeSignIn: visitors.signInCharge(request, context),
      chargeSignOut: (key: string) => visitors.signOutCharge(key),
      learnAccount: async (key: string) => {
        oneOffs.add(usage().day);
        ownCalls.signIn(usage().day, key);
        const { id } = await userCalls.clientFor(key).user.get();
        // Whatever `validation` says: a person without a usable id would share one account with others.
        if (!(Number.isSafeInteger(id) && id > 0))
          throw new Error('price-catalog/server: the API gave no user id');
        await people.setAccount(key, String(id));
      },
    }),
  };

  const door = frontDoor({ ...parts, logger: options.logger });
  // Every answer, whichever part made it, leaves with the security headers.
  const open = (target: Target): Maybe<Answer> => {
    const answer = door(target);
    return isThenable(answer) ? Promise.resolve(answer).then(securedAnswer) : securedAnswer(answer);
  };
  const handler = async (request: Request, context: RequestContext = {}): Promise<Response> => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return toResponse(securedAnswer(refusal(400, 'InvalidPath', 'The request URL cannot be read')));
    }
    return toResponse(await open(targetOf(request, url, context)));
  };
  // The node adapter opens the same door without building a Request (node.ts).
  Object.defineProperty(handler, FRONT_DOOR, { value: open });
  return Object.assign(handler, { client, usage, idle: () => flights.idle() });
}

/** A user's tokens by session key: the option, else the coordination's shared store, else memory. */
function sessionTokens(
  options: CatalogHandlerOptions,
  coordination: object,
  cookie: CookieSettings,
): (key: string) => TokenStore {
  if (options.tokenStore) return options.tokenStore;
  const shared = (coordination as { tokenStore?: unknown }).tokenStore;
  type SharedTokens = (id: string, options: { expireAfterMs: number }) => TokenStore;
  if (typeof shared === 'function') {
    // A session's tokens outlive its cookie by at most the cookie's lifetime.
    return (key) =>
      (shared as SharedTokens).call(coordination, `session:${key}`, { expireAfterMs: cookie.maxAge * 1000 });
  }
  return memorySessionTokens(nonNegative('maxSessions', options.maxSessions ?? 50_000));
}

/** Visitors' shares: 1% of the day (at least 10 calls) each, half of it for anonymous visitors together. */
function sharesOf(options: CatalogHandlerOptions, dailyLimit: number | null) {
  const limit = dailyLimit ?? Number.POSITIVE_INFINITY;
  const visitor = nonNegative('visitorShare', options.visitorShare ?? Math.max(10, Math.ceil(limit / 100)));
  // Never less than one visitor's share: a handful of anonymous visitors can always browse.
  const anonymous = nonNegative(
    'anonymousShare',
    options.anonymousShare ?? Math.max(visitor, Math.ceil(limit / 2)),
  );
  return { visitor, anonymous };
}

/**
 * The default public store holds every answer the day's budget can fetch, twice over (a call
 * fetches at most one new answer): 2 x dailyLimit answers (500 to 20,000; 2,000 without a
 * limit), 25 KB each on average (20 MB to 100 MB).
 */
export function publicStoreSize(dailyLimit: number | null): SlruStoreOptions {
  const maxEntries = dailyLimit === null ? 2000 : Math.min(20_000, Math.max(500, 2 * dailyLimit));
  return { maxEntries, maxBytes: Math.min(100_000_000, Math.max(20_000_000, maxEntries * 25_000)) };
}
