import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, type SandboxOptions } from '../src/testing/index.js';
import { runWorkers, startIn, windows } from './helpers/processes.js';
import { type RedisServer, startRedis } from './helpers/redis-server.js';
import type { WorkerConfig } from './helpers/redis-worker.js';

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
    startAt: startIn(4000),
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
    // The windows are well used while calls are waiting. The goal, >= 90% of every full
    // window, is what `npm run bench:redis -- 1` measures, alone on the machine. Here other test
    // files share the CPU, and a process starved for a moment sends a call admitted in one window
    // into the server's next one (or an answer arrives after later calls, and the safe count
    // discounts those twice), so a window can lose a few calls. Measured on this 2-core machine
    // at load averages 2-12 (19 runs): every full window >= 15 of 20, their average >= 17.5.
    // Asserted with a little room: the average of the 4 full windows >= 85% (17 of 20), and
    // every full window >= 70% (14 of 20).
    const full = counts.slice(0, -1);
    const average = full.reduce((a, b) => a + b, 0) / full.length;
    expect(average, `windows ${counts.join('/')}`).toBeGreaterThanOrEqual(17);
    expect(Math.min(...full), `windows ${counts.join('/')}`).toBeGreaterThanOrEqual(14);
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
