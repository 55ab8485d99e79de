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
} from '../index.js';
import { DayCounter } from '../internal/day.js';
import { type Answer, isThenable, type Maybe } from './answers/answer.js';
import { Outcomes, refusal, toResponse } from './answers/response.js';
import { nearCache } from './cache/near-cache.js';
import { PublicCache } from './cache/public-cache.js';
import { slruCacheStore } from './cache/slru-store.js';
import { MemoryViewCounts } from './cache/view-counts.js';
import { FRONT_DOOR, frontDoor } from './http/front-door.js';
import { securedAnswer } from './http/security-headers.js';
import type { Target } from './http/target.js';
import { targetOf } from './http/target.js';
import type { CatalogHandlerOptions, RequestContext } from './options.js';
import { AnonymousLine } from './pacing/anonymous-line.js';
import { OwnCalls } from './pacing/own-calls.js';
import { settingsOf } from './settings.js';
import { Flights } from './upstream/flights.js';
import { accounts } from './users/accounts.js';
import { readCookie } from './users/cookies.js';
import { sessionKey } from './users/session-ids.js';
import type { SignInContext } from './users/sign-in.js';
import { memoryUsedMarks } from './users/spent-sign-ins.js';
import { UserCalls } from './users/user-calls.js';
import { memoryVisitorCounts } from './visitors/visitor-counts.js';
import { VisitorShares } from './visitors/visitors.js';

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

/** A sign-in's state and code stay spent this long: longer than any authorization code lives. */
const USED_SIGN_IN_MS = 3_600_000;

export function createCatalogHandler(options: CatalogHandlerOptions): CatalogHandler {
  const settings = settingsOf(options);
  const { coordination } = settings;
  const client = createClient(settings.clientOptions);
  const usage = (): DailyUsage => client.usage();
  // A shared store gets a near cache in front: its hits cost no round trip, and outlive Redis away.
  const sharedCache =
    settings.sharedCache && settings.nearCache
      ? nearCache(settings.sharedCache, settings.nearCache, settings.now)
      : settings.sharedCache;
  const publicStore: CacheStore = sharedCache || slruCacheStore(settings.storeSize);
  // Users' answers are shared by instances when the public ones are; else kept apart, smaller.
  const userStore: CacheStore = sharedCache || lruCacheStore({ maxEntries: 2000, maxBytes: 10_000_000 });
  const people = accounts(settings.tokensFor);
  const { tokensFor, accountOf } = people;
  // Without a shared markUsed (memoryCoordination, or one of your own): remembered in this process.
  const markUsed = coordination.markUsed?.bind(coordination) ?? memoryUsedMarks(settings.now);
  /** The session's store key when the request carries a signed-in session (one of a known account). */
  const signedIn = async (request: Request): Promise<string | undefined> => {
    const id = readCookie(request, settings.cookie.name);
    if (!id) return undefined;
    const key = await sessionKey(id);
    return (await accountOf(key)) !== undefined ? key : undefined;
  };

  const flights = new Flights();
  const outcomes = new Outcomes(settings, usage);
  // Calls made once per person (a sign-in asking who signed in), not at a rate: the pacing leaves them out.
  const oneOffs = new DayCounter();
  const ownCalls = new OwnCalls();
  const anonymousLine = new AnonymousLine(settings);
  const publicCache: PublicCache = new PublicCache({
    settings,
    store: publicStore,
    client,
    locks: coordination.locks,
    flights,
    outcomes,
    usage,
    readUsage: () => client.readUsage(),
    viewCounts: coordination.viewCounts ?? new MemoryViewCounts(),
    oneOffs,
    ownCalls,
    sharedStore: Boolean(sharedCache),
    anonymous: { line: anonymousLine, calls: (): Promise<number> => visitors.anonymousCalls() },
  });
  const userCalls = new UserCalls({
    settings,
    store: userStore,
    client,
    tokensFor,
    flights,
    outcomes,
    publicCache,
    onCall: (key) => ownCalls.call(usage().day, key),
  });
  const visitors: VisitorShares = new VisitorShares({
    settings,
    counts: coordination.visitors ?? memoryVisitorCounts(),
    accountOf,
    usage,
    anonymousLimit: (now) => publicCache.anonymousLimit(now),
  });
  const signIn: SignInContext = {
    settings,
    client,
    tokensFor,
    userClient: (key: string) => userCalls.clientFor(key),
    forgetUser: (key: string) => userCalls.forget(key),
    signedIn,
    markUsed: (key: string) => markUsed(`catalog-server:${key}`, USED_SIGN_IN_MS),
    chargeSignIn: (request, context) => visitors.signInCharge(request, context),
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
  };

  const door = frontDoor({ settings, signedIn, publicCache, userCalls, visitors, signIn });
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
