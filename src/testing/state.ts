import { TokenStore } from './auth/tokens.js';
import { type Catalog, seededCatalog } from './data/catalog-cache.js';
import { deriveRng, type Rng } from './data/random.js';
import { FaultPlan } from './faults.js';
import { DailyLedger } from './limits/daily-limit.js';
import { RateWindows } from './limits/rate-limit.js';
import type { ResolvedOptions } from './options.js';
import { RedirectTable } from './redirects.js';
import type { RecordedRequest, SandboxStats } from './types.js';

/** Everything a sandbox remembers between requests; `reset()` brings it back to the seeded start. */
export class SandboxState {
  readonly catalog: Catalog;
  /** Hosts of the loopback servers currently listening (`127.0.0.1:5000`). */
  readonly serverHosts = new Set<string>();
  tokens!: TokenStore;
  rate!: RateWindows;
  daily!: DailyLedger;
  faults!: FaultPlan;
  redirects!: RedirectTable;
  latencyRng!: Rng;
  readonly log: RecordedRequest[] = [];
  stats: Omit<SandboxStats, 'dailyCalls'> = { tokenRequests: 0, apiCalls: 0, overLimit: 0 };

  constructor(readonly options: ResolvedOptions) {
    this.catalog = seededCatalog(options.seed);
    this.reset();
  }

  reset(): void {
    const { seed, rateLimit, dailyLimit, faults } = this.options;
    this.tokens = new TokenStore(deriveRng(seed, 'tokens'));
    this.rate = new RateWindows(rateLimit.limit, rateLimit.windowMs);
    this.daily = new DailyLedger(dailyLimit);
    this.faults = new FaultPlan(faults, deriveRng(seed, 'faults'));
    this.redirects = new RedirectTable();
    this.latencyRng = deriveRng(seed, 'latency');
    // Emptied in place: a test may hold the array `sandbox.requests` gave it.
    this.log.length = 0;
    this.stats = { tokenRequests: 0, apiCalls: 0, overLimit: 0 };
  }
}
