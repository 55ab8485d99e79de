import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { runWorkers, windows } from '../helpers/processes.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import type { WorkerConfig } from '../helpers/redis-worker.js';

// Four Node processes (test/helpers/redis-worker.ts, through the public createClient with
// redisCoordination) against ONE sandbox HTTP server and ONE redis-server. Real time: a few
// seconds per test.

// Loading four processes with tsx takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let redis: RedisServer;
let n = 0;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

/** A sandbox HTTP server, and the config of worker processes calling it through one Redis. */
async function serve(options: SandboxOptions, part: Partial<WorkerConfig>) {
  const sandbox = createSandbox(options);
  const server = await sandbox.listen({ port: 0 });
  const config: WorkerConfig = {
    redisUrl: redis.url,
    prefix: `p${++n}:`,
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    startAt: 0,
    calls: 0,
    concurrency: 1,
    ...part,
  };
  return { sandbox, server, config };
}

async function fourProcesses(options: SandboxOptions, part: Partial<WorkerConfig>) {
  const { sandbox, server, config } = await serve(options, part);
  try {
    const results = await runWorkers([config, { ...config }, { ...config }, { ...config }]);
    return { sandbox, calls: results.flatMap((r) => r.calls) };
  } finally {
    await server.close();
  }
}

describe('four processes on one Redis', () => {
  it('share one token window: never over the limit, windows kept full, no 403', async () => {
    const { sandbox, calls } = await fourProcesses(
      { rateLimit: { limit: 20, windowMs: 2000 }, dailyLimit: null },
      { calls: 22, concurrency: 6 },
    );
    expect(calls.map((c) => c.outcome)).toEqual(Array(88).fill('ok'));
    const counts = windows(sandbox.apiCalls(), 2000);
    expect(counts.length).toBeGreaterThanOrEqual(5);
    for (const count of counts) expect(count).toBeLessThanOrEqual(20);
    // The goal: >= 90% of every full window used while calls are waiting (18 of 20).
    // Answers of four processes come back out of order; the window discounts only calls still
    // unanswered, so that costs no room (it lost 1-3 calls a window before).
    const full = counts.slice(0, -1);
    for (const count of full) expect(count, `windows ${counts.join('/')}`).toBeGreaterThanOrEqual(18);
    expect(sandbox.stats.overLimit).toBe(0);
    expect(sandbox.stats.tokenRequests).toBe(1);
  });

  it('share one daily budget: exactly the budget is sent, the rest fail before sending, no lockout', async () => {
    const { sandbox, calls } = await fourProcesses(
      { dailyLimit: 80, rateLimit: { limit: 1000, windowMs: 60_000 } },
      { calls: 30, concurrency: 5, dailyLimit: 80 },
    );
    expect(sandbox.apiCalls()).toHaveLength(80);
    expect(sandbox.apiCalls().every((r) => r.status === 200)).toBe(true);
    expect(calls.filter((c) => c.outcome === 'ok')).toHaveLength(80);
    expect(calls.filter((c) => c.outcome === 'DailyLimitError')).toHaveLength(40);
    expect(sandbox.stats.dailyCalls).toBe(80);
  });

  it('an answer one process cached is read by another with no request', async () => {
    const { sandbox, server, config } = await serve(
      { dailyLimit: null },
      { startAt: 0, calls: 1, cached: true },
    );
    try {
      const [first] = await runWorkers([config]);
      expect(first?.calls.map((c) => c.outcome)).toEqual(['ok']);
      expect(sandbox.apiCalls()).toHaveLength(1);
      const [second] = await runWorkers([{ ...config, calls: 3 }]);
      expect(second?.calls.map((c) => c.outcome)).toEqual(['ok', 'ok', 'ok']);
      expect(sandbox.apiCalls()).toHaveLength(1);
      // The second process took the application token from Redis too.
      expect(sandbox.stats.tokenRequests).toBe(1);
    } finally {
      await server.close();
    }
  });
});
