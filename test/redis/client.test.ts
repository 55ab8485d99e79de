import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, PriceCatalogError } from '../../src/index.js';
import { CoordinationError, type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

// Through the public API: createClient with redisCoordination, against the in-process sandbox and
// a real redis-server. Two coordinations on one prefix stand for two processes. Real time, short.

let redis: RedisServer;
let n = 0;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

function setup(options: SandboxOptions = {}) {
  const sandbox = createSandbox(options);
  const prefix = `c${++n}:`;
  const client = (coordination: RedisCoordination, extra: Partial<Parameters<typeof createClient>[0]> = {}) =>
    createClient({
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: sandbox.fetch,
      coordination,
      maxRetries: 0,
      ...extra,
    });
  return { sandbox, prefix, client };
}

describe('createClient with redisCoordination', () => {
  it('Redis stopping mid-run ends every call, waiting ones included, with CoordinationError within 5 s', async () => {
    const { sandbox, prefix, client } = setup({ rateLimit: { limit: 5, windowMs: 2000 }, dailyLimit: null });
    const coordination = redisCoordination({ url: redis.url, prefix, commandTimeoutMs: 1000 });
    const api = client(coordination, { cache: false });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const calls = Array.from({ length: 20 }, (_, i) =>
        api
          .request({ method: 'GET', path: '/categories/40', query: { n: i } })
          .then(() => ({ outcome: 'ok', at: Date.now() }))
          .catch((error: unknown) => ({ outcome: error, at: Date.now() })),
      );
      while (sandbox.apiCalls().length < 5) await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await redis.stop();
      const stoppedAt = Date.now();
      const results = await Promise.all(calls);
      const failed = results.filter((r) => r.outcome !== 'ok');
      expect(results.filter((r) => r.outcome === 'ok')).toHaveLength(5);
      expect(failed).toHaveLength(15);
      for (const r of failed) {
        expect(r.outcome).toBeInstanceOf(CoordinationError);
        expect(r.outcome).toBeInstanceOf(PriceCatalogError);
        expect(r.at - stoppedAt).toBeLessThan(5000);
      }
      // Nothing was sent without the shared count.
      expect(sandbox.apiCalls()).toHaveLength(5);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await redis.start();
    }
    // The client reconnects by itself (ioredis retries at most every 2 s): calls work again (a
    // fresh Redis: the window is learned again).
    let answer: unknown;
    for (let i = 0; i < 30 && answer === undefined; i++) {
      answer = await api
        .request({ method: 'GET', path: '/categories/40', query: { n: `again-${i}` } })
        .catch(() => new Promise((resolve) => setTimeout(resolve, 200)));
    }
    expect(answer).toMatchObject({ category: { id: 40 } });
    await coordination.close();
  });

  it("a user's expired token is refreshed once for two processes sharing its token store", async () => {
    const { sandbox, prefix, client } = setup({ userTokenTtl: 1 });
    const a = redisCoordination({ url: redis.url, prefix });
    const b = redisCoordination({ url: redis.url, prefix });
    const grant = sandbox.issueUserToken({ ttl: 1 });
    await a.tokenStore('user:alice').set({
      access_token: grant.access_token,
      refresh_token: grant.refresh_token,
      expires_at: Date.now() + 1000,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const users = [
      client(a).forUser({ tokenStore: a.tokenStore('user:alice') }),
      client(b).forUser({ tokenStore: b.tokenStore('user:alice') }),
    ];
    const before = sandbox.stats.tokenRequests;
    const answers = await Promise.all(users.map((user) => user.user.get()));
    expect(answers.map((u) => u.username)).toEqual(['alice', 'alice']);
    expect(sandbox.stats.tokenRequests - before).toBe(1);
    const stored = await b.tokenStore('user:alice').get();
    expect(stored?.access_token).not.toBe(grant.access_token);
    await a.close();
    await b.close();
  });

  it('two processes share the daily budget through the public client', async () => {
    const { sandbox, prefix, client } = setup({ dailyLimit: 10 });
    const a = redisCoordination({ url: redis.url, prefix });
    const b = redisCoordination({ url: redis.url, prefix });
    const apis = [client(a, { dailyLimit: 10, cache: false }), client(b, { dailyLimit: 10, cache: false })];
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (apis[i % 2] as (typeof apis)[number])
          .request({ method: 'GET', path: '/categories/40', query: { n: i } })
          .then(
            () => 'ok',
            (error: unknown) => (error as Error).name,
          ),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r === 'DailyLimitError')).toHaveLength(6);
    expect(sandbox.apiCalls()).toHaveLength(10);
    expect(sandbox.stats.tokenRequests).toBe(1);
    await a.close();
    await b.close();
  });
});
