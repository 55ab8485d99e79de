/**
 * Each visitor's share of the day: a request that would spend an API call is charged to its
 * visitor, and anonymous visitors are charged together too, so no visitor, and no crowd of
 * anonymous ones, can spend the day's budget the pages people view live on. A visitor is a
 * person, then a network: a signed-in visitor is their account (the API's user id, one share
 * across all their sessions), anyone else their visitor key (by default the client's address,
 * an IPv6 one cut to its network). A sign-in is charged to the address that asks, a sign-out to
 * the account. Counted in the coordination, so every instance sees one count.
 */
import type { DailyUsage, VisitorCharge, VisitorCountStore } from '../../index.js';
import { DAY_MS, utcDay } from '../../internal/day.js';
import { sha256Hex } from '../../internal/digest.js';
import { refusal, secondsUntil } from '../answers/respond.js';
import { visitorRefused } from '../events.js';
import { networkOf } from './networks.js';

/** What the server knows of a request beside the Request itself. */
export interface RequestContext {
  /**
   * The client's network address, as the server saw it (`toNodeHandler` passes the socket's;
   * behind a trusted proxy, the address the proxy names). The default visitor key.
   */
  clientAddress?: string | undefined;
}

/** `undefined`: the request may spend its call; a Response: the visitor's share is spent (429). */
export type Charge = () => Promise<Response | undefined>;

export interface Shares {
  /** Calls per UTC day one visitor (an account, else a visitor key) may cause. */
  visitor: number;
  /** Calls per UTC day every visitor who is not signed in may cause together. */
  anonymous: number;
}

export type VisitorKey = (request: Request, context: RequestContext) => string | undefined;

const ANONYMOUS = 'anonymous';

export interface VisitorSharesParts {
  counts: VisitorCountStore;
  shares: Shares;
  visitorKey: VisitorKey;
  /** Bits of an IPv6 address that make one visitor's network. */
  ipv6Prefix: number;
  /** The account (the API's user id) of a signed-in session's key, undefined once it ended. */
  accountOf(sessionKey: string): Promise<string | undefined>;
  now: () => number;
  usage: () => DailyUsage;
}

export class VisitorShares {
  constructor(private readonly parts: VisitorSharesParts) {}

  /** The charge of one request, made only when a call is about to be spent. */
  chargeFor(request: Request, context: RequestContext, session: () => Promise<string | undefined>): Charge {
    return () => this.take(async () => this.chargesOf(request, context, await session()));
  }

  /** A sign-in's call (the account it learns): charged to the address that asks, alone. */
  signInCharge(request: Request, context: RequestContext): Charge {
    return () =>
      this.take(async () => {
        const network = await this.networkCharge(request, context);
        return network ? [network] : [{ key: ANONYMOUS, limit: this.parts.shares.anonymous }];
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

  /** Takes one call from each of the charges, or refuses (429) when one is spent. */
  private async take(chargesOf: () => Promise<VisitorCharge[]>): Promise<Response | undefined> {
    // With the day's budget spent the call is refused anyway (503 until midnight): no share is taken.
    const { calls, limit } = this.parts.usage();
    if (limit !== null && calls >= limit) return undefined;
    const charges = (await chargesOf()).filter((charge) => Number.isFinite(charge.limit));
    if (charges.length === 0) return undefined;
    const t = this.parts.now();
    if (await this.parts.counts.take(utcDay(t), charges)) return undefined;
    const tomorrow = (Math.floor(t / DAY_MS) + 1) * DAY_MS;
    visitorRefused('share');
    return refusal(
      429,
      'VisitorShareSpent',
      "This visitor's share of today's API calls is spent; answers already kept are still served",
      { 'retry-after': secondsUntil(tomorrow, t) },
    );
  }

  private async chargesOf(
    request: Request,
    context: RequestContext,
    session: string | undefined,
  ): Promise<VisitorCharge[]> {
    // A session that ended meanwhile (a racing sign-out) has no account: charged as anonymous.
    const account = session === undefined ? undefined : await this.parts.accountOf(session);
    if (account !== undefined) return [await this.accountCharge(account)];
    const network = await this.networkCharge(request, context);
    return [...(network ? [network] : []), { key: ANONYMOUS, limit: this.parts.shares.anonymous }];
  }

  private async accountCharge(account: string): Promise<VisitorCharge> {
    return { key: `a:${await fingerprint(account)}`, limit: this.parts.shares.visitor };
  }

  /** The visitor key's charge (an IPv6 address as its network), or undefined without a key. */
  private async networkCharge(request: Request, context: RequestContext): Promise<VisitorCharge | undefined> {
    const key = this.parts.visitorKey(request, context);
    if (typeof key !== 'string' || key === '') return undefined;
    const network = networkOf(key, this.parts.ipv6Prefix) ?? key;
    return { key: `v:${await fingerprint(network)}`, limit: this.parts.shares.visitor };
  }
}

/** The default visitor key: the address the server gave (never a header a client can set). */
export const byClientAddress: VisitorKey = (_request, context) => context.clientAddress;

/** The stores count fingerprints: no address is kept. */
function fingerprint(key: string): Promise<string> {
  return sha256Hex(key, 12);
}
