/**
 * A signed-in user's calls, sent with that user's token. Reads are kept in that user's own cache
 * for `userMaxAge` (the API marks them `max-age=0`: without it each view would cost a call), then
 * revalidated; the user's own writes drop the cache at once, so their next view shows the change.
 *
 * A user's cache is a generation: its keys carry the session key and a random id kept in the
 * store, and under it one id per read of the table. A write gives a new id to each read its row
 * names as stale (a favorite: the favorites, not the notifications); a failed write or a sign-out
 * gives the user a new generation. Either drops those answers at once on every instance sharing
 * the store. Users' keys never meet: each holds its session key.
 */
import { type CacheStore, type CatalogClient, staleReads, type TokenStore } from '../../index.js';
import { DAY_MS } from '../../internal/day.js';
import {
  answerFrom,
  notSignedIn,
  type Outcomes,
  passOn,
  refusal,
  UNAVAILABLE,
  upstreamInvalid,
} from '../answers/response.js';
import { type Entry, readEntry, storedAnswer, writeEntry } from '../cache/entries.js';
import type { PublicCache } from '../cache/public-cache.js';
import { jsonBody } from '../http/body.js';
import type { RouteLookup } from '../routing/routes.js';
import type { Settings } from '../settings.js';
import { within } from '../upstream/answer-within.js';
import { type Fetched, failure, fetchGet, type GetSpec } from '../upstream/fetch-api.js';
import type { Flights } from '../upstream/flights.js';
import { invalidAnswer } from '../upstream/upstream.js';
import type { Charge } from '../visitors/visitors.js';
import { randomId } from './session-ids.js';

export interface UserCallsParts {
  settings: Settings;
  /** Where users' answers are kept, each under its session's key (the public store when it is shared). */
  store: CacheStore;
  /** The server's client: each user's calls go through a `forUser` client of it. */
  client: CatalogClient;
  /** A session's tokens (keeping its account across refreshes: accounts.ts). */
  tokensFor(key: string): TokenStore;
  flights: Flights;
  outcomes: Outcomes;
  publicCache: PublicCache;
  /** A call for the user's own resources is being made (for the pacing: own-calls.ts). */
  onCall?: (user: string) => void;
}

/** How long past `userMaxAge` a user's answer is kept: its ETag still saves a body then. */
const KEEP_FOR_ETAG_MS = 3_600_000;
/** How long a user's cache generation is kept unused. */
const GENERATION_MS = DAY_MS;
/** Users' clients kept at once in this process (each holds a token store and a window). */
const MAX_CLIENTS = 1000;
/** Retry-After of a write the API did not answer in time. */
const RETRY_WRITE_MS = 30_000;

export class UserCalls {
  /** One client per signed-in user, kept for a while (a Map in use order). */
  private readonly clients = new Map<string, CatalogClient>();

  constructor(private readonly parts: UserCallsParts) {}

  clientFor(user: string): CatalogClient {
    let found = this.clients.get(user);
    if (found) this.clients.delete(user);
    else found = this.parts.client.forUser({ tokenStore: this.parts.tokensFor(user) });
    this.clients.set(user, found);
    if (this.clients.size > MAX_CLIENTS) this.clients.delete(this.clients.keys().next().value as string);
    return found;
  }

  /** The session ended: its client and its answers go. */
  async forget(user: string): Promise<void> {
    this.clients.delete(user);
    await this.dropAnswers(user);
  }

  /** `read`: the table's name of the read (`favorites.list`), whose answers a write may drop. */
  async read(
    request: Request,
    user: string,
    read: string,
    key: string,
    spec: GetSpec,
    charge: Charge,
  ): Promise<Response> {
    const { settings, store, flights, outcomes } = this.parts;
    const generation = await this.generation(user);
    const full = `u|${user}|${generation}|${await this.readGeneration(user, generation, read)}|${key}`;
    const entry = await readEntry(store, full);
    const t = settings.now();
    if (entry && t - entry.storedAt < Math.max(entry.maxAgeMs, settings.userMaxAge)) {
      return answerFrom(entry, 'hit', request, t);
    }
    const fetched = await within(
      this.refresh(full, user, spec, entry, charge),
      settings.answerWithin,
      flights,
    );
    // Past the visitor's share: their own last answer rather than nothing.
    if (fetched instanceof Response) return entry ? answerFrom(entry, 'stale', request, t) : fetched;
    return outcomes.of(request, fetched ?? UNAVAILABLE, entry, settings.now());
  }

  /** A write for the user; on success it drops the user's answers it changed (and a SKU's public ones). */
  async write(
    request: Request,
    user: string,
    route: RouteLookup,
    spec: GetSpec,
    charge: Charge,
  ): Promise<Response> {
    const { settings, flights } = this.parts;
    const parsed = await jsonBody(request, settings.limits);
    if (parsed instanceof Response) return parsed;
    const refused = await charge();
    if (refused) return refused;
    const answer = await within(this.send(user, route, spec, parsed.body), settings.answerWithin, flights);
    return (
      answer ??
      refusal(
        503,
        'ServiceUnavailable',
        'The catalog API did not answer in time: the change may still be made; look again shortly',
        { 'retry-after': String(Math.ceil(RETRY_WRITE_MS / 1000)) },
      )
    );
  }

  private async send(user: string, route: RouteLookup, spec: GetSpec, body: unknown): Promise<Response> {
    const { method } = route.route;
    const { settings, outcomes, publicCache, tokensFor } = this.parts;
    this.parts.onCall?.(user);
    try {
      const { data, response } = await this.clientFor(user)
        .request(
          { method: method as 'POST', path: spec.path, query: spec.query, body },
          { apiVersion: spec.version },
        )
        .withResponse();
      await this.dropReads(user, route);
      await publicCache.dropAfterWrite(route);
      if (route.row.signsOut) {
        await tokensFor(user).set(undefined);
        await this.forget(user);
      }
      // The write may well have been made: an answer that is not valid data is still never passed on.
      const { settings } = this.parts;
      if (
        data !== undefined &&
        invalidAnswer(response, data, route.row.schema, settings, `${method} ${spec.path}`)
      ) {
        return upstreamInvalid();
      }
      return passOn(response.status, data);
    } catch (error) {
      // Whatever happened, the user's next view asks the API again.
      await this.dropAnswers(user);
      const fetched = failure(error);
      if (fetched.kind === 'api') return passOn(fetched.status, fetched.body);
      if (fetched.kind === 'unauthorized') return notSignedIn('The sign-in has expired: sign in again');
      return outcomes.unavailable(fetched, settings.now());
    }
  }

  private refresh(
    full: string,
    user: string,
    spec: GetSpec,
    previous: Entry | undefined,
    charge: Charge,
  ): Promise<Fetched | Response> {
    const { settings, store, flights } = this.parts;
    return flights.charged(full, charge, async () => {
      this.parts.onCall?.(user);
      const fetched = await fetchGet(this.clientFor(user), spec, previous, settings);
      if (fetched.kind === 'entry' && fetched.storable) {
        await writeEntry(store, full, fetched.entry, settings.userMaxAge + KEEP_FOR_ETAG_MS);
      }
      return fetched;
    });
  }

  /** The user's current cache generation, made when there is none. */
  private async generation(user: string): Promise<string> {
    const found = await this.parts.store.get(`u|${user}|generation`);
    if (typeof found?.body === 'string') return found.body;
    return this.dropAnswers(user);
  }

  /** The id under the user's generation of the answers of one read (`0` until a write drops them). */
  private async readGeneration(user: string, generation: string, read: string): Promise<string> {
    const found = await this.parts.store.get(`u|${user}|${generation}|read|${read}`);
    return typeof found?.body === 'string' ? found.body : '0';
  }

  /**
   * The user's answers of the reads the write's row names as stale get a new id: never read
   * again. A read bound to the write's parameters (`favorites.get` of that id) goes whole.
   */
  private async dropReads(user: string, write: RouteLookup): Promise<void> {
    const reads = new Set(
      staleReads(write.row, write.params)
        .filter((target) => target.row.user)
        .map((target) => target.row.name),
    );
    if (reads.size === 0) return;
    const generation = await this.generation(user);
    for (const read of reads) await this.setId(`u|${user}|${generation}|read|${read}`);
  }

  /** A new generation: the user's answers kept so far are never read again. */
  private dropAnswers(user: string): Promise<string> {
    return this.setId(`u|${user}|generation`);
  }

  private async setId(key: string): Promise<string> {
    const id = randomId().slice(0, 16);
    await this.parts.store.set(key, storedAnswer(id, this.parts.settings.now(), GENERATION_MS));
    return id;
  }
}
