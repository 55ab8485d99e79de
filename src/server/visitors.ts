/**
 * Each visitor's share of the day: a request that would spend an API call is charged to its
 * visitor (the session of a signed-in user, else the visitor key: by default the client's
 * address), and anonymous visitors are charged together too, so no visitor, and no crowd of
 * anonymous ones, can spend the day's budget the pages people view live on. Counted in the
 * coordination, so every instance sees one count.
 */
import type { DailyUsage, VisitorCharge, VisitorCountStore } from '../index.js';
import { DAY_MS } from '../internal/day.js';
import { visitorRefused } from './events.js';
import { refusal, secondsUntil } from './respond.js';

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
  /** Calls per UTC day one visitor (a session, else a visitor key) may cause. */
  visitor: number;
  /** Calls per UTC day every visitor who is not signed in may cause together. */
  anonymous: number;
}

export type VisitorKey = (request: Request, context: RequestContext) => string | undefined;

const ANONYMOUS = 'anonymous';

export class VisitorShares {
  constructor(
    private readonly counts: VisitorCountStore,
    private readonly shares: Shares,
    private readonly visitorKey: VisitorKey,
    private readonly now: () => number,
    private readonly usage: () => DailyUsage,
  ) {}

  /** The charge of one request, made only when a call is about to be spent. */
  chargeFor(request: Request, context: RequestContext, session: () => Promise<string | undefined>): Charge {
    return async () => {
      // With the day's budget spent the call is refused anyway (503 until midnight): no share is taken.
      const { calls, limit } = this.usage();
      if (limit !== null && calls >= limit) return undefined;
      const charges = await this.chargesOf(request, context, session);
      if (charges.length === 0) return undefined;
      const t = this.now();
      if (await this.counts.take(utcDay(t), charges)) return undefined;
      const tomorrow = (Math.floor(t / DAY_MS) + 1) * DAY_MS;
      visitorRefused('share');
      return refusal(
        429,
        'VisitorShareSpent',
        "This visitor's share of today's API calls is spent; answers already kept are still served",
        { 'retry-after': secondsUntil(tomorrow, t) },
      );
    };
  }

  private async chargesOf(
    request: Request,
    context: RequestContext,
    session: () => Promise<string | undefined>,
  ): Promise<VisitorCharge[]> {
    const { visitor, anonymous } = this.shares;
    const charges: VisitorCharge[] = [];
    const user = await session();
    if (user !== undefined) charges.push({ key: `s:${user.slice(0, 40)}`, limit: visitor });
    else {
      const key = this.visitorKey(request, context);
      if (typeof key === 'string' && key !== '') {
        charges.push({ key: `v:${await fingerprint(key)}`, limit: visitor });
      }
      charges.push({ key: ANONYMOUS, limit: anonymous });
    }
    return charges.filter((charge) => Number.isFinite(charge.limit));
  }
}

/** The default visitor key: the address the server gave (never a header a client can set). */
export const byClientAddress: VisitorKey = (_request, context) => context.clientAddress;

/** The stores count fingerprints: no address is kept. */
async function fingerprint(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function utcDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}
