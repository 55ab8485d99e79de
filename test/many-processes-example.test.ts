import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RedisServer, startRedis } from './helpers/redis-server.js';

// docs/many-processes.md's example, run as a user runs it: the sandbox API, three users, and two
// backend processes (examples/many-processes/backend.ts) on one Redis, through the built package.

const run = promisify(execFile);
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

it('two backend processes serve three users on one Redis: one app token, each answer fetched once', async () => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/many-processes/run.ts'], {
    cwd: new URL('..', import.meta.url),
    env: { ...process.env, REDIS_URL: redis.url },
    timeout: 110_000,
  });
  expect(JSON.parse(stdout.trim().split('\n').at(-1) as string)).toEqual({
    processes: 2,
    users: ['alice', 'bob', 'carol'],
    // One application token for both processes.
    tokenRequests: 1,
    // Each user's /user from each process (a user's answer is not shared: 6), and category 40
    // once: the second process read it from the Redis cache.
    apiCalls: 7,
  });
}, 120_000);
