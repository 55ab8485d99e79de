/**
 * A client's options: what createClient takes, and what they resolve to with every default given
 * (the one place of the defaults: src/internal/defaults.ts) and every value checked, before any
 * part of the client is made.
 */
import type { TokenInput } from '../core/auth/token.js';
import { fingerprint } from '../core/auth/token.js';
import type { TokenStore, UserTokens } from '../core/auth/user-auth.js';
import type { SigningConfig } from '../core/call/attempt.js';
import type { EngineConfig } from '../core/call/engine.js';
import type { OnRateLimit } from '../core/call/rate-limit.js';
import type { ValidationMode } from '../core/call/validate.js';
import { InvalidRequestError } from '../core/errors.js';
import { type HookRunner, type Hooks, hookList, hookRunner } from '../core/observe/hooks.js';
import { createLog, type Log, type Logger, type LogLevel } from '../core/observe/logger.js';
import { checkClientOptions } from '../core/options.js';
import { type CacheStore, cacheStoreOf, type LruStoreOptions } from '../core/stores/cache.js';
import type { Coordination } from '../core/stores/coordination.js';
import { memoryCoordination } from '../core/stores/memory.js';
import { checkNames } from '../core/unknown-names.js';
import { type ApiVersion, normalizeApiVersion } from '../core/version.js';
import {
  DEFAULT_API_VERSION,
  DEFAULT_DAILY_LIMIT,
  DEFAULT_MAX_RATE_LIMIT_WAIT,
  DEFAULT_MAX_RETRIES,
  DEFAULT_RATE_LIMIT,
  DEFAULT_TIMEOUT,
  DEFAULT_TOKEN_TRANSPORT,
  DEFAULT_VALIDATION,
  DEFAULT_VENDOR,
} from '../internal/defaults.js';
import { isServerRuntime } from '../internal/server-runtime.js';
import { CLIENT_OPTION_NAMES, unsetOption } from './option-names.js';

export interface ClientOptions {
  /**
   * Root of the API, e.g. `https://api.example.com` (paths such as `/categories` are appended).
   * Typed to take `process.env.PRICE_CATALOG_BASE_URL` as it is: undefined is refused at run time.
   */
  baseUrl: string | undefined;
  /** Root of the OAuth server; the token endpoint is `{authUrl}/oauth2/token`. Needed with clientId/clientSecret. */
  authUrl?: string | undefined;
  /** Application credentials: the SDK gets and renews an application token itself (client credentials grant). */
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  /** A fixed access token, e.g. one your backend handed to the browser. */
  token?: string | undefined;
  /**
   * `'none'`: send no credentials, for a browser talking to the app's own backend
   * (`price-catalog/server`), which holds the secret, the tokens and the daily budget:
   * `createClient({ baseUrl: '/api/catalog', auth: 'none' })` (a path `baseUrl` is taken on the
   * page's origin). Not with `token`, `getToken` or `clientId`.
   */
  auth?: 'none' | undefined;
  /**
   * Called for a token when the SDK needs one, and again with `forceRefresh: true` after a 401.
   * For apps whose backend holds the client secret.
   */
  getToken?: ((context: { forceRefresh: boolean }) => TokenInput | Promise<TokenInput>) | undefined;
  /** API version sent in the Accept header: `3`, `3.0`, `3.1` or `3.2` (default). */
  apiVersion?: ApiVersion | undefined;
  /** The vendor word of the Accept media type: `application/vnd.<vendor>+json`. Default `skroutz`. */
  vendor?: string | undefined;
  /** Send the token as `Authorization: Bearer` (default) or as the `oauth_token` query param. Never both. */
  tokenTransport?: 'header' | 'query' | undefined;
  /**
   * A fetch implementation, e.g. the sandbox's `fetch`. Default: the global fetch. The `signal`
   * it is given may be given again to a later request of this client, once the earlier one has
   * ended: never to two requests in flight at once, never once it has aborted.
   */
  fetch?: typeof fetch | undefined;
  /** Milliseconds to wait for an answer to one attempt; 0 or Infinity waits forever. Default 30 000. */
  timeout?: number | undefined;
  /** Response validation: `strict` (default) throws ResponseValidationError, `warn` logs, `off` skips. */
  validation?: ValidationMode | undefined;
  /**
   * What the SDK logs: `off`, `error`, `warn` (default), `info` (retries and waits) or `debug` (a
   * line per request and answer). Default: the `PRICE_CATALOG_LOG` environment variable, else `warn`.
   */
  logLevel?: LogLevel | undefined;
  /**
   * Where log lines go (`console`, pino, winston: anything with error/warn/info/debug methods).
   * Every line is redacted first: no token or secret reaches it. Default: the console, on stderr
   * in Node.
   */
  logger?: Logger | undefined;
  /**
   * `onRequest`, `onResponse` and `onError`, called for every HTTP request to the API: to add
   * headers, trace or time requests. They never see the token, and cannot skip the daily budget
   * or the rate-limit window. See docs/logging.md.
   */
  hooks?: Hooks | undefined;
  /** Headers added to every API request. */
  headers?: Record<string, string> | undefined;
  /**
   * Where a signed-in user's tokens are kept between runs. While it (or this client) holds user
   * tokens, every call uses the user token; otherwise the application token.
   */
  tokenStore?: TokenStore | undefined;
  /** Sees each new pair of user tokens (sign-in and every refresh). */
  onTokens?: ((tokens: UserTokens) => void) | undefined;
  /** Milliseconds for a whole call, retries and rate-limit waits included; none by default (or Infinity). */
  deadline?: number | undefined;
  /** Retries after network errors and 500/502/503/504, for GET, PUT and DELETE only. Default 2. */
  maxRetries?: number | undefined;
  /**
   * The ETag / max-age cache: options for the bounded in-memory store (default 500 answers, 5 MB),
   * a store of your own, or `false` for none.
   */
  cache?: LruStoreOptions | CacheStore | false | undefined;
  /**
   * Calls this client may make per UTC day (default 1000, the API's daily limit); `null` turns the
   * guard off. A call past it fails with DailyLimitError before it is sent.
   */
  dailyLimit?: number | null | undefined;
  /** The per-token calls per window assumed until the server's X-RateLimit headers tell. Default 100. */
  rateLimit?: number | undefined;
  /** Told when a call must wait for the rate-limit window; return `false` to fail it instead. */
  onRateLimit?: OnRateLimit | undefined;
  /**
   * `manual`: the SDK follows redirects itself (remembers 301/308, never sends credentials to
   * another origin). `follow`: the platform does, as browsers must. Default: `manual` in Node,
   * Deno and Bun, `follow` elsewhere. A browser bundle follows none itself: a browser shows a
   * script no redirect (under `manual`, an opaque answer of status 0).
   */
  redirect?: 'manual' | 'follow' | undefined;
  /**
   * Longest rate-limit wait a call accepts, in ms (default 65 000: a little over one 60 s window).
   * A longer wait fails at once with RateLimitError carrying `resetsAt`, and sends nothing.
   */
  maxRateLimitWait?: number | undefined;
  /**
   * The application's shared state: daily budget, token windows, application token, locks and
   * (unless `cache` is given) the cache. Clients given the same object count as one application;
   * clients created without one each count alone. Default: a new `memoryCoordination()`.
   */
  coordination?: Coordination | undefined;
}

/** @internal The options with their defaults, checked: what the engine is assembled from. */
export interface ResolvedOptions {
  /** What the engine calls with: base URL, version, limits of time and retries, validation, cache. */
  engine: Omit<EngineConfig, 'parts' | 'signOut'>;
  /** How the token travels, and the headers every request carries. */
  signing: SigningConfig;
  fetch: typeof fetch;
  dailyLimit: number | null;
  rateLimit: number;
  onRateLimit: OnRateLimit | undefined;
  redirect: 'manual' | 'follow';
  log: Log;
  hooks: HookRunner | undefined;
  coordination: Coordination;
  /** The application, as the stores know it: a fingerprint, never the clientId or token itself. */
  app: string;
}

/** @internal The options resolved: every default given, every value checked (a bad one is an InvalidRequestError). */
export function resolveOptions(options: ClientOptions): ResolvedOptions {
  checkNames(options, CLIENT_OPTION_NAMES, 'createClient: unknown option', 'InvalidOption');
  const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchImpl !== 'function') {
    throw invalidOption('fetch', 'no global fetch exists here: pass one as `fetch`');
  }
  const baseUrl = checkUrl('baseUrl', options.baseUrl, true);
  const apiVersion = normalizeApiVersion(options.apiVersion ?? DEFAULT_API_VERSION);
  checkClientOptions(options);
  const log = createLog(options);
  const hooks = hookRunner(checkHooks(options.hooks));
  const coordination = options.coordination ?? memoryCoordination({ cache: false });
  if (!isCoordination(coordination)) {
    throw invalidOption('coordination', 'must be a Coordination, such as memoryCoordination()');
  }
  return {
    engine: {
      baseUrl,
      apiVersion,
      validation: options.validation ?? DEFAULT_VALIDATION,
      timeout: options.timeout ?? DEFAULT_TIMEOUT,
      deadline: options.deadline,
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      maxRateLimitWait: options.maxRateLimitWait ?? DEFAULT_MAX_RATE_LIMIT_WAIT,
      // The client's own `cache` option, else the coordination's store, else a new bounded LRU.
      cache: cacheStoreOf(options.cache ?? coordination.cache),
    },
    signing: {
      origin: new URL(baseUrl).origin,
      tokenTransport: options.tokenTransport ?? DEFAULT_TOKEN_TRANSPORT,
      vendor: options.vendor ?? DEFAULT_VENDOR,
      headers: options.headers ?? {},
    },
    fetch: fetchImpl,
    dailyLimit: options.dailyLimit === undefined ? DEFAULT_DAILY_LIMIT : options.dailyLimit,
    rateLimit: options.rateLimit ?? DEFAULT_RATE_LIMIT,
    onRateLimit: options.onRateLimit,
    // Browsers follow redirects themselves (a manual redirect is opaque there); server runtimes let the SDK.
    redirect: options.redirect ?? (isServerRuntime() ? 'manual' : 'follow'),
    log,
    hooks,
    coordination,
    app: `app:${fingerprint(options.clientId ?? options.token ?? 'getToken')}`,
  };
}

function checkHooks(hooks: Hooks | undefined): Hooks | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null) throw invalidOption('hooks', 'must be an object');
  for (const name of ['onRequest', 'onResponse', 'onError'] as const) {
    if (!hookList<unknown>(hooks[name]).every((fn) => typeof fn === 'function')) {
      throw invalidOption('hooks', `${name} must be a function or an array of functions`);
    }
  }
  return hooks;
}

/** @internal `onPage`: in a browser, a path such as `/api/catalog` is taken on the page's origin. */
export function checkUrl(name: string, value: string | undefined, onPage?: boolean): string {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  if (onPage && page && value?.[0] === '/') value = new URL(value, page).href;
  if (value === undefined) throw invalidOption(name, unsetOption(name));
  // `localhost:8080` parses as a URL of scheme `localhost:`: only http(s) is a base URL.
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !URL.canParse(value)) {
    // `ftp://host` is absolute too: the scheme is named, as fetch takes no other.
    throw invalidOption(name, 'must be an http(s) URL such as https://api.example.com');
  }
  return value.replace(/\/+$/, '');
}

function isCoordination(value: Partial<Coordination> | null): boolean {
  return ['budget', 'windows', 'appTokens', 'locks'].every(
    (name) => typeof value?.[name as keyof Coordination] === 'object',
  );
}

/** @internal */
export function invalidOption(name: string, why: string): InvalidRequestError {
  return new InvalidRequestError(`createClient: ${name} ${why}`, 'InvalidOption', name);
}
