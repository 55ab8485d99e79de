/**
 * Public answers, cached once for every visitor: served fresh within the API's max-age, stale
 * while the pacing revalidates the most overdue ones in the background, and fetched at once
 * (charged to the visitor, bounded by the browser's deadline) when nothing usable is kept and the
 * first fetches' pacing lets it (first-fetches.ts). A kept answer is never dropped for its age,
 * only for memory: past `maxStale` it is served, with its age, whenever no call can replace it (and with
 * no call at all while pages never fetched are held back: the calls go to them first). A
 * missing id or a refused query is kept too, `missingMaxAge` long.
 */
import {
  type CacheStore,
  type CatalogClient,
  type DailyUsage,
  fillPath,
  type LockStore,
  pathMatches,
  staleReads,
  type ViewCountStore,
} from '../../index.js';
import { DAY_MS, type DayCounter } from '../../internal/day.js';
import { type Answer, isThenable, type Maybe } from '../answers/answer.js';
import { answerParts, type Outcomes, UNAVAILABLE } from '../answers/response.js';
import { revalidationStarted, staleServed } from '../events.js';
import type { Target } from '../http/target.js';
import type { AnonymousLimit, AnonymousLine } from '../pacing/anonymous-line.js';
import { FirstFetches, type Viewer } from '../pacing/first-fetches.js';
import { notFetchedYet } from '../pacing/not-fetched.js';
import { OverdueAnswers } from '../pacing/overdue.js';
import type { OwnCalls } from '../pacing/own-calls.js';
import { Pacing } from '../pacing/pacing.js';
import { PacingState } from '../pacing/pacing-state.js';
import { compileRoutes, type RouteTable } from '../routing/route-table.js';
import type { RouteLookup } from '../routing/routes.js';
import type { Settings } from '../settings.js';
import { within } from '../upstream/answer-within.js';
import { type Fetched, fetchGet, type GetSpec, keptRefusal } from '../upstream/fetch-api.js';
import type { Flights } from '../upstream/flights.js';
import type { Charge } from '../visitors/visitors.js';
import { type Entry, readEntry, writeEntry } from './entries.js';

/** The GET row of an API path (`/skus/1`), as the front door matches it. */
function getRowOf(routes: RouteTable) {
  return (path: string) => routes(path.split('/').filter((segment) => segment !== ''))?.lookup('GET')?.row;
}

/** A background revalidation is the pacing's call, charged to no visitor. */
const FREE: Charge = async () => undefined;

/** How long the store keeps an answer: a year, so only memory drops it (LRU, or Redis' maxmemory). */
const KEEP_MS = 365 * DAY_MS;

export interface PublicCacheParts {
  settings: Settings;
  store: CacheStore;
  client: CatalogClient;
  locks: LockStore;
  flights: Flights;
  outcomes: Outcomes;
  usage: () => DailyUsage;
  /** The day's count read from the budget store now: what a new instance paces from, not its own calls alone. */
  readUsage?: () => Promise<DailyUsage>;
  /** Views of answers not kept yet (first-fetches.ts): the coordination's, shared, or this instance's. */
  viewCounts: ViewCountStore;
  /** Sign-ins' calls: the pacing does not expect them to go on at their morning's rate. */
  oneOffs?: DayCounter;
  /** Users' calls for their own resources: the pacing expects them per person yet to call. */
  ownCalls?: OwnCalls;
  /** The store outlives this instance (shared, as Redis is): the pacing state is saved in it for the next. */
  sharedStore?: boolean | undefined;
  /** Anonymous visitors' share of the line, and the calls they caused today (every instance's). */
  anonymous?: { line: AnonymousLine; calls: () => Promise<number> } | undefined;
}

/** The visitor of a request (their account's or network's fingerprint), looked up only for a first fetch. */
export type ViewerId = () => Promise<string | undefined>;

export class PublicCache {
  private readonly overdue = new OverdueAnswers(2000, getRowOf(compileRoutes()));
  /** Public answers being revalidated in the background by this instance. */
  private readonly revalidating = new Set<string>();
  /** When the pacing last found nothing to revalidate, and with how many in flight: asked again only when either changes. */
  private nothingDueAt = Number.NaN;
  private nothingDueInFlight = 0;

  private readonly pacer: Pacing;
  private readonly firstFetches: FirstFetches;
  private readonly state: PacingState | undefined;
  /** With the `cdn` option, the settings shared caches are told of (its stale window): else undefined. */
  private readonly cdn: Pick<Settings, 'maxStale'> | undefined;

  constructor(private readonly parts: PublicCacheParts) {
    this.pacer = new Pacing(parts.settings, this.overdue, parts.oneOffs, parts.ownCalls);
    this.firstFetches = new FirstFetches(parts.settings, parts.viewCounts);
    if (parts.sharedStore)
      this.state = new PacingState(
        parts.store,
        this.overdue,
        this.firstFetches,
        parts.ownCalls,
        parts.readUsage,
      );
    this.cdn = parts.settings.cdn ? parts.settings : undefined;
  }

  /**
   * A kept answer is served from its parts, without a Request, at once when the store answers at
   * once; a call needs the target's Request. A restarted instance first reads the pacing state
   * the others saved.
   */
  serve(target: Target, key: string, spec: GetSpec, charge: Charge, viewer?: ViewerId): Maybe<Answer> {
    const { state } = this;
    if (state && !state.isRestored) {
      return state
        .restored(this.parts.settings.now())
        .then(() => this.serve(target, key, spec, charge, viewer));
    }
    const entry = readEntry(this.parts.store, key);
    return isThenable(entry)
      ? entry.then((found) => this.serveFrom(found, target, key, spec, charge, viewer))
      : this.serveFrom(entry, target, key, spec, charge, viewer);
  }

  /**
   * The most calls anonymous visitors may have caused by now: their share of the pacing line, or
   * `anonymousShare` while first fetches are free of it (undefined without an anonymous line).
   */
  anonymousLimit(now: number): Promise<AnonymousLimit> | undefined {
    const { anonymous } = this.parts;
    if (!anonymous) return undefined;
    const free = this.firstFetches.free(this.parts.usage(), this.revalidating.size, now);
    return anonymous.line.limit(anonymous.calls, free, now);
  }

  private viewerOf(id: ViewerId | undefined, now: number): Viewer | undefined {
    const { anonymous } = this.parts;
    if (!id && !anonymous?.line.binds) return undefined;
    return {
      id: id ?? (async () => undefined),
      excess: async () => (anonymous?.line.binds ? anonymous.line.excess(await anonymous.calls(), now) : 0),
    };
  }

  private serveFrom(
    entry: Entry | undefined,
    target: Target,
    key: string,
    spec: GetSpec,
    charge: Charge,
    viewer: ViewerId | undefined,
  ): Maybe<Answer> {
    const { settings, flights, outcomes } = this.parts;
    const ifNoneMatch = target.headers.get('if-none-match');
    const t = settings.now();
    this.state?.maybeSave(t, (work) => flights.keep(work));
    const kept = entry?.status === 200 ? entry : undefined;
    this.overdue.view(key, spec, kept?.storedAt ?? 0, kept?.maxAgeMs ?? 0, t);
    if (entry && entry.status !== 200 && t - entry.storedAt < entry.maxAgeMs) {
      return answerParts(entry, 'hit', ifNoneMatch, t, this.cdn);
    }
    this.firstFetches.viewed(kept !== undefined, t);
    if (kept) {
      const age = t - kept.storedAt;
      if (age <= kept.maxAgeMs + settings.maxStale) {
        this.revalidateSome(t);
        if (age >= kept.maxAgeMs) staleServed(spec.path);
        const state = age < kept.maxAgeMs ? 'hit' : 'stale';
        return answerParts(kept, state, ifNoneMatch, t, this.cdn, this.plannedMs(key, t));
      }
    }
    // Past maxStale while pages are held back: a call here would take one from a page shown to
    // nobody, so the kept answer is served with its age and left to the revalidations' pacing.
    if (kept && !flights.has(key) && this.firstFetches.holdingBack(this.parts.usage(), t)) {
      this.revalidateSome(t);
      staleServed(spec.path);
      return answerParts(kept, 'stale', ifNoneMatch, t, this.cdn, this.plannedMs(key, t));
    }
    if (flights.has(key)) return this.fetchFor(target, key, spec, charge, kept, ifNoneMatch);
    const revalidating = () => this.revalidating.size;
    const who = this.viewerOf(viewer, t);
    return this.firstFetches.admit(key, this.parts.usage, revalidating, t, who).then((admitted) => {
      // Another view's call for it may have started while this one was counted: shared.
      if (admitted || flights.has(key)) return this.fetchFor(target, key, spec, charge, kept, ifNoneMatch);
      // Kept past maxStale and refused a call by the line: served with its age, left to the revalidations.
      if (kept) {
        this.revalidateSome(t);
        return outcomes.staleOr503(target.request(), UNAVAILABLE, kept, t);
      }
      return notFetchedYet(t);
    });
  }

  /** With the `cdn` option: how long the pacing plans no refresh of `key`'s answer (ms; 0: due or unknown). */
  private plannedMs(key: string, now: number): number {
    return this.cdn ? this.overdue.refreshIn(key, now) : 0;
  }

  /** Nothing usable kept: the call, charged to the visitor, and its answer. */
  private async fetchFor(
    target: Target,
    key: string,
    spec: GetSpec,
    charge: Charge,
    kept: Entry | undefined,
    ifNoneMatch: string | null,
  ): Promise<Answer> {
    const { settings, flights, outcomes } = this.parts;
    const fetched = await within(this.refresh(key, spec, kept, charge), settings.answerWithin, flights);
    const now = settings.now();
    if (fetched instanceof Response) return fetched;
    if (!fetched) return outcomes.staleOr503(target.request(), UNAVAILABLE, kept, now);
    // A new or confirmed answer is the same for every visitor: shared caches may keep it too.
    if (fetched.kind === 'entry') {
      const state = fetched.revalidated ? 'revalidated' : 'miss';
      return answerParts(fetched.entry, state, ifNoneMatch, now, this.cdn, this.plannedMs(key, now));
    }
    // The application token failing is the server's trouble, not the browser's sign-in.
    return outcomes.of(target.request(), fetched.kind === 'unauthorized' ? UNAVAILABLE : fetched, kept, now);
  }

  /**
   * Drops the public answers a user's write changed (a review: that SKU's reviews and record),
   * as the endpoint table's row of the write says: fetched again rather than served stale (not
   * for a change only answers fetched with a user's token show, such as `favorited`). Keys
   * are `p|version|{mount}{path}?query`; a write that changes no public answer reads no key.
   */
  async dropAfterWrite(write: RouteLookup): Promise<void> {
    const { store, settings } = this.parts;
    const patterns = staleReads(write.row, write.params)
      // Kept answers were fetched with the application token: a change only users see is not in them.
      .filter((target) => !target.row.user && !target.asUserSees)
      .map((target) => fillPath(target.row, target.params));
    if (patterns.length === 0) return;
    for (const cached of [...(await store.keys())]) {
      if (!cached.startsWith('p|')) continue;
      const path = cached.slice(cached.indexOf('|', 2) + 1).split('?')[0] as string;
      const pathname = path.slice(settings.mount.length);
      if (patterns.some((pattern) => pathMatches(pattern, pathname))) await store.delete(cached);
    }
  }

  /** The call for `key`, shared by everyone asking meanwhile; charged to the visitor who starts it. */
  private refresh(
    key: string,
    spec: GetSpec,
    previous: Entry | undefined,
    charge?: Charge,
  ): Promise<Fetched | Response> {
    const { settings, store, client, flights } = this.parts;
    return flights.charged(key, charge ?? FREE, async () => {
      const fetched = await fetchGet(client, spec, previous, settings);
      if (fetched.kind === 'entry') {
        if (fetched.storable) {
          await writeEntry(store, key, fetched.entry, KEEP_MS);
        }
        this.overdue.stored(key, fetched.entry.storedAt, fetched.entry.maxAgeMs);
        return fetched;
      }
      const missing = keptRefusal(fetched, settings.now(), settings.missingMaxAge);
      if (missing) await writeEntry(store, key, missing, 0);
      // Gone at the API: its last answer must not be served as stale.
      else if (previous && fetched.kind === 'api' && (fetched.status === 404 || fetched.status === 410)) {
        await store.delete(key);
      }
      return fetched;
    });
  }

  /** When pacing allows a call: the most overdue stale answer, revalidated in the background. */
  private revalidateSome(t: number): void {
    const { flights } = this.parts;
    const inFlight = this.revalidating.size;
    // A hit decides nothing while no answer is stale, nor again within the millisecond the pacing
    // found nothing due: the budget's count is read for a decision, not per hit.
    if (t === this.nothingDueAt && inFlight === this.nothingDueInFlight) return;
    if (!this.overdue.anyStale(t)) return;
    // Read once: over a shared store the count is the one last read, never a round trip per hit.
    const usage = this.parts.usage();
    const due = this.firstFetches.refreshesMayGo(usage, inFlight, t)
      ? this.pacer.next(usage, inFlight, t, (k) => flights.has(k) || this.revalidating.has(k))
      : undefined;
    if (!due) {
      this.nothingDueAt = t;
      this.nothingDueInFlight = inFlight;
      return;
    }
    this.revalidating.add(due.key);
    revalidationStarted(due.spec.path);
    flights.keep(
      this.revalidate(due.key, due.spec, due.storedAt).finally(() => this.revalidating.delete(due.key)),
    );
  }

  /**
   * A background revalidation, one per resource across every instance sharing the coordination:
   * under its lock, and skipped when another instance has refreshed the entry meanwhile.
   */
  private revalidate(key: string, spec: GetSpec, seenStoredAt: number): Promise<void> {
    const { store, locks } = this.parts;
    return locks.withLock(`catalog-server:${key}`, async () => {
      const current = await readEntry(store, key);
      if (current?.status !== 200 || current.storedAt > seenStoredAt) return;
      await this.refresh(key, spec, current);
    });
  }
}
