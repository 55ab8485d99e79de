import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DailyLimitError, RateLimitError } from '../../src/index.js';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { logCommands } from '../helpers/redis-log.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

// The admission (src/redis/window.ts): one script places a call in its token's window and takes it
// from the daily budget, so a call awaits ONE Redis round trip before it is sent. Through the
// public API (createClient with redisCoordination) against the in-process sandbox and a real
// redis-server; the ioredis client is our own, counting every command the stores send.

let redis: RedisServer;
let n = 0;
const open: (RedisCoordination | Redis)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  for (const c of open.splice(0)) await (c instanceof Redis ? c.quit() : c.close());
});
afterAll(async () => {
  await redis.stop();
});

/** A Redis client that logs each command it sends, with whether its answer has come back. */
function countedClient() {
  const client = new Redis(redis.url);
  client.on('error', () => undefined);
  open.push(client);
  return { client, log: logCommands(client) };
}

function setup(options: SandboxOptions) {
  const sandbox = createSandbox(options);
  const counted = countedClient();
  const coordination = redisCoordination({ client: counted.client, prefix: `adm${++n}:` });
  open.push(coordination);
  /** For each API request, the commands sent since `mark` and those answered, as fetch is called. */
  const before: { sent: string[]; answered: number }[] = [];
  let mark = 0;
  const client = (extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
    createClient({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      coordination,
      cache: false,
      maxRetries: 0,
      fetch: (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.startsWith(sandbox.baseUrl)) {
          const mine = counted.log.slice(mark);
          before.push({ sent: mine.map((c) => c.name), answered: mine.filter((c) => c.done).length });
        }
        return sandbox.fetch(input, init);
      },
      ...extra,
    });
  const startCall = () => {
    mark = counted.log.length;
  };
  /** The day's budget count in Redis (one key: one application). */
  const budgetCount = async () => {
    const keys = await counted.client.keys(`adm${n}:budget:*`);
    return keys.length === 0 ? 0 : Number(await counted.client.get(keys[0] as string));
  };
  return { sandbox, counted, coordination, client, before, startCall, budgetCount };
}

const call = (api: ReturnType<typeof createClient>, i: number | string) =>
  api.request({ method: 'GET', path: '/categories/40', query: { n: i } });

describe('redisCoordination admission', () => {
  it('a call with room in the window awaits one Redis round trip before it is sent, and sends two commands in all', async () => {
    const { counted, client, before, startCall } = setup({ dailyLimit: null });
    const api = client({ dailyLimit: 1000 });
    // The first calls also get the application token (a lock, the token read and written) and
    // load the scripts (each sent in full once); the ping waits for their last update to arrive.
    await call(api, 'first');
    await call(api, 'second');
    await counted.client.ping();
    const calls = 30;
    before.length = 0;
    const start = counted.log.length;
    for (let i = 0; i < calls; i++) {
      startCall();
      await call(api, i);
    }
    // Let the last answer's update reach Redis.
    await counted.client.ping();
    expect(before).toHaveLength(calls);
    for (const b of before) {
      // One command sent by the call before its request, one awaited: the admission script.
      expect(b).toEqual({ sent: ['evalsha'], answered: 1 });
    }
    // Per call in all: the admission and the answer's update (sent, not awaited), plus our ping.
    expect(counted.log.length - start).toBe(2 * calls + 1);
  });

  it('a call refused by the budget fails before sending and places no window slot', async () => {
    // Window of 3 per minute: two calls of A, then A's third is refused by its daily limit of 2.
    const { sandbox, client, budgetCount } = setup({
      rateLimit: { limit: 3, windowMs: 60_000 },
      dailyLimit: null,
    });
    const a = client({ dailyLimit: 2 });
    await call(a, 1);
    await call(a, 2);
    const refused = await call(a, 3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DailyLimitError);
    expect(sandbox.apiCalls()).toHaveLength(2);
    expect(await budgetCount()).toBe(2);
    // B shares the application (its token and window) without the guard: the one place left in the
    // window is still there, so B's call goes at once; only its next one would wait for the reset.
    const b = client({ dailyLimit: null, maxRateLimitWait: 100 });
    await call(b, 4);
    expect(sandbox.apiCalls()).toHaveLength(3);
    const waited = await call(b, 5).catch((error: unknown) => error);
    expect(waited).toBeInstanceOf(RateLimitError);
    expect((waited as RateLimitError).sent).toBe(false);
    expect(sandbox.apiCalls()).toHaveLength(3);
    expect(sandbox.stats.overLimit).toBe(0);
    expect(await budgetCount()).toBe(3);
  });

  it('calls waiting for the window take no budget until they are admitted; once it is used up they fail at once', async () => {
    const { sandbox, client, budgetCount } = setup({
      rateLimit: { limit: 2, windowMs: 1500 },
      dailyLimit: null,
    });
    const api = client({ dailyLimit: 3, maxRateLimitWait: 10_000 });
    // The first answer tells the window (limit 2); then five calls at once: one fits, four wait.
    await call(api, 0);
    const t0 = Date.now();
    const calls = Array.from({ length: 5 }, (_, i) =>
      call(api, i + 1).then(
        () => ({ outcome: 'ok', at: Date.now() - t0 }),
        (error: unknown) => ({ outcome: (error as Error).name, at: Date.now() - t0 }),
      ),
    );
    while (sandbox.apiCalls().length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Four calls are waiting for the reset: the budget holds only the two sent.
    expect(sandbox.apiCalls()).toHaveLength(2);
    expect(await budgetCount()).toBe(2);
    const results = await Promise.all(calls);
    // After the reset one more call fits the budget; the three other waiters are refused by it.
    expect(results.map((r) => r.outcome).sort()).toEqual([
      'DailyLimitError',
      'DailyLimitError',
      'DailyLimitError',
      'ok',
      'ok',
    ]);
    expect(sandbox.apiCalls()).toHaveLength(3);
    expect(await budgetCount()).toBe(3);
    // The refused waiters ended as soon as the budget was used up, not a window later.
    const lastOk = Math.max(...results.filter((r) => r.outcome === 'ok').map((r) => r.at));
    for (const r of results.filter((x) => x.outcome === 'DailyLimitError')) {
      expect(r.at).toBeLessThan(lastOk + 500);
    }
    expect(sandbox.stats.overLimit).toBe(0);
  });

  it('is offered on a Redis Cluster client too: the keys share the hash tag of the prefix, one round trip', async () => {
    const { client, counted, before, startCall } = setup({ dailyLimit: null });
    // Our own client passed as a Cluster would be: the coordination looks at `isCluster` (a real
    // Cluster: test/redis/cluster.test.ts).
    const cluster = redisCoordination({
      client: Object.assign(counted.client, { isCluster: true }),
      prefix: `adm-cluster${n}:`,
    });
    open.push(cluster);
    expect(cluster.admit).toBeDefined();
    const api = client({ coordination: cluster, dailyLimit: 100 });
    await call(api, 1);
    await call(api, 2);
    await counted.client.ping();
    startCall();
    await call(api, 3);
    // The admission script alone, awaited.
    expect(before.at(-1)).toEqual({ sent: ['evalsha'], answered: 1 });
    // The budget's key carries the prefix in braces: the hash tag of the application's keys.
    const keys = await counted.client.keys(`{adm-cluster${n}:}budget:*`);
    expect(keys).toHaveLength(1);
    expect(await counted.client.get(keys[0] as string)).toBe('3');
  });
});
