import type { CacheStore, ClientOptions, Coordination, TokenStore, UserScope } from '../index.js';
import type { SlruStoreOptions } from './cache/slru-store.js';

/** The client options the handler passes through to its one server-side SDK client: listed once. */
export const PASSED_CLIENT_OPTIONS = [
  'authUrl',
  'fetch',
  'apiVersion',
  'vendor',
  'timeout',
  'deadline',
  'maxRetries',
  'maxRateLimitWait',
  'rateLimit',
  'dailyLimit',
  'logLevel',
  'logger',
  'hooks',
  'headers',
  'validation',
] as const satisfies readonly (keyof ClientOptions)[];

type PassedClientOptions = Pick<ClientOptions, (typeof PASSED_CLIENT_OPTIONS)[number]>;

export interface CatalogHandlerOptions extends PassedClientOptions {
  /** Root of the API, e.g. `https://api.example.com`. */
  baseUrl: string;
  /** The application's credentials: they stay on the server. */
  clientId: string;
  clientSecret: string;
  /**
   * Shared state of the application: daily budget, rate windows, application token, locks, and
   * (with `redisCoordination`) the cache and users' tokens, so that several server instances are
   * one application. Default: `memoryCoordination()` (one process).
   */
  coordination?: Coordination | undefined;
  /** Where the handler is mounted. Default `/api/catalog`. */
  mountPath?: string | undefined;
  /** The clock, in epoch ms (cache ages, pacing). Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * Where API answers are cached. Default: the coordination's cache when `coordination` is given
   * and has one (Redis: shared by every instance), else an in-memory `slruCacheStore` (a page read
   * twice outlives any number of pages read once) sized from the day: 2 x `dailyLimit` answers
   * (500 to 20,000), 25 KB each (20 MB to 100 MB).
   * Users' answers are kept in it too when it is given or is the coordination's (each under its
   * session's key, so every instance sharing it sees a user's write at once); with the default
   * LRU they get one of their own (2,000 answers / 10 MB).
   */
  cache?: CacheStore | undefined;
  /**
   * The near cache in front of a shared `cache` (Redis): the answers this instance served, kept in
   * its memory and answered with no round trip while the store says they are unchanged (Redis'
   * client-side caching), and while the store cannot answer. Bounded as the default store is
   * (`publicStoreSize`); `false`: every answer is read from the shared store.
   */
  nearCache?: SlruStoreOptions | false | undefined;
  /**
   * Longest time, in ms, a public answer is served past its max-age while the pacing revalidates
   * it in the background. Past it a view asks the API first when the day's first fetches allow a
   * call; when no call can be made (the API fails, the budget is spent or paced for pages viewed
   * more) the answer is still served, whatever its age, with its `Age`. Kept answers are dropped
   * for memory only. Default 86 400 000 (a day).
   */
  maxStale?: number | undefined;
  /**
   * Calls of the daily budget kept from background revalidations for requests that have no
   * cached answer. Default a tenth of `dailyLimit` (100 of 1,000). With pacing it shrinks over
   * the day to a tenth of itself, at least 1, at its end (`max(reserve x (1 - share), reserve / 10)`).
   */
  reserve?: number | undefined;
  /**
   * `true` (default): the calls left after requests with nothing cached (less the reserve) are
   * spent evenly over the day, each on the most overdue answer once it is due for its share
   * (docs/frontend.md, "Pacing the day's budget"). `false`: they spend on any stale answer until
   * only the reserve is left.
   */
  pacing?: boolean | undefined;
  /** Scopes asked for at sign-in. Default `['public', 'favorites', 'notifications']`. */
  scopes?: readonly UserScope[] | undefined;
  /** The sign-in callback URL registered with the API. Default `{origin}{mountPath}/auth/callback`. */
  redirectUri?: string | undefined;
  /**
   * The app's public origins (`https://shop.example`): writes must come from one of them, and the
   * first is the callback's origin. Default: the origin of the request's own URL.
   */
  origin?: string | readonly string[] | undefined;
  /**
   * A user's tokens, by session key (a SHA-256 of the session id, never the id itself). Default:
   * `coordination.tokenStore` when the coordination has one (`redisCoordination`), else memory.
   */
  tokenStore?: ((sessionKey: string) => TokenStore) | undefined;
  /**
   * Sessions the default in-memory token store keeps (default 50,000); past that the least
   * recently used one ends and its user signs in again.
   */
  maxSessions?: number | undefined;
  /** The session cookie. */
  cookie?: CookieOptions | undefined;
  /** Longest query string served, in characters (default 2,048); longer gets 414. */
  maxQueryLength?: number | undefined;
  /** Largest request body, in bytes (default 1,000,000, room for an avatar); larger gets 413. */
  maxBodyBytes?: number | undefined;
  /**
   * How long, in ms, the API's 404 or 410 for a public answer, or its 422 for a query, is given
   * again from the cache instead of asking the API. Default 300 000 (5 minutes); 0: never kept.
   */
  missingMaxAge?: number | undefined;
  /**
   * How long, in ms, a signed-in user's answers are served from that user's own cache before they
   * are revalidated (the API marks them `max-age=0`). The user's own writes drop them at once.
   * Default 60 000 (a minute); 0: every view asks the API.
   */
  userMaxAge?: number | undefined;
  /**
   * Longest wait, in ms, of a browser's request for the API: past it the browser gets the stale
   * answer, or a 503 with `Retry-After`, and the call goes on to fill the cache. Default 10 000.
   */
  answerWithin?: number | undefined;
  /**
   * Calls per UTC day one visitor may cause (a signed-in account, across all its sessions, else a
   * visitor key); past it the visitor gets kept answers, or 429 `VisitorShareSpent` with a
   * `Retry-After` of 15 minutes at most. Default 5% of `dailyLimit`, at least 10: a person opening
   * 40 pages of a shop nothing is cached of yet is answered; a scraper spends 5% of the day.
   */
  visitorShare?: number | undefined;
  /**
   * Calls per UTC day all visitors who are not signed in may cause together. Default half of
   * `dailyLimit`. Below `dailyLimit`, it is also their share of the pacing line at each moment
   * (once first fetches are paced): past it an anonymous first fetch gets 503 `NotFetchedYet`
   * with a `Retry-After` of when the line allows one more call (15 minutes at most).
   */
  anonymousShare?: number | undefined;
  /**
   * Sign-ins per UTC day from one visitor key (their call to learn the account), apart from the
   * visitor's share: a visitor past their share, or behind a shared address, can sign in.
   * Default `visitorShare`.
   */
  signInShare?: number | undefined;
  /** Sign-ins per UTC day from every address together, the bound of a flood. Default a fifth of `dailyLimit`. */
  allSignInsShare?: number | undefined;
  /**
   * `true`: the handler stands behind a CDN or a caching proxy (nginx `proxy_cache`). Public
   * answers (fetched with the application token, the same for every visitor) then say
   * `Cache-Control: public, max-age=0, s-maxage=<what is left of the API's max-age>,
   * stale-while-revalidate=<what is left of maxStale>, stale-if-error=<the same>` and
   * `Vary: Accept`, with no `Age` (RFC 9111 would take it off again); past its max-age (a SKU
   * listing's is 0) `s-maxage=<how long the pacing leaves it as it is>`, at least 1; a kept
   * 404 / 410 `s-maxage=<what is left of missingMaxAge>`; users'
   * answers are `private, no-store`, refusals and 429s `no-store`. Default `false`: every answer is
   * `private` (docs/frontend.md, "Behind a CDN").
   */
  cdn?: boolean | undefined;
  /**
   * The visitor a request comes from, when it is not signed in. Default: `context.clientAddress`
   * (`toNodeHandler` passes the socket's address). Return undefined to charge only the anonymous
   * visitors' common share.
   */
  visitorKey?: ((request: Request, context: RequestContext) => string | undefined) | undefined;
  /**
   * How many leading bits of an IPv6 visitor key make one visitor: every address of that network
   * shares one visitor's share (IPv4 stays per address; IPv4-mapped IPv6 is IPv4). Default 56:
   * what ISPs commonly delegate to one home or customer (a /64 is only one of its 256 subnets,
   * and a VPS often holds a whole /64 or more). 64 counts each subnet apart; 48 a whole site.
   */
  ipv6Prefix?: number | undefined;
}

/** What the server knows of a request beside the Request itself. */
export interface RequestContext {
  /**
   * The client's network address, as the server saw it (`toNodeHandler` passes the socket's;
   * behind a trusted proxy, the address the proxy names). The default visitor key.
   */
  clientAddress?: string | undefined;
}

/** The session cookie (HttpOnly, SameSite=Lax). */
export interface CookieOptions {
  /** Name of the session cookie. Default `catalog_session`. */
  name?: string | undefined;
  /**
   * `Secure` on the cookies (default true). Browsers keep Secure cookies over http only for
   * localhost; turn it off only for a plain-http host in development.
   */
  secure?: boolean | undefined;
  /** Lifetime of the session cookie in seconds. Default 30 days. */
  maxAge?: number | undefined;
}
