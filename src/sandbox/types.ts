import type { PriceChange } from './catalog/price-change.js';
import type { SandboxData } from './data/types.js';

export type { PriceChange } from './catalog/price-change.js';

export interface FaultOptions {
  /** Share (0..1) of API requests that fail; drawn from the seed, so the sequence repeats. */
  rate?: number;
  /** Statuses a failure answers, default [500, 502, 503, 504]. */
  statuses?: number[];
  /** Share (0..1) of those failures that are connection resets instead of a 5xx, default 0. */
  resetShare?: number;
  /** In every block of `every` API requests, the last `length` get a rate-limit 403 `{message}`. */
  forbiddenBurst?: { every: number; length: number };
}

export interface SandboxOptions {
  /** Default 1; the same seed gives identical data and an identical fault sequence. */
  seed?: number;
  /** Default 'sandbox-client'. */
  clientId?: string;
  /** Default 'sandbox-secret'. */
  clientSecret?: string;
  /** The word in `application/vnd.<vendor>+json`, default 'skroutz'. */
  vendor?: string;
  /** Application token lifetime in seconds, default 1209600 (2 weeks). */
  appTokenTtl?: number;
  /** User (authorization-code) access token lifetime in seconds, default 86400 (1 day). */
  userTokenTtl?: number;
  /** Per token, default 100 requests per 60000 ms. */
  rateLimit?: { limit?: number; windowMs?: number };
  /** Per client per UTC day, default 1000; null = unlimited. */
  dailyLimit?: number | null;
  faults?: FaultOptions;
  /** Delay of each API request, fixed or drawn from [min, max]; default 0. */
  latencyMs?: number | [min: number, max: number];
  /** 'auto' (default) sends Link on every list but `/categories/:id/skus`, as the real API does. */
  linkHeaders?: 'auto' | 'always' | 'never';
  /**
   * `max-age` in seconds of every cacheable public answer (`private, max-age=N`; `max-age=N,
   * private` where the real service writes it so). Default: per endpoint, as recorded (300 s for
   * categories, products, reviews, specifications, filter groups; 0 with `must-revalidate` for SKU
   * lists, manufacturers and search; 60 s where no recording shows one). A user's own records keep
   * `max-age=0, private, must-revalidate` whatever this says. A whole number >= 0.
   */
  cacheMaxAge?: number;
  /**
   * A synthetic leaf category for load tests, listed under the root: `/categories/:id/skus` serves
   * `skus` valid SKUs, each generated from its index when a page asks for it (never stored, so a
   * million cost no memory). See `BULK_SKU_ID_BASE` for their ids.
   */
  bulkCategory?: BulkCategoryOptions;
  /**
   * A catalog about `scale` times the default one: each leaf category gets `scale - 1` sibling
   * leaves (`Κινητά Τηλέφωνα Outlet`, ...) generated from the same model profile, with their own
   * SKUs, offers and reviews (25: ~20,000 SKUs, ~340 categories). A whole number from 1 to 50;
   * default 1, the recorded-size catalog, unchanged. Same seed and scale, same data.
   */
  scale?: number;
}

export interface BulkCategoryOptions {
  /** The category id; must not be a seeded category's. */
  id: number;
  /** How many SKUs it lists, 0 to 10 000 000. */
  skus: number;
  /** Its name, default `Load test`. */
  name?: string;
}

export type RequestKind = 'api' | 'oauth' | 'preflight' | 'foreign';

export interface RecordedRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** 0 for a connection reset or a request aborted before it was answered. */
  status: number;
  /** The access token the request carried, if any. */
  token?: string;
  /** `Date.now()` when the request arrived. */
  time: number;
  kind: RequestKind;
}

export interface ApiCallFilter {
  path?: string | RegExp;
  method?: string;
  status?: number;
}

export type InjectedFault = { status: number; body?: unknown; headers?: Record<string, string> } | 'reset';

export interface RedirectRule {
  /**
   * An API path, with or without a query; with one, the request must carry those params too. A
   * path of the authorization server (`/oauth2/token`) redirects that endpoint instead.
   */
  from: string;
  /** A path or an absolute URL, sent as is in `Location`. */
  to: string;
  status: 301 | 302 | 303 | 307 | 308;
  /** How many requests it redirects; default: all. */
  times?: number;
}

export interface SandboxStats {
  /** Requests to the token endpoint, granted or not. */
  tokenRequests: number;
  /** API requests received (not oauth, not preflight, not foreign), whatever their answer. */
  apiCalls: number;
  /** API requests counted against the client's daily limit today (UTC). */
  dailyCalls: number;
  /** 403 rate-limit answers given because a token's window was exceeded. */
  overLimit: number;
}

export interface SandboxServer {
  url: string;
  baseUrl: string;
  authUrl: string;
  port: number;
  close(): Promise<void>;
}

/** How the make-believe user answers the authorize page. */
export interface AuthorizationSetting {
  /** Default true; false redirects with `error=access_denied`. */
  approve?: boolean;
  /** Who signs in; default alice (`SANDBOX_USER_ID`). One of `SANDBOX_USERS`. */
  userId?: number;
  /**
   * Default false. True: the authorization endpoint shows an HTML page with Approve and Deny
   * buttons, and the button pressed decides (Deny redirects with `error=access_denied`).
   */
  page?: boolean;
}

/** A user's tokens as the token endpoint would give them (without `token_type`). */
export interface UserTokenGrant {
  access_token: string;
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
  /** Space-separated. */
  scope: string;
}

export interface Sandbox {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** A fetch that answers from the sandbox; never follows redirects itself. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /**
   * The single core handler. A connection reset is answered as `Response.error()`. As msw
   * handlers: `mswHandlers(sandbox)` from `price-catalog/testing/msw`.
   */
  handle(request: Request): Promise<Response>;
  /** A real HTTP server on loopback (default 127.0.0.1, a free port). */
  listen(options?: { port?: number; host?: string }): Promise<SandboxServer>;
  readonly requests: RecordedRequest[];
  apiCalls(filter?: ApiCallFilter): RecordedRequest[];
  clearRequests(): void;
  issueToken(options?: { scope?: string; ttl?: number }): string;
  /**
   * A user token without the authorization-code flow: default alice, every user scope
   * (`public favorites notifications publish_sku_review_actions`), `userTokenTtl`. Unknown users
   * or scopes throw.
   */
  issueUserToken(options?: { userId?: number; scope?: string; ttl?: number }): UserTokenGrant;
  /** How the authorize page answers from now on; omitted fields take their defaults. */
  setAuthorization(setting?: AuthorizationSetting): void;
  /**
   * Sets the price of the SKU's cheapest product: `price_min`/`price_max` follow everywhere, and
   * when `price_min` moves each user who has the SKU among favorites gets a `price_drop` or
   * `price_up` notification. Throws for an unknown SKU, one without products, or a price <= 0.
   */
  setPrice(skuId: number, price: number): PriceChange;
  /** Every access token of the client, application and user ones, expires (refresh tokens live on). */
  expireTokens(): void;
  failNext(count: number, fault: InjectedFault): void;
  addRedirect(rule: RedirectRule): void;
  /**
   * Simulates the next UTC day for the daily limit: the client's count starts over, a lockout
   * ends, and answers' `Date` header (the server's clock, from which clients can tell the day)
   * moves a day on. Other clocks (token lifetimes, rate windows) keep real time. `reset()` undoes it.
   */
  startNextDay(): void;
  /** The seeded records; frozen and shared by sandboxes of the same seed. */
  readonly data: SandboxData;
  readonly stats: SandboxStats;
  reset(): void;
}
