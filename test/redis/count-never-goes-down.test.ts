import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, DailyLimitError } from '../../src/index.js';
import { CoordinationError, type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

// A day's count never goes down (src/redis/budget.ts): each instance writes back what it knows
// when Redis holds less. A real redis-server, killed by its PID and started again empty mid-day,
// under two instances (two coordinations on one prefix) and the public createClient against the
// in-process sandbox, which counts what reaches the API. Real time: the restart and the reconnect
// (ioredis retries at most every 2 s) are a real process's.

let redis: RedisServer;
let n = 0;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

function setup(dailyLimit: number) {
  const sandbox = createSandbox({ dailyLimit });
  const prefix = `floor${++n}:`;
  const instance = (coordination: RedisCoordination) =>
    createClient({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: sandbox.fetch,
      coordination,
      dailyLimit,
      cache: false,
      maxRetries: 0,
    });
  return { sandbox, prefix, instance };
}

type Api = ReturnType<typeof createClient>;

/**
 * One call: 'ok', or the name of its error. A CoordinationError (Redis slow to answer on a loaded
 * machine) sent nothing: the call is asked again, a few times at most.
 */
async function call(api: Api, i: number | string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await api.request({ method: 'GET', path: '/categories/40', query: { n: i } }).then(
      () => 'ok',
      (error: unknown) => (error instanceof Error ? error.name : String(error)),
    );
    if (outcome !== 'CoordinationError' || attempt >= 5) return outcome;
  }
}

/** Waits (real time, bounded) until the restarted Redis answers this instance again. */
async function reconnected(api: Api): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const ok = await api.readUsage().then(
      () => true,
      (error: unknown) => {
        expect(error).toBeInstanceOf(CoordinationError);
        return false;
      },
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the restarted Redis did not answer within 10 s');
}

describe('a day’s count never goes down', () => {
  it('Redis restarted empty after 24 of 30 calls: two instances send 6 more, the API counts 30, no lockout', async () => {
    const { sandbox, prefix, instance } = setup(30);
    const a = redisCoordination({ url: redis.url, prefix });
    const b = redisCoordination({ url: redis.url, prefix });
    const apis = [instance(a), instance(b)] as const;
    for (let i = 0; i < 24; i++) expect(await call(apis[i % 2] as Api, i)).toBe('ok');
    expect(sandbox.stats.dailyCalls).toBe(24);

    await redis.stop();
    await redis.start();
    for (const api of apis) await reconnected(api);

    // Both instances ask, in turn, until both are refused.
    const after: string[] = [];
    for (let i = 0; i < 20; i++) after.push(await call(apis[i % 2] as Api, `after-${i}`));
    expect(after.filter((r) => r === 'ok')).toHaveLength(6);
    expect(after.slice(6)).toEqual(Array.from({ length: 14 }, () => 'DailyLimitError'));
    // The API never counted past the budget: nothing expired the application's tokens.
    expect(sandbox.stats.dailyCalls).toBe(30);
    for (const api of apis) expect((await api.readUsage()).calls).toBe(30);
    await a.close();
    await b.close();
  });

  it('a flushed key: the next call writes back what this instance spent and the count goes on from there', async () => {
    const { sandbox, prefix, instance } = setup(10);
    const coordination = redisCoordination({ url: redis.url, prefix });
    const api = instance(coordination);
    for (let i = 0; i < 7; i++) expect(await call(api, i)).toBe('ok');
    const admin = new Redis(redis.url);
    try {
      const [counter] = await admin.keys(`${prefix}budget:*`);
      expect(await admin.get(counter as string)).toBe('7');
      await admin.flushall();
      for (let i = 0; i < 5; i++)
        expect(await call(api, `after-${i}`)).toBe(i < 3 ? 'ok' : 'DailyLimitError');
      expect(await admin.get(counter as string)).toBe('10');
      expect(sandbox.stats.dailyCalls).toBe(10);
      await expect(api.request({ method: 'GET', path: '/categories/40' })).rejects.toBeInstanceOf(
        DailyLimitError,
      );
    } finally {
      await admin.quit();
      await coordination.close();
    }
  });
});
