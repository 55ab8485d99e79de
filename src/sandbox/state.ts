import type { AuthorizationDecision } from './auth/authorization-decision.js';
import { AuthorizationCodes } from './auth/codes.js';
import { RefreshTokens } from './auth/refresh-tokens.js';
import { TokenStore } from './auth/tokens.js';
import { withBulkCategory } from './catalog/bulk.js';
import { PriceBook } from './catalog/price-book.js';
import { type Catalog, seededCatalog } from './data/catalog-cache.js';
import { deriveRng, type Rng } from './data/random.js';
import { SANDBOX_USER_ID } from './data/users.js';
import { FaultPlan } from './faults.js';
import { DailyLedger } from './limits/daily-limit.js';
import { RateWindows } from './limits/rate-limit.js';
import type { ResolvedOptions } from './options.js';
import { RedirectTable } from './redirects.js';
import { ReviewBook } from './reviews/review-book.js';
import type { RecordedRequest, SandboxStats } from './types.js';
import { UserBook } from './users/user-book.js';

/** Everything a sandbox remembers between requests; `reset()` brings it back to the seeded start. */
export class SandboxState {
  readonly catalog: Catalog;
  /** Hosts of the loopback servers currently listening (`127.0.0.1:5000`). */
  readonly serverHosts = new Set<string>();
  tokens!: TokenStore;
  /** Codes of the authorize endpoint, single use. */
  codes!: AuthorizationCodes;
  refreshTokens!: RefreshTokens;
  /** How the consent page answers (`sandbox.setAuthorization`): approve, as alice, by default. */
  authorization!: AuthorizationDecision;
  rate!: RateWindows;
  daily!: DailyLedger;
  faults!: FaultPlan;
  redirects!: RedirectTable;
  /** SKU reviews, votes and flags as tests have written them. */
  reviews!: ReviewBook;
  /** Users' profiles, favorites, lists, addresses and notifications as tests changed them. */
  users!: UserBook;
  /** Product prices set by `sandbox.setPrice`. */
  prices!: PriceBook;
  latencyRng!: Rng;
  readonly log: RecordedRequest[] = [];
  stats: Omit<SandboxStats, 'dailyCalls'> = { tokenRequests: 0, apiCalls: 0, overLimit: 0 };

  constructor(readonly options: ResolvedOptions) {
    this.catalog = withBulkCategory(seededCatalog(options.seed, options.scale), options.bulkCategory);
    this.reset();
  }

  reset(): void {
    const { seed, rateLimit, dailyLimit, faults } = this.options;
    this.tokens = new TokenStore(deriveRng(seed, 'tokens'));
    // Own streams, so codes and refresh tokens do not shift the access tokens of a seed.
    this.codes = new AuthorizationCodes(deriveRng(seed, 'authorization-codes'));
    this.refreshTokens = new RefreshTokens(deriveRng(seed, 'refresh-tokens'));
    this.authorization = { approve: true, userId: SANDBOX_USER_ID };
    this.rate = new RateWindows(rateLimit.limit, rateLimit.windowMs);
    this.daily = new DailyLedger(dailyLimit);
    this.faults = new FaultPlan(faults, deriveRng(seed, 'faults'));
    this.redirects = new RedirectTable();
    this.reviews = new ReviewBook(this.catalog);
    this.users = new UserBook(this.catalog);
    this.prices = new PriceBook();
    this.latencyRng = deriveRng(seed, 'latency');
    // Emptied in place: a test may hold the array `sandbox.requests` gave it.
    this.log.length = 0;
    this.stats = { tokenRequests: 0, apiCalls: 0, overLimit: 0 };
  }
}
