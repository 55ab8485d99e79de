import { join } from 'node:path';
import { type CatalogClient, createClient, type Logger } from '../index.js';
import type { RunBudget } from './budget.js';
import { printError } from './cli-error.js';
import { diskCacheStore } from './disk-cache.js';
import type { ExportOptions } from './export-options.js';

/** The export's counts of what went over the wire. */
export interface Meter {
  /** The job's calls in this run (a token request is not a call). */
  runCalls: number;
  /** The server's last `Date` header: its day is the budget's day. */
  lastDate: string | null;
  /** Called once per API call answered (the job's checkpoint counts them over all runs). */
  onCall: () => void;
  /** fetch, counting: every request of the export goes through it. */
  fetch: typeof fetch;
}

export function createMeter(authUrl: string): Meter {
  const tokenUrl = `${authUrl.replace(/\/+$/, '')}/oauth2/token`;
  const meter: Meter = {
    runCalls: 0,
    lastDate: null,
    onCall: () => {},
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const response = await fetch(input, init);
      if (url.split('?')[0] !== tokenUrl) {
        meter.runCalls++;
        meter.onCall();
      }
      meter.lastDate = response.headers.get('date') ?? meter.lastDate;
      return response;
    },
  };
  return meter;
}

/**
 * The export's SDK client: every request through the meter, the budget taken call by call from the
 * shared count (and --max-calls on top: the SDK refuses the call past it before sending it), the
 * ETag cache on disk, and the SDK's own log (its level from PRICE_CATALOG_LOG, redacted by the
 * SDK) on this command's stderr.
 */
export function exportClient(o: ExportOptions, meter: Meter, budget: RunBudget): CatalogClient {
  const note = (level: string) => (message: string) =>
    o.stderr.write(`[price-catalog] ${level}: ${message}\n`);
  const logger: Logger = {
    error: (message) => printError(o.stderr, message),
    warn: note('warn'),
    info: note('info'),
    debug: note('debug'),
  };
  return createClient({
    baseUrl: o.baseUrl,
    authUrl: o.authUrl,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    fetch: meter.fetch,
    logger,
    cache: o.cache ? diskCacheStore(join(o.stateDir, 'http-cache')) : false,
    coordination: budget.coordination,
    dailyLimit: o.dailyLimit,
  });
}
