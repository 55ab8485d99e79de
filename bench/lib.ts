import v8 from 'node:v8';
import { type CatalogClient, type ClientOptions, createClient } from 'price-catalog';
import { createSandbox, type Sandbox, type SandboxOptions, type SandboxServer } from 'price-catalog/testing';

/** One line of the results table. */
export interface Row {
  goal: string;
  what: string;
  measured: string;
  target: string;
  /** `n/a` when the figure could not be measured (e.g. a missing script). */
  result: 'PASS' | 'SHORT' | 'n/a';
  /** Context printed under the table: how the figure was taken, raw timings. */
  note?: string;
}

export { ACCEPT } from './page-server.mjs';

/** A rate limit no bench run can reach. */
export const NO_LIMIT: SandboxOptions['rateLimit'] = { limit: 1e9, windowMs: 60_000 };

export interface Served {
  sandbox: Sandbox;
  server: SandboxServer;
  /** A client of the loopback server with the application credentials; options override. */
  client(options?: Partial<ClientOptions>): CatalogClient;
  close(): Promise<void>;
}

/** The sandbox's real HTTP server on a free loopback port. */
export async function serve(options: SandboxOptions): Promise<Served> {
  const sandbox = createSandbox({ dailyLimit: null, ...options });
  const server = await sandbox.listen({ port: 0 });
  return {
    sandbox,
    server,
    client: (overrides = {}) =>
      createClient({
        baseUrl: server.baseUrl,
        authUrl: server.authUrl,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        dailyLimit: null,
        ...overrides,
      }),
    close: () => server.close(),
  };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Milliseconds `fn` takes. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export const ratio = (x: number): string => `${x.toFixed(2)}x`;
export const percent = (x: number): string => `${(x * 100).toFixed(1)}%`;
export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const us = (ms: number): string => `${(ms * 1000).toFixed(0)} us`;
export const verdict = (ok: boolean): Row['result'] => (ok ? 'PASS' : 'SHORT');

/**
 * The heap in use for data, after full collections that also let finalizers run (Node frees what
 * a Request's linked AbortSignals hold from a FinalizationRegistry callback, a task after the GC).
 * Code spaces are left out: V8 keeps compiling hot functions, which grows them for a while in any
 * long loop, whatever it retains. `global.gc` needs `--expose-gc` (`npm run bench` passes it).
 */
export async function settledHeap(): Promise<{ data: number; code: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc (npm run bench does)');
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(5);
  }
  gc();
  let data = 0;
  let code = 0;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name.startsWith('code')) code += space.space_used_size;
    else data += space.space_used_size;
  }
  return { data, code };
}
