import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { logCommands } from '../helpers/redis-log.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { handlerOver, MOUNT, notingFetch, ORIGIN, PHONE } from './setup.js';

// The handler's instances on one real redis-server: a cached answer is served from the instance's
// own near cache (no Redis command per hit), kept consistent with what other instances write, and
// served while Redis is killed or hung; what needs a call is refused with a 503 to retry.

let redis: RedisServer;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  await redis.stop();
});

let n = 0;
/** A handler on Redis through `raw` (a client of the test's, its commands logged), and its API calls. */
function instance(prefix = `near${++n}-${Date.now()}:`) {
  const sandbox = createSandbox({ dailyLimit: null, cacheMaxAge: 3600 });
  const raw = new Redis(redis.url, { maxRetriesPerRequest: 1, retryStrategy: () => 100 });
  raw.on('error', () => undefined);
  const log = logCommands(raw);
  const coordination = redisCoordination({ client: raw, prefix });
  cleanups.push(
    () => coordination.close(),
    () => raw.disconnect(),
  );
  const calls: string[] = [];
  const handler = handlerOver(sandbox, {
    coordination,
    dailyLimit: 1000,
    fetch: notingFetch(sandbox, calls),
  });
  const get = (path: string) => handler(new Request(`${ORIGIN}${MOUNT}${path}`));
  return { sandbox, coordination, handler, get, log, calls, prefix };
}

/** Sends a request and says how long its answer took. */
async function timed(answer: Promise<Response>): Promise<{ response: Response; ms: number }> {
  const started = Date.now();
  const response = await answer;
  return { response, ms: Date.now() - started };
}

describe('the near cache on Redis', () => {
  it('a cached hit sends no Redis command, for a SKU and a listing', async () => {
    const shop = instance();
    for (const path of [`/skus/${PHONE}`, '/categories/40/skus']) {
      expect((await shop.get(path)).headers.get('x-catalog-cache')).toBe('miss');
      // The first hit reads the answer back (and is told of it from then on).
      expect((await shop.get(path)).headers.get('x-catalog-cache')).toBe('hit');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    shop.log.length = 0;
    const hits = 200;
    for (let i = 0; i < hits; i++) {
      const answer = await shop.get(i % 2 ? `/skus/${PHONE}` : '/categories/40/skus');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-catalog-cache')).toBe('hit');
    }
    // Today: the entry, then the day's count twice (3 commands per hit). Now: at most one count a second.
    expect(shop.log.length / hits).toBeLessThanOrEqual(0.05);
    expect(shop.calls).toHaveLength(2);
  });

  it('an answer another instance writes or drops is served as it is now, not as this instance kept it', async () => {
    const a = instance();
    const b = instance(a.prefix);
    const path = `/skus/${PHONE}`;
    const first = await (await a.get(path)).json();
    await a.get(path);
    const cache = b.coordination.cache;
    if (!cache) throw new Error('the coordination keeps no cache');
    const key = [...(await cache.keys())].find((k) => k.endsWith(`/skus/${PHONE}?`)) as string;
    const stored = await cache.get(key);
    if (!stored) throw new Error('nothing stored');
    // As another instance's refresh writes it: a later storedAt, a new body.
    const changed = {
      ...stored,
      storedAt: stored.storedAt + 1000,
      body: { sku: { ...(stored.body as { sku: object }).sku, name: 'Renamed' } },
    };
    await cache.set(key, changed);
    await vi.waitFor(async () => {
      const now = (await (await a.get(path)).json()) as { sku: { name: string } };
      expect(now.sku.name).toBe('Renamed');
    });
    expect(first).not.toMatchObject({ sku: { name: 'Renamed' } });
    await cache.delete(key);
    // Dropped: fetched again from the API, not served from the near copy.
    const calls = a.calls.length;
    await vi.waitFor(async () => {
      expect((await a.get(path)).headers.get('x-catalog-cache')).toBe('miss');
    });
    expect(a.calls.length).toBe(calls + 1);
  });
});

describe('Redis away', () => {
  for (const [how, away, back] of [
    ['killed', () => redis.stop(), () => redis.start()],
    ['hung (SIGSTOP)', async () => redis.pause(), async () => redis.resume()],
  ] as const) {
    it(`${how}: what the instance served is answered with its Age, a call is refused with 503 CoordinationUnavailable, and it recovers`, async () => {
      const shop = instance();
      const kept = `/skus/${PHONE}`;
      expect((await shop.get(kept)).status).toBe(200);
      expect((await shop.get(kept)).headers.get('x-catalog-cache')).toBe('hit');
      const calls = shop.calls.length;
      await away();
      try {
        for (let i = 0; i < 3; i++) {
          const { response, ms } = await timed(shop.get(kept));
          expect(response.status).toBe(200);
          expect(response.headers.get('age')).toMatch(/^\d+$/);
          expect(((await response.json()) as { sku: { id: number } }).sku.id).toBe(PHONE);
          expect(ms).toBeLessThan(5000);
        }
        const { response, ms } = await timed(shop.get('/categories/40'));
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
        expect(await response.json()).toMatchObject({ errors: [{ code: 'CoordinationUnavailable' }] });
        expect(ms).toBeLessThan(5000);
        // No call without an admission.
        expect(shop.calls).toHaveLength(calls);
      } finally {
        await back();
      }
      await vi.waitFor(
        async () => {
          expect((await shop.get('/categories/40')).status).toBe(200);
        },
        { timeout: 10_000, interval: 200 },
      );
      expect((await shop.get(kept)).status).toBe(200);
    }, 30_000);
  }
});
