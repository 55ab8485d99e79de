/**
 * One process of the file-coordination process tests (bundled and started by workers.ts:
 * `node file-worker.mjs '<json FileWorkerConfig>'`). It makes a client of the sandbox server on
 * `fileCoordination({ dir })`, waits for the test's go and the common start time, runs its part and prints one JSON
 * line (FileWorkerResult). Modes that hold a lock print `holding` and wait to be killed.
 */
import lockfile from 'proper-lockfile';
import { fileCoordination } from '../../src/file/index.js';
import { createClient, PriceCatalogError } from '../../src/index.js';
import { readyThenWait } from '../helpers/start-together.js';

export interface FileWorkerConfig {
  dir: string;
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Epoch ms when every process starts its calls (0: as soon as the test says go). */
  startAt: number;
  /** Calls to make (GET /categories/40 with a distinct query each, so none is shared or cached). */
  calls: number;
  concurrency: number;
  dailyLimit?: number | null | undefined;
  staleLockMs?: number | undefined;
  /**
   * `state-lock`: take the state file's lock and hang (a process killed mid-update);
   * `token-lock`: start a call whose token request never answers (killed while obtaining the
   * application token, holding its lock); `probe`: start a call whose API request never answers
   * (killed while its call probes the token's window, before any answer told the limit).
   */
  hold?: 'state-lock' | 'token-lock' | 'probe' | undefined;
  /**
   * Changes the state file back to back (two changes at a time, as a process's calls do) and
   * calls process.exit() this many ms after its first change is done: a script that ends while a
   * change it did not wait for is locking, writing or unlocking. Prints nothing.
   */
  exitAfterMs?: number | undefined;
}

export interface FileWorkerResult {
  pid: number;
  /** `ok`, or the error class name, per call. */
  outcomes: string[];
  /** The messages of calls that failed. */
  errors: string[];
  /** Epoch ms each successful call ended. */
  ends: number[];
  /** usage() after the calls. */
  usage: { calls: number; remaining: number | null };
}

const config = JSON.parse(process.argv[2] as string) as FileWorkerConfig;

if (config.hold === 'state-lock') {
  await lockfile.lock(`${config.dir}/state.json`, {
    realpath: false,
    lockfilePath: `${config.dir}/state.json.lock`,
    stale: config.staleLockMs ?? 5000,
  });
  process.stdout.write(`holding ${Date.now()}\n`);
  // Alive until killed (proper-lockfile's renewal timer is unref'd; an exit would release the lock).
  setInterval(() => undefined, 1000);
  await new Promise(() => undefined);
}

const coordination = fileCoordination({ dir: config.dir, staleLockMs: config.staleLockMs });

if (config.exitAfterMs !== undefined) {
  const { exitAfterMs } = config;
  await readyThenWait();
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, config.startAt - Date.now())));
  let armed = false;
  const change = async (): Promise<void> => {
    for (;;) {
      await coordination.budget.take('churn', '2026-01-01', Number.MAX_SAFE_INTEGER);
      // Timed from the first change done, so that even a process started late on a loaded
      // machine has changed its file before it exits mid-change.
      if (!armed) {
        armed = true;
        setTimeout(() => process.exit(0), exitAfterMs);
      }
    }
  };
  await Promise.all([change(), change()]);
}
const client = createClient({
  baseUrl: config.baseUrl,
  authUrl: config.authUrl,
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  coordination,
  cache: false,
  dailyLimit: config.dailyLimit === undefined ? null : config.dailyLimit,
  maxRetries: 0,
  ...(config.hold === 'token-lock' || config.hold === 'probe'
    ? {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          const url = input instanceof Request ? input.url : String(input);
          if (url.includes('/oauth2/token') !== (config.hold === 'token-lock')) return fetch(input, init);
          process.stdout.write(`holding ${Date.now()}\n`);
          return new Promise<Response>(() => undefined);
        },
      }
    : {}),
});

if (config.hold === 'token-lock' || config.hold === 'probe') {
  await client.catalog.categories.root();
}

await readyThenWait();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, config.startAt - Date.now())));
const outcomes: string[] = [];
const errors: string[] = [];
const ends: number[] = [];
let next = 0;
async function lane(): Promise<void> {
  while (next < config.calls) {
    const i = next++;
    try {
      await client.request({ method: 'GET', path: '/categories/40', query: { n: `${process.pid}-${i}` } });
      outcomes.push('ok');
      ends.push(Date.now());
    } catch (error) {
      outcomes.push(error instanceof PriceCatalogError ? error.name : `untyped ${String(error)}`);
      errors.push((error as Error).message);
    }
  }
}
await Promise.all(Array.from({ length: config.concurrency }, lane));
// usage() answers from the state file at once (the file store counts synchronously).
const { calls, remaining } = client.usage();
const result: FileWorkerResult = { pid: process.pid, outcomes, errors, ends, usage: { calls, remaining } };
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
