import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { windows } from '../helpers/processes.js';
import { newStateDir, removeStateDir } from './state-dirs.js';
import type { FileWorkerConfig } from './worker.js';
import { runWorkers, startTogether, startWorker } from './workers.js';

// Node processes (test/file/worker.ts, through the public createClient with fileCoordination)
// against ONE sandbox HTTP server and ONE state directory. Real time: seconds per test.
vi.setConfig({ testTimeout: 90_000 });

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function serve(options: SandboxOptions, part: Partial<FileWorkerConfig>) {
  const sandbox = createSandbox(options);
  const server = await sandbox.listen({ port: 0 });
  const dir = newStateDir('pc-procs-');
  cleanups.push(() => server.close());
  cleanups.push(() => removeStateDir(dir));
  const config: FileWorkerConfig = {
    dir,
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    startAt: 0,
    calls: 0,
    concurrency: 1,
    ...part,
  };
  return { sandbox, config };
}

describe('four processes on one state directory', () => {
  it('share one daily budget: exactly the budget is sent, the rest fail before sending, no lockout, one token', async () => {
    const { sandbox, config } = await serve(
      { dailyLimit: 80, rateLimit: { limit: 1000, windowMs: 60_000 } },
      { calls: 30, concurrency: 5, dailyLimit: 80 },
    );
    const results = await runWorkers([config, { ...config }, { ...config }, { ...config }]);
    const outcomes = results.flatMap((r) => r.outcomes);
    const figures = {
      sent: sandbox.apiCalls().length,
      budget: 80,
      ok: outcomes.filter((o) => o === 'ok').length,
      refusedBeforeSending: outcomes.filter((o) => o === 'DailyLimitError').length,
      lockouts: sandbox.apiCalls().filter((r) => r.status !== 200).length,
      tokenRequests: sandbox.stats.tokenRequests,
    };
    console.log(`file coordination, 4 processes x 30 calls, budget 80: ${JSON.stringify(figures)}`);
    expect(figures).toEqual({
      sent: 80,
      budget: 80,
      ok: 80,
      refusedBeforeSending: 40,
      lockouts: 0,
      tokenRequests: 1,
    });
    expect(sandbox.stats.dailyCalls).toBe(80);
    // Each process's usage() at its end reads the shared count: the last to end reads all 80.
    expect(Math.max(...results.map((r) => r.usage.calls))).toBe(80);
    expect(Math.min(...results.map((r) => r.usage.remaining ?? 0))).toBe(0);
  });

  it('share one token window: never over the limit, no 403', async () => {
    const { sandbox, config } = await serve(
      { rateLimit: { limit: 20, windowMs: 2000 }, dailyLimit: null },
      { calls: 15, concurrency: 4 },
    );
    const results = await runWorkers([config, { ...config }, { ...config }, { ...config }]);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.flatMap((r) => r.outcomes)).toEqual(Array(60).fill('ok'));
    const counts = windows(sandbox.apiCalls(), 2000);
    expect(counts.length).toBeGreaterThanOrEqual(3);
    for (const count of counts) expect(count, `windows ${counts.join('/')}`).toBeLessThanOrEqual(20);
    expect(sandbox.stats.overLimit).toBe(0);
    expect(sandbox.stats.tokenRequests).toBe(1);
  });

  it('usage() in a new process includes the earlier runs calls', async () => {
    const { sandbox, config } = await serve({ dailyLimit: 50 }, { startAt: 0, dailyLimit: 50 });
    const [first] = await runWorkers([{ ...config, calls: 7 }]);
    expect(first?.outcomes).toEqual(Array(7).fill('ok'));
    const [second] = await runWorkers([{ ...config, calls: 0 }]);
    expect(second?.usage).toEqual({ calls: 7, remaining: 43 });
    const [third] = await runWorkers([{ ...config, calls: 3 }]);
    expect(third?.usage).toEqual({ calls: 10, remaining: 40 });
    expect(sandbox.apiCalls()).toHaveLength(10);
    expect(sandbox.stats.tokenRequests).toBe(1);
  });
});

describe('a process killed while holding a lock', () => {
  for (const hold of ['state-lock', 'token-lock'] as const) {
    // Four processes timed against a wall clock on a loaded machine: one retry, and the figures
    // of every try are printed (a real regression fails both).
    it(`(${hold}) blocks the others no longer than staleLockMs`, { retry: 1 }, async () => {
      const staleLockMs = 2000;
      const { sandbox, config } = await serve(
        { dailyLimit: 100 },
        { startAt: 0, calls: 5, concurrency: 2, dailyLimit: 100, staleLockMs },
      );
      const holder = await startWorker({ ...config, hold });
      const heldAt = await holder.holding;
      holder.child.kill('SIGKILL');
      const killedAt = Date.now();
      const results = await runWorkers([config, { ...config }, { ...config }]);
      const firstOk = Math.min(...results.flatMap((r) => r.ends));
      console.log(
        `file coordination, holder killed with the ${hold}: first call ${firstOk - killedAt} ms after the kill, ${firstOk - heldAt} ms after the lock was taken (staleLockMs ${staleLockMs})`,
      );
      // The dead holder's lock was honoured until it went stale (its mtime is kept to the second).
      expect(firstOk - heldAt).toBeGreaterThanOrEqual(staleLockMs - 1000);
      expect(results.flatMap((r) => r.errors)).toEqual([]);
      expect(results.flatMap((r) => r.outcomes)).toEqual(Array(15).fill('ok'));
      // The bound: staleLockMs after the holder's last renewal (at most staleLockMs / 2 before the
      // kill), plus the time to start the processes and make a call.
      expect(firstOk - killedAt).toBeLessThan(staleLockMs + 3000);
      expect(sandbox.apiCalls()).toHaveLength(15);
      // The killed holder's token request never reached the server.
      expect(sandbox.stats.tokenRequests).toBe(1);
      // The process that ended last read all 15.
      expect(Math.max(...results.map((r) => r.usage.calls))).toBe(15);
    });
  }
});

describe('a process killed while its call probes the window', () => {
  it('holds the others back no longer than it lives', async () => {
    // The limit is unknown until an answer tells it, so the first call goes alone (the probe) and
    // the others wait for its answer, which a killed process never writes: without looking at
    // the prober, they would wait the probe's 30 s bound.
    const { sandbox, config } = await serve(
      { dailyLimit: 100 },
      { startAt: 0, calls: 5, concurrency: 2, dailyLimit: 100 },
    );
    const prober = await startWorker({ ...config, hold: 'probe' });
    await prober.holding;
    prober.child.kill('SIGKILL');
    await prober.exited;
    const killedAt = Date.now();
    const results = await runWorkers([config, { ...config }, { ...config }]);
    const firstOk = Math.min(...results.flatMap((r) => r.ends));
    console.log(`file coordination, prober killed: first call ${firstOk - killedAt} ms after the kill`);
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.flatMap((r) => r.outcomes)).toEqual(Array(15).fill('ok'));
    expect(firstOk - killedAt).toBeLessThan(10_000);
    // The probe never reached the server; the budget counted it, as it may have.
    expect(sandbox.apiCalls()).toHaveLength(15);
    expect(Math.max(...results.map((r) => r.usage.calls))).toBe(16);
    expect(sandbox.stats.tokenRequests).toBe(1);
  });
});

describe('processes that call process.exit() while a change is under way', () => {
  it('leave no lock behind and a state file that parses', async () => {
    // Each process churns changes on a directory of its own and exits at a different moment of
    // its lock cycle (locking, reading, writing, unlocking): a lock left behind would make every
    // other process wait staleLockMs.
    const { config } = await serve({}, {});
    const dirs = Array.from({ length: 12 }, () => newStateDir('pc-exit-'));
    for (const dir of dirs) cleanups.push(() => removeStateDir(dir));
    const workers = await Promise.all(
      dirs.map((dir, i) => startWorker({ ...config, dir, exitAfterMs: 200 + i * 37 })),
    );
    await startTogether(workers);
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual(Array(12).fill(0));
    const left = dirs.filter(
      (dir) => existsSync(join(dir, 'state.json.lock')) || existsSync(join(dir, 'state.json.lock.takeover')),
    );
    expect(left).toEqual([]);
    for (const dir of dirs) {
      // Every process changed its file, and what it left is whole (written atomically).
      expect(await fileCoordination({ dir }).budget.count('churn', '2026-01-01')).toBeGreaterThan(0);
    }
  });
});
