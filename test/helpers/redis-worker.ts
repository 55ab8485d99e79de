/**
 * One process of the many-processes tests and benchmarks (bundled and started by processes.ts:
 * `node redis-worker.mjs '<json WorkerConfig>'`). It makes a client of the sandbox server on
 * a Redis coordination, waits for the test's go (all processes loaded) and the common start time,
 * runs its part, and prints one JSON line (WorkerResult).
 */
import { Cluster } from 'ioredis';
import { createClient, PriceCatalogError } from '../../src/index.js';
import { redisCoordination } from '../../src/redis/index.js';
import { readyThenWait } from './start-together.js';

export interface WorkerConfig {
  redisUrl: string;
  /** A Redis Cluster's nodes: the worker passes its own ioredis Cluster instead of `redisUrl`. */
  cluster?: { host: string; port: number }[] | undefined;
  prefix: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Epoch ms when every process starts its calls (0: as soon as all are loaded). */
  startAt: number;
  /** Calls to make (GET /categories/40 with a distinct query each, so none is shared or cached). */
  calls: number;
  /** Calls in flight at once. */
  concurrency: number;
  dailyLimit?: number | null | undefined;
  commandTimeoutMs?: number | undefined;
  maxRateLimitWait?: number | undefined;
  /** Share the cache through Redis and call the same cacheable GET `calls` times. */
  cached?: boolean | undefined;
  /** Stop making new calls after this epoch ms. */
  stopAt?: number | undefined;
}

export interface CallResult {
  /** `ok`, or the error class name. */
  outcome: string;
  /** The error's message, when it failed. */
  message?: string;
  start: number;
  end: number;
}

export interface WorkerResult {
  pid: number;
  calls: CallResult[];
}

const config = JSON.parse(process.argv[2] as string) as WorkerConfig;
const cluster = config.cluster ? new Cluster(config.cluster) : undefined;
cluster?.on('error', () => undefined);
const coordination = redisCoordination({
  ...(cluster ? { client: cluster } : { url: config.redisUrl }),
  prefix: config.prefix,
  commandTimeoutMs: config.commandTimeoutMs,
});
const client = createClient({
  baseUrl: config.baseUrl,
  authUrl: config.authUrl,
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  coordination,
  ...(config.cached ? {} : { cache: false }),
  dailyLimit: config.dailyLimit === undefined ? null : config.dailyLimit,
  maxRetries: 0,
  ...(config.maxRateLimitWait === undefined ? {} : { maxRateLimitWait: config.maxRateLimitWait }),
});

await readyThenWait();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, config.startAt - Date.now())));
const calls: CallResult[] = [];
let next = 0;
async function lane(): Promise<void> {
  while (next < config.calls && (config.stopAt === undefined || Date.now() < config.stopAt)) {
    const i = next++;
    const start = Date.now();
    try {
      if (config.cached) await client.catalog.categories.get(40);
      else
        await client.request({ method: 'GET', path: '/categories/40', query: { n: `${process.pid}-${i}` } });
      calls.push({ outcome: 'ok', start, end: Date.now() });
    } catch (error) {
      const outcome = error instanceof PriceCatalogError ? error.name : `untyped ${String(error)}`;
      calls.push({ outcome, message: (error as Error).message, start, end: Date.now() });
    }
  }
}
await Promise.all(Array.from({ length: config.concurrency }, lane));
await coordination.close();
await cluster?.quit();
const result: WorkerResult = { pid: process.pid, calls };
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
