/**
 * Each visitor's share of the day: a request that would spend an API call is charged to its
 * visitor, and anonymous visitors are charged together too, so no visitor, and no crowd of
 * anonymous ones, can spend the day's budget the pages people view live on. A visitor is a
 * person, then a network: a signed-in visitor is their account (the API's user id, one share
 * across all their sessions), anyone else their visitor key (by default the client's address,
 * an IPv6 one cut to its network). Anonymous visitors together take at most their share of the
 * pacing line (anonymous-line.ts). A sign-in is charged to an allowance of sign-ins of its own
 * (per address, and all addresses together), never to a share a visitor may have spent browsing;
 * a sign-out to the account. Counted in the coordination, so every instance sees one count. A
 * refusal says to try again within 15 minutes, never tomorrow: by then other visitors may have
 * had the page fetched (kept answers cost no share) and the line has moved on.
 */
import type { DailyUsage, VisitorCharge, VisitorCountStore } from '../../index.js';
import { utcDay } from '../../internal/day.js';
import { sha256Hex } from '../../internal/digest.js';
import { refusal, secondsUntil } from '../answers/response.js';
import { visitorRefused } from '../events.js';
import type { RequestContext } from '../options.js';
import { type AnonymousLimit, MAX_RETRY_MS } from '../pacing/anonymous-line.js';
import { notFetchedYet } from '../pacing/not-fetched.js';
import type { Settings } from '../settings.js';
import { networkOf } from './networks.js';

/** `undefined`: the request may spend its call; a Response: a share is spent (429, or 503 for the anonymous line). */
export type Charge = () => Promise<Response | undefined>;

const ANONYMOUS = 'anonymous';
const SIGN_INS = 'sign-ins';

/** Which allowance a charge takes from, for the refusal that names it. */
type Kind = 'visitor' | 'anonymous' | 'sign-in';
type Charged = VisitorCharge & { kind: Kind; retryAt?: number };

export interface VisitorSharesParts {
  /** `ipv6Prefix`: bits of an IPv6 address that make one visitor's network. */
  settings: Pick<Settings, 'shares' | 'visitorKey' | 'ipv6Prefix' | 'now'>;
  counts: VisitorCountStore;
  /** The account (the API's user id) of a signed-in session's key, undefined once it ended. */
  accountOf(sessionKey: string): Promise<string | undefined>;
  usage: () => DailyUsage;
  /** Anonymous visitors' limit now: their share of the pacing line (public-cache.ts). */
  anonymousLimit?: ((now: number) => Promise<AnonymousLimit> | undefined) | undefined;
}

export class VisitorShares {
  constructor(private readonly parts: VisitorSharesParts) {}

  /** The charge of one request, made only when a call is about to be spent. */
  chargeFor(request: Request, context: RequestContext, session: () => Promise<string | undefined>): Charge {
    return () => this.take(async () => this.chargesOf(request, context, await session()));
  }

  /**
   * The visitor's fingerprint (their account's, else their network's), so a view counts once per
   * visitor; undefined without a visitor key.
   */
  async viewerOf(
    request: Request,
    context: RequestContext,
    session: string | undefined,
  ): Promise<string | undefined> {
    const account = session === undefined ? undefined : await this.parts.accountOf(session);
    if (account !== undefined) return (await this.accountCharge(account)).key;
    return (await this.networkCharge(request, context))?.key;
  }

  /** Calls anonymous visitors caused today, every instance's. */
  anonymousCalls(): Promise<number> {
    return this.parts.counts.count(utcDay(this.parts.settings.now()), ANONYMOUS);
  }

  /**
   * A sign-in's call (the account it learns): from the sign-ins' own allowance, the address's
   * and every address's together; never from a share the visitor spent browsing.
   */
  signInCharge(request: Request, context: RequestContext): Charge {
    return () =>
      this.take(async () => {
        const { signIn, allSignIns } = this.parts.settings.shares;
        const network = await this.networkCharge(request, context);
        const all: Charged = { key: SIGN_INS, limit: allSignIns, kind: 'sign-in' };
        return network ? [{ key: `s:${network.key.slice(2)}`, limit: signIn, kind: 'sign-in' }, all] : [all];
      });
  }

  /** A sign-out's call (the API's logout): charged to the account signing out. */
  signOutCharge(sessionKey: string): Charge {
    return () =>
      this.take(async () => {
        const account = await this.parts.accountOf(sessionKey);
        return account === undefined ? [] : [await this.accountCharge(account)];
      });
  }

  /** Takes one call from each of the charges, or refuses when one is spent (with when to try again). */
  private async take(chargesOf: () => Promise<Charged[]>): Promise<Response | undefined> {
    // With the day's budget spent the call is refused anyway (503 until midnight): no share is taken.
    const { calls, limit } = this.parts.usage();
    if (limit !== null && calls >= limit) return undefined;
    const charges = (await chargesOf()).filter((charge) => Number.isFinite(charge.limit));
    if (charges.length === 0) return undefined;
    const t = this.parts.settings.now();
    const day = utcDay(t);
    const counted = charges.map(({ key, limit }) => ({ key, limit }));
    if (await this.parts.counts.take(day, counted)) return undefined;
    // Which allowance was spent: the first one at its limit (another visitor may have taken the last meanwhile).
    let spent = charges[0] as Charged;
    for (const charge of charges) {
      if ((await this.parts.counts.count(day, charge.key)) >= charge.limit) {
        spent = charge;
        break;
      }
    }
    const retryAt = Math.min(spent.retryAt ?? t + MAX_RETRY_MS, t + MAX_RETRY_MS);
    if (spent.kind === 'anonymous') return notFetchedYet(t, retryAt);
    visitorRefused('share');
    const [code, message] =
      spent.kind === 'sign-in'
        ? ['SignInsSpent', 'Too many sign-ins from this address, or from all, for now; try again later']
        : [
            'VisitorShareSpent',
            "This visitor's share of today's API calls is spent; answers already kept are still served",
          ];
    return refusal(429, code, message, { 'retry-after': secondsUntil(retryAt, t) });
  }

  private async chargesOf(
    request: Request,
    context: RequestContext,
    session: string | undefined,
  ): Promise<Charged[]> {
    // A session that ended meanwhile (a racing sign-out) has no account: charged as anonymous.
    const account = session === undefined ? undefined : await this.parts.accountOf(session);
    if (account !== undefined) return [await this.accountCharge(account)];
    const network = await this.networkCharge(request, context);
    const line = await this.parts.anonymousLimit?.(this.parts.settings.now());
    const anonymous: Charged = {
      key: ANONYMOUS,
      limit: Math.min(this.parts.settings.shares.anonymous, line?.limit ?? Number.POSITIVE_INFINITY),
      kind: 'anonymous',
      ...(line ? { retryAt: line.retryAt } : {}),
    };
    return [...(network ? [network] : []), anonymous];
  }

  private async accountCharge(account: string): Promise<Charged> {
    return {
      key: `a:${await fingerprint(account)}`,
      limit: this.parts.settings.shares.visitor,
      kind: 'visitor',
    };
  }

  /** The visitor key's charge (an IPv6 address as its network), or undefined without a key. */
  private async networkCharge(request: Request, context: RequestContext): Promise<Charged | undefined> {
    const key = this.parts.settings.visitorKey(request, context);
    if (typeof key !== 'string' || key === '') return undefined;
    const network = networkOf(key, this.parts.settings.ipv6Prefix) ?? key;
    return {
      key: `v:${await fingerprint(network)}`,
      limit: this.parts.settings.shares.visitor,
      kind: 'visitor',
    };
  }
}

/** The stores count fingerprints: no address is kept. */
function fingerprint(key: string): Promise<string> {
  return sha256Hex(key, 12);
}
