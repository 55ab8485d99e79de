import { APIPromise } from './core/api-promise.js';
import {
  callbackTokenProvider,
  clientCredentialsProvider,
  staticTokenProvider,
} from './core/auth/providers.js';
import {
  fingerprint,
  isTokenValue,
  TOKEN_RULE,
  type TokenInput,
  type TokenProvider,
} from './core/auth/token.js';
import {
  createUserAuth,
  type TokenStore,
  type UserAuth,
  type UserScope,
  type UserTokens,
} from './core/auth/user-auth.js';
import { describe } from './core/call/describe.js';
import { Engine, type EngineConfig, type HttpMethod, type RequestOptions } from './core/call/engine.js';
import type { EngineParts } from './core/call/exchange.js';
import { createLimits } from './core/call/limits.js';
import { safePath } from './core/call/paths.js';
import type { QueryParams } from './core/call/query-string.js';
import type { OnRateLimit } from './core/call/rate-limit.js';
import { PermanentRedirects } from './core/call/redirects.js';
import { fetchTransport } from './core/call/transport.js';
import type { ValidationMode } from './core/call/validate.js';
import { InvalidRequestError, isRecord } from './core/errors.js';
import { type Hooks, hookList, hookRunner } from './core/observe/hooks.js';
import { createLog, type Logger, type LogLevel, logTokenRequests } from './core/observe/logger.js';
import { checkClientOptions } from './core/options.js';
import { type CacheStore, cacheStoreOf, type LruStoreOptions } from './core/stores/cache.js';
import type { Coordination, DailyUsage } from './core/stores/coordination.js';
import { memoryCoordination } from './core/stores/memory.js';
import { type ApiVersion, DEFAULT_API_VERSION, normalizeApiVersion } from './core/version.js';
import { isServerRuntime } from './internal/runtime.js';
import { type CatalogResource, catalogResource } from './resources/catalog.js';
import { type FavoritesResource, favoritesResource } from './resources/favorites.js';
import { type NotificationsResource, notificationsResource } from './resources/notifications.js';
import { type ShopsResource, shopsResource } from './resources/shops.js';
import { type SkusResource, skusResource } from './resources/skus.js';
import { type UserResource, userResource } from './resources/user.js';

export interface ClientOptions {
  /** Root of the API, e.g. `https://api.example.com` (paths such as `/categories` are appended). */
  baseUrl: string;
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
   * Deno and Bun, `follow` elsewhere.
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

/** Who a `forUser` client speaks for: a user's access token, their token store, or a callback. */
export type UserPrincipal =
  | { token: string }
  | { tokenStore: TokenStore; onTokens?: ((tokens: UserTokens) => void) | undefined }
  | { getToken: (context: { forceRefresh: boolean }) => TokenInput | Promise<TokenInput> };

/** What every client has, whichever modules it was made with. */
export interface BaseClient {
  /** Signing a user in with the authorization-code flow (needs clientId, clientSecret and authUrl). */
  readonly auth: ClientAuth;
  /** The calls this client has made today against its daily budget. */
  usage(): DailyUsage;
  /**
   * Any API call by method and path, with the client's auth, limits, retries, cache and errors:
   * for endpoints the SDK has no method for (the answer is not validated). The method is GET, POST,
   * PUT, PATCH or DELETE (any case); a body JSON cannot carry (a BigInt, a cycle, a function) is
   * refused with `InvalidBody` before anything is sent.
   */
  request<T = unknown>(params: RawRequest, options?: RequestOptions): APIPromise<T>;
  /**
   * A client for one user of this application: the same configuration, daily budget, cache store
   * (entries kept per principal) and coordination, with the user's token and its own rate-limit
   * window. `{ tokenStore }` refreshes the user's tokens with this client's clientId/clientSecret.
   */
  forUser(user: UserPrincipal): this;
}

/** The SDK client with all six modules: one per application or user principal. */
export interface CatalogClient extends BaseClient {
  /** Search, autocomplete, categories, manufacturers, filter groups, category specifications. */
  readonly catalog: CatalogResource;
  /** SKUs, products, product cards, specifications, price history, similar SKUs, reviews, votes, flags. */
  readonly skus: SkusResource;
  /** Shops, their reviews and locations, shop search. */
  readonly shops: ShopsResource;
  /** The user's favorites and favorite lists (user token with `favorites`). */
  readonly favorites: FavoritesResource;
  /** The user's profile, avatars, addresses and saved orders (user token). */
  readonly user: UserResource;
  /** The user's notifications, and `watch()` to follow new ones (user token with `notifications`). */
  readonly notifications: NotificationsResource;
}

/** What a module is built from: the client's engine. Opaque to applications. */
export interface ModuleContext {
  /** @internal */
  readonly engine: Engine;
  /** @internal */
  readonly session: UserAuth | undefined;
}

/** A resource module, such as `catalogModule`, for `createClientWith`. */
export type ClientModule<R> = (context: ModuleContext) => R;

/** The modules a client is made with, by the property name each gets on the client. */
export type ClientModules = Record<string, ClientModule<unknown>>;

/** A client made by `createClientWith`: the base client and one property per module. */
export type ClientWith<M extends ClientModules> = BaseClient & {
  readonly [K in keyof M]: ReturnType<M[K]>;
};

export const catalogModule: ClientModule<CatalogResource> = (context) => catalogResource(context.engine);
export const skusModule: ClientModule<SkusResource> = (context) => skusResource(context.engine);
export const shopsModule: ClientModule<ShopsResource> = (context) => shopsResource(context.engine);
export const favoritesModule: ClientModule<FavoritesResource> = (context) =>
  favoritesResource(context.engine);
/** `user.logout()` also forgets the user's tokens once the server has answered. */
export const userModule: ClientModule<UserResource> = (context) =>
  withSignOut(userResource(context.engine), context.session);
export const notificationsModule: ClientModule<NotificationsResource> = (context) =>
  notificationsResource(context.engine);

const BASE_KEYS = new Set<string>(['auth', 'usage', 'request', 'forUser']);

export interface ClientAuth {
  /** Step 1: where to send the user; keep `state` if another process handles the callback. */
  authorizationUrl(params: { redirectUri: string; scopes: readonly UserScope[]; state?: string }): {
    url: string;
    state: string;
  };
  /** Step 2: the redirect back; exchanges the code, and from then on calls use the user token. */
  handleCallback(
    callbackUrl: string | URL,
    expected?: { state?: string; redirectUri?: string },
  ): Promise<UserTokens>;
  /** Whether a user token is at hand (here or in the token store). */
  signedIn(): Promise<boolean>;
  /** Forgets the user's tokens (here and in the store); calls go back to the application token. */
  signOut(): Promise<void>;
}

export interface RawRequest {
  method: HttpMethod;
  /**
   * An API path such as `/categories/40`, or a template such as `/shops/{id}/locations` with
   * `params`. No `?`, `#`, dot segments or empty segments: the path never leaves the base path.
   */
  path: string;
  /** Values of the path's `{name}` placeholders, each encoded as exactly one path segment. */
  params?: Readonly<Record<string, string | number>> | undefined;
  query?: QueryParams | undefined;
  /** Sent as JSON. */
  body?: unknown;
}

/** The methods `request()` sends. */
const RAW_METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** A little over one 60 s rate-limit window. */
const DEFAULT_MAX_RATE_LIMIT_WAIT = 65_000;

/** The client with every module: `api.catalog`, `api.skus`, `api.shops`, `api.favorites`, `api.user`, `api.notifications`. */
export function createClient(options: ClientOptions): CatalogClient {
  return createClientWith(
    {
      catalog: catalogModule,
      skus: skusModule,
      shops: shopsModule,
      favorites: favoritesModule,
      user: userModule,
      notifications: notificationsModule,
    },
    options,
  );
}

/**
 * A client with only the modules given, for browser bundles: the modules left out (and their
 * schemas) are not in the bundle. `createClientWith({ catalog: catalogModule }, options)` gives
 * `api.catalog` besides `auth`, `usage()` and `request()`.
 */
export function createClientWith<const M extends ClientModules & Partial<Record<keyof BaseClient, never>>>(
  modules: M,
  options: ClientOptions,
): ClientWith<M> {
  if (typeof modules !== 'object' || modules === null) {
    throw invalidOption('modules', 'must be an object of modules, such as { catalog: catalogModule }');
  }
  for (const [name, module] of Object.entries(modules)) {
    if (BASE_KEYS.has(name) || typeof module !== 'function') {
      throw invalidOption(
        'modules',
        `${name} must be a module such as catalogModule, under a name other than auth, usage or request`,
      );
    }
  }
  const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchImpl !== 'function') {
    throw invalidOption('fetch', 'no global fetch exists here: pass one as `fetch`');
  }
  const baseUrl = checkUrl('baseUrl', options.baseUrl, true);
  const apiVersion = normalizeApiVersion(options.apiVersion ?? DEFAULT_API_VERSION);
  checkClientOptions(options);
  const tokenTransport = options.tokenTransport ?? 'header';
  const validation = options.validation ?? 'strict';
  const timeout = options.timeout ?? 30_000;
  const maxRetries = options.maxRetries ?? 2;
  const dailyLimit = options.dailyLimit === undefined ? 1000 : options.dailyLimit;
  const rateLimit = options.rateLimit ?? 100;
  // Browsers follow redirects themselves (a manual redirect is opaque there); server runtimes let the SDK.
  const redirect = options.redirect ?? (isServerRuntime() ? 'manual' : 'follow');
  const log = createLog(options);
  const hooks = hookRunner(checkHooks(options.hooks));
  // Token requests are logged too (URL, status, time: their secrets are in the body, never logged).
  const authFetch = log.debug ? logTokenRequests(fetchImpl, log) : fetchImpl;
  const maxRateLimitWait = options.maxRateLimitWait ?? DEFAULT_MAX_RATE_LIMIT_WAIT;
  const coordination = options.coordination ?? memoryCoordination({ cache: false });
  if (!isCoordination(coordination)) {
    throw invalidOption('coordination', 'must be a Coordination, such as memoryCoordination()');
  }
  // The client's own `cache` option, else the coordination's store, else a new bounded LRU.
  const cache = cacheStoreOf(options.cache ?? coordination.cache);
  // The application, as the stores know it: a fingerprint, never the clientId or token itself.
  const app = `app:${fingerprint(options.clientId ?? options.token ?? 'getToken')}`;
  const limits = createLimits({
    coordination,
    app,
    dailyLimit,
    rateLimit,
    onRateLimit: options.onRateLimit,
  });
  const tokens = tokenProvider(options, authFetch, coordination, app);
  const authUrl =
    options.clientId && options.clientSecret && options.authUrl
      ? checkUrl('authUrl', options.authUrl)
      : undefined;
  const userAuth = (
    tokenStore: TokenStore | undefined,
    onTokens: ((tokens: UserTokens) => void) | undefined,
  ) =>
    authUrl
      ? createUserAuth({
          authUrl,
          clientId: options.clientId as string,
          clientSecret: options.clientSecret as string,
          fetch: authFetch,
          tokenStore,
          onTokens,
          locks: coordination.locks,
        })
      : undefined;
  const session = userAuth(options.tokenStore, options.onTokens);
  if (!session && (options.tokenStore || options.onTokens)) {
    throw invalidOption('tokenStore', 'needs clientId, clientSecret and authUrl, which refresh user tokens');
  }

  const config = {
    baseUrl,
    timeout,
    apiVersion,
    validation,
    deadline: options.deadline,
    maxRetries,
    maxRateLimitWait,
    cache,
  } satisfies Omit<EngineConfig, 'parts'>;
  const parts = {
    signing: {
      origin: new URL(baseUrl).origin,
      tokenTransport,
      vendor: options.vendor ?? 'skroutz',
      headers: options.headers ?? {},
    },
    limits,
    transport: fetchTransport(fetchImpl),
    // Shared with `forUser` clients: 301/308 moves are the same for every principal.
    permanent: new PermanentRedirects(),
    redirect,
    onRateLimit: options.onRateLimit,
    logger: log,
    hooks,
  } satisfies Omit<EngineParts, 'tokens'>;

  const build = (tokens: TokenProvider, session: UserAuth | undefined): ClientWith<M> => {
    const engine = new Engine({ ...config, parts: { ...parts, tokens } });
    const context: ModuleContext = { engine, session };
    const built: Record<string, unknown> = {};
    for (const [name, module] of Object.entries(modules)) built[name] = module(context);
    const base: BaseClient = {
      auth: clientAuth(session),
      usage: () => limits.usage(),
      request: <T>(params: RawRequest, options?: RequestOptions) => {
        const raw: Partial<RawRequest> = isRecord(params) ? params : {};
        // Upper case, as the engine compares it (fetch itself leaves `patch` as it is).
        const method = typeof raw.method === 'string' ? raw.method.toUpperCase() : '';
        return new APIPromise<T>(
          engine.request<T>({
            method: method as HttpMethod,
            // Inside the call, so that bad input rejects it before anything is sent.
            path: () => {
              if (!RAW_METHODS.has(method)) {
                throw new InvalidRequestError(
                  `request method must be GET, POST, PUT, PATCH or DELETE, got ${describe(raw.method)}`,
                  'InvalidParam',
                  'method',
                );
              }
              return safePath(raw.path, raw.params);
            },
            query: raw.query,
            // The engine calls a function body to get it: a caller's function is a body as is.
            body: typeof raw.body === 'function' ? () => raw.body : raw.body,
            options,
          }),
        );
      },
      forUser: (user: UserPrincipal) => forUser(user) as never,
    };
    return Object.assign(built, base) as ClientWith<M>;
  };
  const forUser = (user: UserPrincipal): ClientWith<M> => {
    const needs = 'needs { token }, { tokenStore } or { getToken }';
    if (typeof user !== 'object' || user === null) throw invalidOption('forUser', needs);
    if ('token' in user) {
      if (!isTokenValue(user.token)) {
        throw invalidOption('forUser', `token ${TOKEN_RULE}`);
      }
      return build(staticTokenProvider(user.token), undefined);
    }
    if ('getToken' in user) {
      if (typeof user.getToken !== 'function') throw invalidOption('forUser', 'getToken must be a function');
      return build(callbackTokenProvider(user.getToken), undefined);
    }
    if ('tokenStore' in user && user.tokenStore) {
      const userSession = userAuth(user.tokenStore, user.onTokens);
      if (!userSession) {
        throw invalidOption(
          'forUser',
          '{ tokenStore } needs the client to have clientId, clientSecret and authUrl',
        );
      }
      return build(userSession, userSession);
    }
    throw invalidOption('forUser', needs);
  };
  return build(session ? sessionOrApp(session, tokens) : tokens, session);
}

/** User token while a user is signed in, application token otherwise. */
function sessionOrApp(session: UserAuth, app: TokenProvider): TokenProvider {
  return {
    get: async (signal) => ((await session.signedIn()) ? session.get(signal) : app.get(signal)),
    renew: (failed, signal) =>
      failed.principal.startsWith('user:') ? session.renew(failed, signal) : app.renew(failed, signal),
  };
}

function clientAuth(session: UserAuth | undefined): ClientAuth {
  const need = (): UserAuth => {
    if (!session) throw invalidOption('auth', 'needs clientId, clientSecret and authUrl');
    return session;
  };
  return {
    authorizationUrl: (params) => need().authorizationUrl(params),
    handleCallback: async (url, expected) => need().handleCallback(url, expected),
    signedIn: async () => (session ? session.signedIn() : false),
    signOut: async () => session?.signOut(),
  };
}

function withSignOut(user: UserResource, session: UserAuth | undefined): UserResource {
  const logout: UserResource['logout'] = (options) =>
    new APIPromise(
      user
        .logout(options)
        .withResponse()
        .then(async (answer) => {
          await session?.signOut();
          return answer;
        }),
    );
  return { ...user, logout };
}

function tokenProvider(
  options: ClientOptions,
  fetchImpl: typeof fetch,
  coordination: Coordination,
  app: string,
): TokenProvider {
  const given = [
    options.token !== undefined,
    options.getToken !== undefined,
    options.clientId !== undefined,
    options.auth !== undefined,
  ];
  if (given.filter(Boolean).length !== 1) {
    throw invalidOption(
      'auth',
      'give exactly one of `token`, `getToken`, `clientId` with `clientSecret`, or `auth`',
    );
  }
  if (options.auth !== undefined) {
    if (options.auth !== 'none') throw invalidOption('auth', "must be 'none'");
    return { get: async () => NO_TOKEN, renew: async () => undefined };
  }
  if (options.token !== undefined) {
    if (!isTokenValue(options.token)) {
      throw invalidOption('token', TOKEN_RULE);
    }
    return staticTokenProvider(options.token);
  }
  if (options.getToken !== undefined) {
    if (typeof options.getToken !== 'function') throw invalidOption('getToken', 'must be a function');
    return callbackTokenProvider(options.getToken);
  }
  if (!options.clientId || !options.clientSecret) {
    throw invalidOption('clientSecret', '`clientId` needs `clientSecret` (both non-empty strings)');
  }
  return clientCredentialsProvider(
    {
      authUrl: checkUrl('authUrl', options.authUrl),
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      fetch: fetchImpl,
    },
    coordination.appTokens,
    app,
  );
}

/** No token at all (`auth: 'none'`): the backend the client talks to adds its own credentials. */
const NO_TOKEN = { value: '', principal: 'none' };

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

/** `onPage`: in a browser, a path such as `/api/catalog` is taken on the page's origin. */
function checkUrl(name: string, value: string | undefined, onPage?: boolean): string {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  if (onPage && page && value?.[0] === '/') value = new URL(value, page).href;
  // `localhost:8080` parses as a URL of scheme `localhost:`: only http(s) is a base URL.
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value) || !URL.canParse(value)) {
    throw invalidOption(name, 'must be an absolute URL such as https://api.example.com');
  }
  return value.replace(/\/+$/, '');
}

function isCoordination(value: Partial<Coordination> | null): boolean {
  return ['budget', 'windows', 'appTokens', 'locks'].every(
    (name) => typeof value?.[name as keyof Coordination] === 'object',
  );
}

function invalidOption(name: string, why: string): InvalidRequestError {
  return new InvalidRequestError(`createClient: ${name} ${why}`, 'InvalidOption', name);
}
