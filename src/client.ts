import { assembleEngine } from './client/assemble.js';
import type { UserPrincipal } from './client/for-user.js';
import { principalOf } from './client/for-user.js';
import { type ClientOptions, invalidOption, resolveOptions } from './client/options.js';
import type { RawRequest } from './client/raw-request.js';
import { rawRequest } from './client/raw-request.js';
import type { APIPromise } from './core/api-promise.js';
import type { TokenProvider } from './core/auth/token.js';
import type { UserAuth, UserScope, UserTokens } from './core/auth/user-auth.js';
import type { Engine, RequestOptions } from './core/call/engine.js';
import type { DailyUsage } from './core/stores/coordination.js';
import { type CatalogResource, catalogResource } from './resources/catalog.js';
import { type FavoritesResource, favoritesResource } from './resources/favorites.js';
import { type NotificationsResource, notificationsResource } from './resources/notifications.js';
import { type ShopsResource, shopsResource } from './resources/shops.js';
import { type SkusResource, skusResource } from './resources/skus.js';
import { type UserResource, userResource } from './resources/user.js';

export type { ClientOptions, RawRequest, UserPrincipal };

/** What every client has, whichever modules it was made with. */
export interface BaseClient {
  /** Signing a user in with the authorization-code flow (needs clientId, clientSecret and authUrl). */
  readonly auth: ClientAuth;
  /**
   * The calls this client's application has made today against its daily budget, as last counted
   * here. Over Redis the client asks for the shared count when it is made: until Redis answers
   * (a moment), a new process tells only its own calls; `readUsage()` waits for the count.
   */
  usage(): DailyUsage;
  /**
   * The same, read from the budget store now (one Redis round trip with `price-catalog/redis`):
   * a new process sees the calls every process of the application made today. `usage()` tells
   * the same count afterwards.
   */
  readUsage(): Promise<DailyUsage>;
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
export const userModule: ClientModule<UserResource> = (context) => userResource(context.engine);
export const notificationsModule: ClientModule<NotificationsResource> = (context) =>
  notificationsResource(context.engine);

const BASE_KEYS = new Set<string>(['auth', 'usage', 'readUsage', 'request', 'forUser']);

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
  checkModules(modules);
  const assembly = assembleEngine(resolveOptions(options), options);
  const build = (tokens: TokenProvider, session: UserAuth | undefined): ClientWith<M> => {
    const engine = assembly.engineFor(tokens, session);
    const context: ModuleContext = { engine };
    const built: Record<string, unknown> = {};
    for (const [name, module] of Object.entries(modules)) built[name] = module(context);
    const base: BaseClient = {
      auth: clientAuth(session),
      usage: () => assembly.limits.usage(),
      readUsage: () => assembly.limits.read(),
      request: (params, requestOptions) => rawRequest(engine, params, requestOptions),
      forUser: (user) => {
        const principal = principalOf(user, assembly.userAuth);
        return build(principal.tokens, principal.session) as never;
      },
    };
    return Object.assign(built, base) as ClientWith<M>;
  };
  return build(assembly.tokens, assembly.session);
}

function checkModules(modules: ClientModules): void {
  if (typeof modules !== 'object' || modules === null) {
    throw invalidOption('modules', 'must be an object of modules, such as { catalog: catalogModule }');
  }
  for (const [name, module] of Object.entries(modules)) {
    if (BASE_KEYS.has(name) || typeof module !== 'function') {
      throw invalidOption(
        'modules',
        `${name} must be a module such as catalogModule, under a name other than auth, usage, readUsage, request or forUser`,
      );
    }
  }
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
