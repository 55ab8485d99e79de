import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { type CatalogHandlerOptions, createCatalogHandler } from '../../src/server/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { MOUNT, ORIGIN, PHONE } from './setup.js';

const DAY = 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23);

afterEach(() => {
  vi.useRealTimers();
});

/** A handler on `sandbox` whose API calls are counted (and can be made to fail). */
function handlerOn(sandbox: ReturnType<typeof createSandbox>, options: Partial<CatalogHandlerOptions> = {}) {
  const calls: string[] = [];
  let down = false;
  const handler = createCatalogHandler({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.origin === new URL(sandbox.baseUrl).origin) {
        calls.push(url.pathname);
        if (down) throw new TypeError('fetch failed');
      }
      return sandbox.fetch(input, init);
    },
    logLevel: 'off',
    maxRetries: 0,
    ...options,
  });
  const get = (path: string) => handler(new Request(`${ORIGIN}${MOUNT}${path}`));
  return {
    handler,
    calls,
    get,
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

/** 24 calls a day, none kept for visitors' shares: the pacing is what holds first fetches back. */
const SMALL_DAY = { dailyLimit: 24, visitorShare: 24, anonymousShare: 24 } as const;

/**
 * A morning at 00:00 whose 22 pages are each fetched at their first view, the first of them viewed
 * again between (found kept): a catalog that may fit the day, so the calls down to the reserve (2)
 * are free of the line.
 */
async function fittingMorning(get: (path: string) => Promise<Response>, ids: readonly number[]) {
  for (const id of ids.slice(0, 22)) {
    expect((await get(`/skus/${id}`)).status).toBe(200);
    expect((await get(`/skus/${ids[0]}`)).headers.get('x-catalog-cache')).toBe('hit');
  }
}

describe('a kept answer, whatever its age', () => {
  it('is served with its Age when the API cannot give a new one, days after it was fetched', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY + 3_600_000 });
    const sandbox = createSandbox();
    const { get, calls, setDown } = handlerOn(sandbox);
    const first = await get(`/skus/${PHONE}`);
    expect(first.status).toBe(200);
    const body = await first.json();
    // Three days later (past maxStale, a day): the API is down.
    vi.setSystemTime(MONDAY + 3_600_000 + 3 * DAY);
    setDown(true);
    const old = await get(`/skus/${PHONE}`);
    expect(old.status).toBe(200);
    expect(old.headers.get('x-catalog-cache')).toBe('stale');
    expect(Number(old.headers.get('age'))).toBe(3 * 86_400);
    expect(await old.json()).toEqual(body);
    // It asked the API once more (past maxStale) and, refused, still answered.
    expect(calls).toEqual([`/skus/${PHONE}`, `/skus/${PHONE}`]);
  });
});

describe('first fetches of a catalog larger than the day', () => {
  it("hold a page back when the day's line is spent, and give it a call first the next day for yesterday's views", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const sandbox = createSandbox();
    const ids = sandbox.data.skus.map((s) => s.id);
    const { get, calls } = handlerOn(sandbox, SMALL_DAY);
    // The day's calls down to the reserve (2) are free of the line: 22 pages fetched at once.
    await fittingMorning(get, ids);
    expect(calls).toHaveLength(22);
    // A 23rd page is held back: 22 calls at 00:00 are far ahead of the even line.
    const popular = ids[30] as number;
    for (let i = 0; i < 4; i++) {
      const held = await get(`/skus/${popular}`);
      expect(held.status).toBe(503);
      expect(await held.json()).toMatchObject({ errors: [{ code: 'NotFetchedYet' }] });
    }
    expect(calls).toHaveLength(22);

    // The next day: paced from midnight (a page was held back yesterday).
    vi.setSystemTime(MONDAY + DAY);
    expect((await get(`/skus/${ids[40]}`)).status).toBe(200);
    expect((await get(`/skus/${ids[41]}`)).status).toBe(200);
    // Two calls at 00:00 are a call ahead of the line, which asks for 1.5 views: a page seen once waits...
    expect((await get(`/skus/${ids[42]}`)).status).toBe(503);
    // ...the page viewed four times yesterday (counted 2 today, 3 with this view) gets the call.
    const earned = await get(`/skus/${popular}`);
    expect(earned.status).toBe(200);
    expect(calls.slice(22)).toEqual([`/skus/${ids[40]}`, `/skus/${ids[41]}`, `/skus/${popular}`]);
  });
});

describe("a first day's first fetches", () => {
  it('stop being free of the line once views that find nothing kept outrun those that do by a tenth of the day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const sandbox = createSandbox({ dailyLimit: null, rateLimit: { limit: 1e9, windowMs: 60_000 } });
    const ids = sandbox.data.skus.map((s) => s.id);
    const { get, calls } = handlerOn(sandbox, { dailyLimit: 1000, visitorShare: 1000, anonymousShare: 1000 });
    // Every view a new page: a tenth of the day's calls (100), and the one past it, go free...
    for (const id of ids.slice(0, 101)) expect((await get(`/skus/${id}`)).status).toBe(200);
    // ...then the catalog viewed is larger than the day: the line asks for 1.7 views (101 calls at
    // 00:00 are 59 ahead of it), where the calls down to the reserve (900) were free of it.
    const page = `/skus/${ids[101]}`;
    const held = await get(page);
    expect(held.status).toBe(503);
    expect(await held.json()).toMatchObject({ errors: [{ code: 'NotFetchedYet' }] });
    expect((await get(page)).status).toBe(200);
    expect(calls).toEqual([...ids.slice(0, 101).map((id) => `/skus/${id}`), page]);
  });

  it('stay free while views find answers kept: a catalog the day covers is fetched at each first view', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const sandbox = createSandbox({ dailyLimit: null, rateLimit: { limit: 1e9, windowMs: 60_000 } });
    const ids = sandbox.data.skus.map((s) => s.id);
    const { get, calls } = handlerOn(sandbox, { dailyLimit: 1000, visitorShare: 1000, anonymousShare: 1000 });
    for (const id of ids.slice(0, 150)) {
      expect((await get(`/skus/${id}`)).status).toBe(200);
      expect((await get(`/skus/${ids[0]}`)).status).toBe(200);
    }
    expect(calls).toHaveLength(150);
  });
});

describe('refreshes while first fetches are held back', () => {
  /**
   * 22 pages fetched at 00:00, then at 12:00 views of them (stale): does the pacing refresh one?
   * `heldBack`: the views of a 23rd page held back at 00:00 (its views count each time: no visitor).
   */
  async function noonRefreshes(heldBack: number): Promise<string[]> {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const sandbox = createSandbox();
    const ids = sandbox.data.skus.map((s) => s.id);
    const { handler, get, calls } = handlerOn(sandbox, SMALL_DAY);
    await fittingMorning(get, ids);
    for (let i = 0; i < heldBack; i++) expect((await get(`/skus/${ids[30]}`)).status).toBe(503);
    vi.setSystemTime(MONDAY + DAY / 2);
    for (let round = 0; round < 5; round++) {
      for (const id of ids.slice(0, 22)) expect((await get(`/skus/${id}`)).status).toBe(200);
      await handler.idle();
    }
    return calls.slice(22);
  }

  it('give way to pages viewed again and shown nothing: none while the calls are not behind the even line', async () => {
    // The control: with no page held back the pacing refreshes the stale answers at noon.
    expect((await noonRefreshes(0)).length).toBeGreaterThan(0);
    vi.useRealTimers();
    // With a page viewed twice held back, the 22 calls at noon are ahead of the line: no refresh.
    expect(await noonRefreshes(2)).toEqual([]);
  });

  it("do not give way to a page viewed once: a scraper's made-up query may never be viewed again", async () => {
    const refreshed = await noonRefreshes(1);
    expect(refreshed.length).toBeGreaterThan(0);
    // Revalidations of the answers viewed at noon; the page held back is not fetched.
    const viewed = createSandbox()
      .data.skus.slice(0, 22)
      .map((s) => `/skus/${s.id}`);
    for (const path of refreshed) expect(viewed).toContain(path);
  });
});

describe('answers kept past maxStale while pages are held back', () => {
  it('are served with their Age and no call: the calls go to first fetches of pages shown to nobody', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const sandbox = createSandbox();
    const ids = sandbox.data.skus.map((s) => s.id);
    const { handler, get, calls } = handlerOn(sandbox, SMALL_DAY);
    await fittingMorning(get, ids);
    // A page viewed twice held back on Monday: the catalog is larger than the day.
    for (let i = 0; i < 2; i++) expect((await get(`/skus/${ids[30]}`)).status).toBe(503);
    const body = await (await get(`/skus/${ids[0]}`)).json();

    // Tuesday 00:30: Monday's answers are past maxStale (a day); the line allows 1.5 calls.
    vi.setSystemTime(MONDAY + DAY + 1_800_000);
    const old = await get(`/skus/${ids[0]}`);
    expect(old.status).toBe(200);
    expect(old.headers.get('x-catalog-cache')).toBe('stale');
    expect(Number(old.headers.get('age'))).toBe(86_400 + 1_800);
    expect(await old.json()).toEqual(body);
    // The two calls under the line go to pages never fetched, not to the old answer's revalidation.
    expect((await get(`/skus/${ids[40]}`)).status).toBe(200);
    expect((await get(`/skus/${ids[41]}`)).status).toBe(200);
    await handler.idle();
    expect(calls.slice(22)).toEqual([`/skus/${ids[40]}`, `/skus/${ids[41]}`]);
  });
});

describe('a restarted instance on one redis-server', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  /**
   * A first instance's Monday morning on Redis: the fitting morning, then `ids[30]` viewed
   * `views` times and held back; an hour on it saves its pacing with its next answer, and stops.
   */
  async function stoppedAfterMorning(views: number) {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const sandbox = createSandbox();
    const ids = sandbox.data.skus.map((s) => s.id);
    const prefix = `restart-${Date.now()}-${Math.random()}:`;
    const first = redisCoordination({ url: redis.url, prefix });
    const a = handlerOn(sandbox, { ...SMALL_DAY, coordination: first });
    await fittingMorning(a.get, ids);
    for (let i = 0; i < views; i++) expect((await a.get(`/skus/${ids[30]}`)).status).toBe(503);
    vi.setSystemTime(MONDAY + 3_601_000);
    expect((await a.get(`/skus/${ids[0]}`)).status).toBe(200);
    await a.handler.idle();
    await first.close();
    return { sandbox, ids, prefix };
  }

  it('serves the answers the stopped one kept, with no call, and paces from the views it had counted', async () => {
    const { sandbox, ids, prefix } = await stoppedAfterMorning(4);
    const popular = ids[30] as number;

    const second = redisCoordination({ url: redis.url, prefix });
    try {
      const b = handlerOn(sandbox, { ...SMALL_DAY, coordination: second });
      // What the first kept is served from Redis: no call.
      const kept = await b.get(`/skus/${ids[5]}`);
      expect(kept.status).toBe(200);
      expect(((await kept.json()) as { sku: { id: number } }).sku.id).toBe(ids[5]);
      expect(b.calls).toEqual([]);
      // The next day it paces as the first would have: yesterday's held-back page first.
      vi.setSystemTime(MONDAY + DAY);
      expect((await b.get(`/skus/${ids[40]}`)).status).toBe(200);
      expect((await b.get(`/skus/${ids[41]}`)).status).toBe(200);
      expect((await b.get(`/skus/${ids[42]}`)).status).toBe(503);
      expect((await b.get(`/skus/${popular}`)).status).toBe(200);
      expect(b.calls).toEqual([`/skus/${ids[40]}`, `/skus/${ids[41]}`, `/skus/${popular}`]);
    } finally {
      await second.close();
    }
  });

  it("paces from the day's count, read before its first answer, not from its own calls (none): no refresh while pages are held back", async () => {
    // A page viewed twice held back: the refreshes give way to such pages.
    const { sandbox, ids, prefix } = await stoppedAfterMorning(2);

    const second = redisCoordination({ url: redis.url, prefix });
    try {
      const b = handlerOn(sandbox, { ...SMALL_DAY, coordination: second });
      // At noon the day's 22 calls are ahead of the even line (11.5): as for the stopped one
      // (noonRefreshes(2) above), views of the stale answers send no refresh.
      vi.setSystemTime(MONDAY + DAY / 2);
      for (let round = 0; round < 5; round++) {
        for (const id of ids.slice(0, 22)) expect((await b.get(`/skus/${id}`)).status).toBe(200);
        await b.handler.idle();
      }
      expect(b.calls).toEqual([]);
      expect(b.handler.usage().calls).toBe(22);
    } finally {
      await second.close();
    }
  });

  it("revalidates an answer the stopped one watched against its endpoint's schema; the saved pacing holds no schema", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY + 3_600_000 });
    const sandbox = createSandbox();
    const priced = sandbox.data.skus.filter((s) => s.price_min > 0);
    const [hot, other] = priced.map((s) => s.id) as [number, number];
    const prefix = `restored-${Date.now()}-${Math.random()}:`;
    const first = redisCoordination({ url: redis.url, prefix });
    const a = handlerOn(sandbox, { coordination: first, pacing: false });
    for (let i = 0; i < 5; i++) expect((await a.get(`/skus/${hot}`)).status).toBe(200);
    // An hour on, the instance saves its pacing to Redis with its next answer; then it stops.
    vi.setSystemTime(MONDAY + 2 * 3_600_000 + 1_000);
    expect((await a.get(`/skus/${other}`)).status).toBe(200);
    await a.handler.idle();
    await first.close();
    expect(a.calls).toEqual([`/skus/${hot}`, `/skus/${other}`]);

    // The saved state names what to revalidate; a schema is not data (it was kilobytes an answer).
    const raw = new Redis(redis.url);
    try {
      const [key, ...more] = await raw.keys(`${prefix}*pacing*`);
      expect(more).toEqual([]);
      const saved = (await raw.get(key as string)) as string;
      expect(saved).toContain(`/skus/${hot}`);
      expect(saved).not.toContain('"schema"');
      expect(saved.length).toBeLessThan(2_000);
    } finally {
      raw.disconnect();
    }

    const { priceMin } = sandbox.setPrice(hot, 1234.5);
    const second = redisCoordination({ url: redis.url, prefix });
    try {
      const b = handlerOn(sandbox, { coordination: second, pacing: false });
      // A view of the other (stale) answer lets a revalidation go: to the restored, most viewed one.
      expect((await b.get(`/skus/${other}`)).status).toBe(200);
      await b.handler.idle();
      expect(b.calls).toEqual([`/skus/${hot}`]);
      // Its new answer (a 200: the price moved) passed the schema and was kept: served with no call.
      const hotNow = await b.get(`/skus/${hot}`);
      expect(hotNow.headers.get('x-catalog-cache')).toBe('hit');
      expect(((await hotNow.json()) as { sku: { price_min: number } }).sku.price_min).toBe(priceMin);
      expect(b.calls).toEqual([`/skus/${hot}`]);
    } finally {
      await second.close();
    }
  });
});
