import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RedisServer, startRedis } from '../helpers/redis-server.js';

// docs/many-processes.md's example, run as a user runs it: the sandbox API, three users, and two
// backend processes (examples/many-processes/backend.ts) on one Redis, through the built package.

const run = promisify(execFile);
const cwd = new URL('../..', import.meta.url);
const example = ['--import', 'tsx', 'examples/many-processes/run.ts'];

/** What the example prints last: what the API saw. */
const EXPECTED = {
  processes: 2,
  users: ['alice', 'bob', 'carol'],
  // One application token for both processes.
  tokenRequests: 1,
  // Each user's /user from each process (a user's answer is not shared: 6), and category 40
  // once: the second process read it from the Redis cache.
  apiCalls: 7,
};

/** The example's exit code and output, with `env` in place of the test's PRICE_CATALOG_REDIS_URL and PATH. */
async function runExample(env: Record<string, string | undefined>) {
  const { PRICE_CATALOG_REDIS_URL: _, ...rest } = process.env;
  try {
    const { stdout, stderr } = await run(process.execPath, example, {
      cwd,
      env: { ...rest, ...env },
      timeout: 110_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string };
    return { code: failed.code ?? -1, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run many-processes', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('on the Redis of PRICE_CATALOG_REDIS_URL: two backend processes serve three users, one app token, each answer fetched once', async () => {
    const result = await runExample({ PRICE_CATALOG_REDIS_URL: redis.url });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1) as string)).toEqual(EXPECTED);
  }, 120_000);

  it('without PRICE_CATALOG_REDIS_URL, with redis-server installed: starts its own, runs, and stops it', async () => {
    const result = await runExample({});
    expect(result.code, result.stderr).toBe(0);
    const started =
      /many-processes: started \S*redis-server on 127\.0\.0\.1:(\d+) \(no persistence; stopped at the end\)/.exec(
        result.stderr,
      );
    expect(started, result.stderr).not.toBeNull();
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1) as string)).toEqual(EXPECTED);
    // Nothing listens there any more.
    const refused = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
      socket.connect(Number(started?.[1]), '127.0.0.1');
    });
    expect(refused).toBe(true);
  }, 120_000);
});

describe('npm run many-processes without a Redis', () => {
  const empty = mkdtempSync(join(tmpdir(), 'no-redis-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it('no PRICE_CATALOG_REDIS_URL and no redis-server on PATH: says what it needs and how to start it, exit 1, no stack', async () => {
    // PATH with node only: no redis-server to find.
    symlinkSync(process.execPath, join(empty, 'node'));
    const result = await runExample({ PATH: empty });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'many-processes: this example needs a Redis, and no PRICE_CATALOG_REDIS_URL is set nor redis-server installed.',
    );
    expect(result.stderr).toContain('PRICE_CATALOG_REDIS_URL=redis://127.0.0.1:6379 npm run many-processes');
    expect(result.stderr).toContain('apt-get install redis-server');
    expect(result.stderr).not.toMatch(/CoordinationError|\n {4}at /);
  }, 60_000);

  it('a PRICE_CATALOG_REDIS_URL nothing answers at: says so (without its password) and how to start one, exit 1, no stack', async () => {
    const port = await freePort();
    const result = await runExample({ PRICE_CATALOG_REDIS_URL: `redis://:hunter2@127.0.0.1:${port}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `many-processes: no Redis answers at redis://:***@127.0.0.1:${port} (PRICE_CATALOG_REDIS_URL).`,
    );
    expect(result.stderr).not.toContain('hunter2');
    expect(result.stderr).not.toMatch(/CoordinationError|\n {4}at /);
  }, 60_000);
});
