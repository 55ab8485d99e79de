/**
 * The handler's options, read here once, checked and given their defaults: a bad option is a
 * typed error at `createCatalogHandler`, never a surprise at the first request. Every part of the
 * handler takes its slice of these settings; nothing reads the options after `settingsOf`.
 */

import {
  type CacheStore,
  type ClientOptions,
  type Coordination,
  InvalidRequestError,
  type Logger,
  memoryCoordination,
  type TokenStore,
  type UserScope,
  type ValidationMode,
} from '../index.js';
import { DAY_MS } from '../internal/day.js';
import { DEFAULT_DAILY_LIMIT } from '../internal/defaults.js';
import type { SlruStoreOptions } from './cache/slru-store.js';
import { type CatalogHandlerOptions, PASSED_CLIENT_OPTIONS, type RequestContext } from './options.js';
import { budgetReadOncePerSecond } from './pacing/budget-reads.js';
import { memorySessionTokens } from './users/session-tokens.js';

export interface Settings {
  /** The options of the one server-side SDK client: the passed-through ones, the credentials, the coordination. */
  clientOptions: ClientOptions;
  coordination: Coordination;
  /** `baseUrl` without its trailing slashes: the API's links are rewritten from it. */
  apiBase: string;
  mount: string;
  now: () => number;
  maxStale: number;
  dailyLimit: number | null;
  reserve: number;
  reserveFloor: number;
  pacing: boolean;
  limits: RequestLimits;
  /** How long a public 404 / 410, or a 422 for a query, is answered from the cache. */
  missingMaxAge: number;
  /** How long a signed-in user's answers are served from that user's cache. */
  userMaxAge: number;
  /** Longest wait of a browser request for the API before the stale answer or a 503. */
  answerWithin: number;
  /** Bits of an IPv6 client address that make one visitor (its network). */
  ipv6Prefix: number;
  /** Public answers say a CDN may keep them (`Cache-Control: public, s-maxage=...`). */
  cdn: boolean;
  /** `strict` (default) refuses an answer that fails its schema. */
  validation: ValidationMode;
  logger: Logger | undefined;
  /** The `cache` option, else the coordination's: shared by every instance. Undefined: the handler's own. */
  sharedCache: CacheStore | undefined;
  /** The default public store's size, from the day's budget (`publicStoreSize`). */
  storeSize: SlruStoreOptions;
  /** The near cache in front of a shared store; `false`: none. */
  nearCache: SlruStoreOptions | false;
  /** The session cookie; its Path is `mount`. */
  cookie: { name: string; secure: boolean; maxAge: number };
  /** The app's origins, given the origin of the request's URL (the default when none are set). */
  origins(origin: string): readonly string[];
  redirectUri: string | undefined;
  scopes: readonly UserScope[];
  /** A user's tokens by session key: the option, else the coordination's shared store, else memory. */
  tokensFor(sessionKey: string): TokenStore;
  shares: Shares;
  visitorKey: VisitorKey;
}

/** Bounds on what a request may send: its query string (characters) and a write's body (bytes). */
export interface RequestLimits {
  maxQueryLength: number;
  maxBodyBytes: number;
}

/** Each visitor's share of the day (visitors.ts), by kind of visitor. */
export interface Shares {
  /** Calls per UTC day one visitor (an account, else a visitor key) may cause. */
  visitor: number;
  /** Calls per UTC day every visitor who is not signed in may cause together. */
  anonymous: number;
  /** Sign-ins (their call learning the account) per UTC day from one visitor key. */
  signIn: number;
  /** Sign-ins per UTC day from every address together: the bound of a flood of them. */
  allSignIns: number;
}

export type VisitorKey = (request: Request, context: RequestContext) => string | undefined;

/** The default visitor key: the address the server gave (never a header a client can set). */
export const byClientAddress: VisitorKey = (_request, context) => context.clientAddress;

const DEFAULT_SCOPES: readonly UserScope[] = ['public', 'favorites', 'notifications'];

export function settingsOf(options: CatalogHandlerOptions): Settings {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'must be an object');
  if (!options.clientId || !options.clientSecret) {
    throw invalid('clientId', 'and clientSecret are needed: the handler holds the application credentials');
  }
  const dailyLimit = options.dailyLimit === undefined ? DEFAULT_DAILY_LIMIT : options.dailyLimit;
  const reserve = nonNegative('reserve', options.reserve ?? (dailyLimit ? Math.round(dailyLimit / 10) : 0));
  const coordination = options.coordination ?? memoryCoordination();
  const mount = mountPathOf(options.mountPath ?? '/api/catalog');
  const storeSize = publicStoreSize(dailyLimit);
  const settings = {
    // A shared budget (Redis) is read for usage() at most once a second, not on every request.
    clientOptions: clientOptionsOf(
      options,
      dailyLimit,
      options.coordination ? budgetReadOncePerSecond(coordination) : coordination,
    ),
    coordination,
    apiBase: String(options.baseUrl).replace(/\/+$/, ''),
    mount,
    now: options.now ?? Date.now,
    maxStale: nonNegative('maxStale', options.maxStale ?? DAY_MS),
    dailyLimit,
    reserve,
    reserveFloor: Math.min(reserve, Math.max(1, Math.ceil(reserve / 10))),
    pacing: options.pacing ?? true,
    limits: {
      maxQueryLength: nonNegative('maxQueryLength', options.maxQueryLength ?? 2048),
      maxBodyBytes: nonNegative('maxBodyBytes', options.maxBodyBytes ?? 1_000_000),
    },
    missingMaxAge: nonNegative('missingMaxAge', options.missingMaxAge ?? 300_000),
    userMaxAge: nonNegative('userMaxAge', options.userMaxAge ?? 60_000),
    answerWithin: positive('answerWithin', options.answerWithin ?? 10_000),
    ipv6Prefix: ipv6PrefixOf(options.ipv6Prefix ?? 56),
    cdn: flag('cdn', options.cdn ?? false),
    validation: options.validation ?? 'strict',
    logger: options.logger,
    sharedCache: options.cache ?? options.coordination?.cache,
    storeSize,
    nearCache: options.nearCache ?? storeSize,
    cookie: {
      name: options.cookie?.name ?? 'catalog_session',
      secure: options.cookie?.secure ?? true,
      maxAge: positiveInteger('cookie.maxAge', options.cookie?.maxAge ?? 30 * 86_400),
    },
    origins: originsOf(options.origin),
    redirectUri: options.redirectUri,
    scopes: options.scopes ?? DEFAULT_SCOPES,
  };
  return {
    ...settings,
    tokensFor: sessionTokens(options, coordination, settings.cookie.maxAge),
    shares: sharesOf(options, dailyLimit),
    visitorKey: options.visitorKey ?? byClientAddress,
  };
}

/** The passed-through client options as given, the day's limit with its default, and the handler's own cache. */
function clientOptionsOf(
  options: CatalogHandlerOptions,
  dailyLimit: number | null,
  coordination: Coordination,
): ClientOptions {
  return {
    ...pick(options, PASSED_CLIENT_OPTIONS),
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    dailyLimit,
    coordination,
    // The handler keeps its own cache (stale serving, pacing); the client sends what it is told.
    cache: false,
  };
}

function pick<T, K extends keyof T>(from: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) picked[name] = from[name];
  return picked;
}

function originsOf(option: string | readonly string[] | undefined): (origin: string) => readonly string[] {
  if (option === undefined) return (origin) => [origin];
  const origins = typeof option === 'string' ? [option] : option;
  return () => origins;
}

/** A user's tokens by session key: the option, else the coordination's shared store, else memory. */
function sessionTokens(
  options: CatalogHandlerOptions,
  coordination: Coordination,
  cookieMaxAge: number,
): (key: string) => TokenStore {
  if (options.tokenStore) return options.tokenStore;
  const shared = coordination.tokenStore?.bind(coordination);
  // A session's tokens outlive its cookie by at most the cookie's lifetime.
  if (shared) return (key) => shared(`session:${key}`, { expireAfterMs: cookieMaxAge * 1000 });
  return memorySessionTokens(nonNegative('maxSessions', options.maxSessions ?? 50_000));
}

/**
 * Visitors' shares: 5% of the day (at least 10 calls) each, enough for a person browsing a shop
 * nothing is cached of yet (40 pages in 20 minutes) and little for a scraper; half of the day for
 * anonymous visitors together. Sign-ins: one visitor's share per address, a fifth of the day in all.
 */
function sharesOf(options: CatalogHandlerOptions, dailyLimit: number | null): Shares {
  const limit = dailyLimit ?? Number.POSITIVE_INFINITY;
  const visitor = nonNegative('visitorShare', options.visitorShare ?? Math.max(10, Math.ceil(limit / 20)));
  // Never less than one visitor's share: a handful of anonymous visitors can always browse.
  const anonymous = nonNegative(
    'anonymousShare',
    options.anonymousShare ?? Math.max(visitor, Math.ceil(limit / 2)),
  );
  const signIn = nonNegative('signInShare', options.signInShare ?? visitor);
  const allSignIns = nonNegative(
    'allSignInsShare',
    options.allSignInsShare ?? Math.max(signIn, Math.ceil(limit / 5)),
  );
  return { visitor, anonymous, signIn, allSignIns };
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

function ipv6PrefixOf(bits: number): number {
  if (!(Number.isInteger(bits) && bits >= 1 && bits <= 128))
    throw invalid('ipv6Prefix', 'must be a whole number of bits, 1 to 128');
  return bits;
}

function mountPathOf(path: string): string {
  if (typeof path !== 'string' || !/^(\/[A-Za-z0-9_.~-]+)+$/.test(path.replace(/\/+$/, ''))) {
    throw invalid('mountPath', 'must be a path such as /api/catalog');
  }
  return path.replace(/\/+$/, '');
}

export function nonNegative(name: string, value: number): number {
  if (typeof value !== 'number' || !(value >= 0)) throw invalid(name, 'must be a number >= 0');
  return value;
}

function positive(name: string, value: number): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    throw invalid(name, 'must be a finite number > 0');
  }
  return value;
}

function flag(name: string, value: boolean): boolean {
  if (typeof value !== 'boolean') throw invalid(name, 'must be true or false');
  return value;
}

export function positiveInteger(name: string, value: number): number {
  if (!(Number.isSafeInteger(value) && value > 0)) throw invalid(name, 'must be a positive integer');
  return value;
}

export function invalid(name: string, why: string): InvalidRequestError {
  return new InvalidRequestError(`createCatalogHandler: ${name} ${why}`, 'InvalidOption', name);
}
