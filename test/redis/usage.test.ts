import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { bundleCli, useCli } from '../cli/cli-helpers.js';
import { logCommands } from '../helpers/redis-log.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

// A client's usage over Redis in a new process: `readUsage()` reads the shared count in one round
// trip (usage() alone says 0 until something reads it), and `price-catalog usage --redis` warns
// when the prefix it is given holds no state. Public API, a real redis-server, the sandbox.

let redis: RedisServer;
let BIN = '';
const sandbox = createSandbox({ dailyLimit: null });
let server: SandboxServer;
const open: RedisCoordination[] = [];
beforeAll(async () => {
  [BIN, redis, server] = await Promise.all([bundleCli(), startRedis(), sandbox.listen({ port: 0 })]);
}, 120_000);
afterAll(async () => {
  for (const c of open.splice(0)) await c.close();
  await server?.close();
  await redis?.stop();
});
useCli();

let n = 0;
/** A client in a "process" of its own: a coordination with its own Redis connection. */
function processClient(prefix: string, client?: Redis) {
  const coordination = redisCoordination(client ? { client, prefix } : { url: redis.url, prefix });
  open.push(coordination);
  return createClient({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    dailyLimit: 50,
    cache: false,
    maxRetries: 0,
    coordination,
  });
}

const call = (api: ReturnType<typeof createClient>, i: number) =>
  api.request({ method: 'GET', path: '/categories/40', query: { n: i } });

describe('usage over Redis in a new process', () => {
  it('readUsage() reads the calls every process made today in one round trip; usage() tells them after', async () => {
    const prefix = `usage${++n}:`;
    const first = processClient(prefix);
    for (let i = 0; i < 3; i++) await call(first, i);
    expect(first.usage().calls).toBe(3);

    const raw = new Redis(redis.url);
    raw.on('error', () => undefined);
    const log = logCommands(raw);
    try {
      const second = processClient(prefix, raw);
      await raw.ping();
      log.length = 0;
      const read = await second.readUsage();
      expect(read).toMatchObject({ calls: 3, limit: 50, remaining: 47 });
      expect(log.map((c) => c.name)).toEqual(['get']);
      // The synchronous usage() tells the count read.
      expect(second.usage()).toMatchObject({ calls: 3, remaining: 47 });
      // A call of this process counts on top.
      await call(second, 3);
      expect((await first.readUsage()).calls).toBe(4);
      expect(second.usage().calls).toBe(4);
    } finally {
      for (const c of open.splice(0)) await c.close();
      await raw.quit();
    }
  });

  it('holdsState() says whether any process used the prefix', async () => {
    const prefix = `usage${++n}:`;
    const coordination = redisCoordination({ url: redis.url, prefix });
    open.push(coordination);
    expect(await coordination.holdsState()).toBe(false);
    await call(processClient(prefix), 0);
    expect(await coordination.holdsState()).toBe(true);
    // A prefix that only begins like this one holds nothing of it.
    const longer = redisCoordination({ url: redis.url, prefix: `${prefix}x` });
    open.push(longer);
    expect(await longer.holdsState()).toBe(false);
  });
});

function cli(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'usage', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PRICE_CATALOG_BASE_URL: server.baseUrl,
      PRICE_CATALOG_AUTH_URL: server.authUrl,
      PRICE_CATALOG_CLIENT_ID: sandbox.clientId,
      PRICE_CATALOG_CLIENT_SECRET: sandbox.clientSecret,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('price-catalog usage --redis', () => {
  it("warns on stderr when the prefix holds no state, naming it and how to pass the application's", async () => {
    const prefix = `usage${++n}:`;
    const api = processClient(prefix);
    await call(api, 0);
    await call(api, 1);

    const wrong = await cli(['--json', '--redis', redis.url, '--redis-prefix', 'not-the-app:']);
    expect(wrong.code, wrong.stderr).toBe(0);
    expect(JSON.parse(wrong.stdout)).toMatchObject({ calls: 0 });
    expect(wrong.stderr).toBe(
      'price-catalog: usage: warning: the Redis prefix "not-the-app:" holds no state of any application, so 0 may not be your count: pass the prefix your application\'s processes use with --redis-prefix (or PRICE_CATALOG_REDIS_PREFIX)\n',
    );

    const right = await cli(['--json', '--redis', redis.url, '--redis-prefix', prefix]);
    expect(right.code, right.stderr).toBe(0);
    expect(right.stderr).toBe('');
    expect(JSON.parse(right.stdout)).toMatchObject({ calls: 2 });
  });

  it('says nothing for a prefix in use with no call today (its count of 0 is true)', async () => {
    const prefix = `usage${++n}:`;
    // The application token stored, as a process that has not called yet today leaves it.
    const raw = new Redis(redis.url);
    await raw.set(`${prefix}app-token:x`, '{}');
    await raw.quit();
    const result = await cli(['--json', '--redis', redis.url, '--redis-prefix', prefix]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ calls: 0 });
  });
});
