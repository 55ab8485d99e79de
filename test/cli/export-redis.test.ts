import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import {
  bundleCli,
  counted,
  progressCalls,
  progressPages,
  sandboxSkuCount,
  tempDir,
  useCli,
} from './cli-helpers.js';

/**
 * `price-catalog export --redis URL` end to end: exporters in child processes against ONE sandbox
 * HTTP server (which counts every request) and a real redis-server, sharing the budget of one
 * client id.
 */
let BIN = '';
let NO_IOREDIS_BIN = '';
let redis: RedisServer;

beforeAll(async () => {
  [BIN, NO_IOREDIS_BIN, redis] = await Promise.all([bundleCli(), bundleCli(['ioredis']), startRedis()]);
}, 60_000);
afterAll(async () => {
  await redis?.stop();
});
useCli();

const SMALL_CATEGORY = 1608; // 37 SKUs
const LARGEST_CATEGORY = 40; // 340 SKUs
let prefixes = 0;
/** Each test its own keys on the one Redis. */
const freshPrefix = (): string => `export-test-${++prefixes}:`;

function lines(file: string): string[] {
  return readFileSync(file, 'utf8').trimEnd().split('\n').filter(Boolean);
}

describe('price-catalog export --redis', () => {
  // A little latency per request, so two exporters interleave and a signal lands mid-way.
  const sandbox = createSandbox({
    latencyMs: 15,
    dailyLimit: null,
    rateLimit: { limit: 1000, windowMs: 1000 },
  });
  let server: SandboxServer;
  beforeAll(async () => {
    server = await sandbox.listen();
  });
  afterAll(async () => {
    await server.close();
  });

  it('two exporters of one client id share the daily budget: together they send exactly it, and both stop saying when to resume', async () => {
    const prefix = freshPrefix();
    // 340 SKUs in pages of 20: 17 calls each, 34 for both; the application may spend 12 a day.
    const budget = 12;
    const job = (name: string) => {
      const dir = tempDir();
      const out = join(dir, `${name}.jsonl`);
      return {
        out,
        // Each its own state directory (its own machine, as far as the local ledger knows).
        env: {
          server,
          sandbox,
          stateDir: join(dir, 'state'),
          extra: { PRICE_CATALOG_DAILY_LIMIT: String(budget), PRICE_CATALOG_REDIS_URL: redis.url },
        },
        args: [
          'skus',
          '--category',
          String(LARGEST_CATEGORY),
          '--per',
          '20',
          '--out',
          out,
          '--no-cache',
          '--redis-prefix',
          prefix,
        ],
      };
    };
    const a = job('a');
    const b = job('b');
    const before = sandbox.apiCalls().length;
    const [ra, rb] = await Promise.all([
      counted(BIN, sandbox, a.args, a.env),
      counted(BIN, sandbox, b.args, b.env),
    ]);
    const sent = sandbox.apiCalls().length - before;
    expect(sent).toBe(budget);
    for (const [result, out] of [
      [ra, a.out],
      [rb, b.out],
    ] as const) {
      expect(result.code, result.stderr).toBe(75);
      expect(result.stderr).toMatch(
        /Stopped: the shared daily budget is spent \(12 of 12 calls counted in Redis by every process of this client id; server day \d{4}-\d\d-\d\d\)\..* Resume after \d{4}-\d\d-\d\dT00:00:00\.000Z \(the server's next UTC day\) with the same command:\n {2}price-catalog export skus --category 40 --per 20 --out \S+\.jsonl --no-cache --redis-prefix \S+\n/,
      );
      expect(result.stderr).not.toContain('    at ');
      // Each wrote whole pages of 20 for the calls it made.
      const written = existsSync(out) ? lines(out).length : 0;
      expect(written).toBe(progressCalls(result.stderr) * 20);
    }
    // The calls each says it made add up to what the server got: the budget, not twice it.
    expect(progressCalls(ra.stderr) + progressCalls(rb.stderr)).toBe(budget);
    expect(
      [ra.stderr, rb.stderr].some((text) =>
        /Today \(server day \S+\): \d+ of 12 calls left in the shared budget \(Redis redis:\/\/127\.0\.0\.1:\d+\/?, every process of this client id\)/.test(
          text,
        ),
      ),
    ).toBe(true);

    // A third exporter of the application, anywhere: the day is spent, it sends nothing.
    const c = job('c');
    const third = await counted(BIN, sandbox, c.args, c.env);
    expect(third.code, third.stderr).toBe(75);
    expect(third.calls).toBe(0);
    expect(third.stderr).toContain(
      'Stopped: the shared daily budget is spent (12 of 12 calls counted in Redis',
    );
  }, 60_000);

  it('interrupted with SIGINT and resumed (once with --max-calls): the same bytes as an uninterrupted export, 0 calls re-spent', async () => {
    const prefix = freshPrefix();
    const env = (dir: string) => ({
      server,
      sandbox,
      stateDir: join(dir, 'state'),
      extra: { PRICE_CATALOG_REDIS_URL: redis.url, PRICE_CATALOG_REDIS_PREFIX: prefix },
    });
    const args = (out: string) => [
      'offers',
      '--category',
      String(SMALL_CATEGORY),
      '--per',
      '10',
      '--out',
      out,
      '--no-cache',
    ];
    const refDir = tempDir();
    const refOut = join(refDir, 'reference.jsonl');
    const reference = await counted(BIN, sandbox, args(refOut), env(refDir));
    expect(reference.code, reference.stderr).toBe(0);

    const dir = tempDir();
    const out = join(dir, 'offers.jsonl');
    let signalled = false;
    const first = await counted(BIN, sandbox, args(out), env(dir), (text, child) => {
      if (!signalled && progressPages(text) >= 8) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toMatch(
      /Interrupted: \d+ records in .*offers\.jsonl, checkpoint saved after page \d+/,
    );
    const whole = readFileSync(refOut, 'utf8');
    const partial = readFileSync(out, 'utf8');
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(whole.length);
    expect(whole.startsWith(partial)).toBe(true);

    const capped = await counted(BIN, sandbox, [...args(out), '--max-calls', '3'], env(dir));
    expect(capped.code, capped.stderr).toBe(75);
    expect(capped.calls).toBe(3);
    expect(capped.stderr).toMatch(/Resuming .*offers\.jsonl: \d+ records in \d+ pages written/);
    expect(capped.stderr).toMatch(
      /; \d+ of 1000 calls left today in the shared budget \(Redis redis:\/\/127\.0\.0\.1:\d+\/?, every process of this client id\) \(server day \d{4}-\d\d-\d\d\)\./,
    );
    expect(capped.stderr).toContain('Stopped: --max-calls 3 reached (3 calls in this run).');

    const resumed = await counted(BIN, sandbox, args(out), env(dir));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(whole);
    expect(existsSync(`${out}.checkpoint.json`)).toBe(false);
    // Together exactly the calls of one uninterrupted export: the resumes re-spent 0.
    expect(first.calls).toBeGreaterThan(0);
    expect(first.calls + capped.calls + resumed.calls).toBe(reference.calls);
    // Redis counted every one of them, for the whole application.
    const usage = /Done: .*\((\d+) pages; (\d+) calls over all runs/.exec(resumed.stderr);
    expect(Number(usage?.[2])).toBe(reference.calls);
  }, 60_000);

  it('Redis stopped mid-export: one clear line naming Redis, the file ends on a complete record, and the resume finishes it once Redis is back', async () => {
    const own = await startRedis();
    try {
      const prefix = freshPrefix();
      const dir = tempDir();
      const out = join(dir, 'offers.jsonl');
      const env = {
        server,
        sandbox,
        stateDir: join(dir, 'state'),
        extra: { PRICE_CATALOG_REDIS_URL: own.url, PRICE_CATALOG_REDIS_PREFIX: prefix },
      };
      const argsFor = (file: string) => [
        'offers',
        '--category',
        String(SMALL_CATEGORY),
        '--per',
        '10',
        '--out',
        file,
        '--no-cache',
        '--redis-timeout',
        '300',
      ];
      const args = argsFor(out);
      const refDir = tempDir();
      const refOut = join(refDir, 'reference.jsonl');
      const reference = await counted(BIN, sandbox, argsFor(refOut), {
        ...env,
        stateDir: join(refDir, 'state'),
      });
      expect(reference.code, reference.stderr).toBe(0);

      let stopping: Promise<void> | undefined;
      const broken = await counted(BIN, sandbox, args, env, (text) => {
        if (!stopping && progressPages(text) >= 6) stopping = own.stop();
      });
      await stopping;
      expect(broken.code, broken.stderr).toBe(1);
      const errors = broken.stderr.split('\n').filter((line) => /error/i.test(line));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        /^price-catalog: Redis coordination failed \(CoordinationError, redis:\/\/127\.0\.0\.1:\d+\/?\): Redis .+\. \d+ records in .*offers\.jsonl, checkpoint saved after page \d+; run the same command to resume once Redis answers\.$/,
      );
      expect(broken.stderr).not.toContain('    at ');
      expect(broken.stderr).not.toContain(sandbox.clientSecret);
      const whole = readFileSync(refOut, 'utf8');
      const partial = readFileSync(out, 'utf8');
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(whole.length);
      expect(partial.endsWith('\n')).toBe(true);
      expect(whole.startsWith(partial)).toBe(true);
      expect(existsSync(`${out}.checkpoint.json`)).toBe(true);

      await own.start();
      const resumed = await counted(BIN, sandbox, args, env);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(resumed.stderr).toMatch(/Resuming .*offers\.jsonl/);
      expect(readFileSync(out, 'utf8')).toBe(whole);
      // Nothing is sent without Redis's count: the failed run lost no answer it paid for.
      expect(broken.calls + resumed.calls).toBe(reference.calls);
    } finally {
      await own.stop();
    }
  }, 60_000);

  it('Redis unreachable from the start: one line, nothing sent, no password shown', async () => {
    const dir = tempDir();
    const down = await startRedis();
    await down.stop();
    const url = down.url.replace('redis://', 'redis://:hunter2-secret@');
    const result = await counted(
      BIN,
      sandbox,
      ['skus', '--category', String(SMALL_CATEGORY), '--out', join(dir, 's.jsonl'), '--redis', url],
      { server, sandbox, stateDir: join(dir, 'state'), extra: { PRICE_CATALOG_LOG: 'debug' } },
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.calls).toBe(0);
    expect(result.stderr).toMatch(
      /^price-catalog: Redis coordination failed \(CoordinationError, redis:\/\/127\.0\.0\.1:\d+\/?\): .+\. Nothing was fetched; run the same command once Redis answers\.\n$/,
    );
    expect(result.stderr).not.toContain('hunter2-secret');
    expect(result.stderr).not.toContain('    at ');
  }, 60_000);

  it('--redis without ioredis installed says what to install, before any call', async () => {
    const dir = tempDir();
    const result = await counted(
      NO_IOREDIS_BIN,
      sandbox,
      ['skus', '--category', String(SMALL_CATEGORY), '--out', join(dir, 's.jsonl'), '--redis', redis.url],
      { server, sandbox, stateDir: join(dir, 'state') },
    );
    expect(result.code).toBe(1);
    expect(result.calls).toBe(0);
    expect(result.stderr).toBe(
      'price-catalog: --redis needs the ioredis package (an optional peer dependency of price-catalog): install it where price-catalog is installed, with `npm install ioredis` (`npm install --global ioredis` when price-catalog is installed globally).\n',
    );
    // Without --redis the same bundle works: ioredis is loaded only for --redis.
    const plain = await counted(
      NO_IOREDIS_BIN,
      sandbox,
      ['skus', '--category', String(SMALL_CATEGORY), '--out', join(dir, 't.jsonl')],
      { server, sandbox, stateDir: join(dir, 'state') },
    );
    expect(plain.code, plain.stderr).toBe(0);
    expect(lines(join(dir, 't.jsonl'))).toHaveLength(await sandboxSkuCount(sandbox, SMALL_CATEGORY));

    const bad = await counted(
      BIN,
      sandbox,
      ['skus', '--category', '40', '--out', join(dir, 'u.jsonl'), '--redis', 'http://127.0.0.1:6379'],
      { server, sandbox, stateDir: join(dir, 'state') },
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--redis.*must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(bad.calls).toBe(0);
  }, 60_000);
});
