import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import type { CatalogHandler } from '../../src/server/index.js';
import { logCommands } from '../helpers/redis-log.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { handlerOver, notingFetch } from '../server/setup.js';

// The views of pages nothing is kept of, counted in Redis for every instance of the application
// (redisCoordination's `viewCounts`, src/redis/view-counts.ts), through the public API: the
// server handler against the sandbox and a real redis-server, our own ioredis client logging
// every command the stores send.

const DAY = 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23);
const ORIGIN = 'https://shop.test';
const MOUNT = '/api/catalog';
/** 24 calls a day, none kept for visitors' shares: the pacing is what holds first fetches back. */
const SMALL_DAY = { dailyLimit: 24, visitorShare: 24, anonymousShare: 24 } as const;

let redis: RedisServer;
let n = 0;
const open: (RedisCoordination | Redis)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  vi.useRealTimers();
  for (const c of open.splice(0)) await (c instanceof Redis ? c.quit() : c.close());
});
afterAll(async () => {
  await redis.stop();
});

/** A Redis client that logs each command it sends, with its arguments. */
function loggedClient() {
  const client = new Redis(redis.url);
  client.on('error', () => undefined);
  open.push(client);
  return { client, log: logCommands(client) };
}

/** Handlers of one application on one sandbox, made one at a time (a restart: a new process). */
function application() {
  const sandbox = createSandbox();
  const prefix = `views${++n}-${Date.now()}:`;
  const calls: string[] = [];
  const start = () => {
    const { client, log } = loggedClient();
    const coordination = redisCoordination({ client, prefix });
    open.push(coordination);
    const handler = handlerOver(sandbox, {
      fetch: notingFetch(sandbox, calls),
      maxRetries: 0,
      coordination,
      ...SMALL_DAY,
    });
    const get = (path: string) => handler(new Request(`${ORIGIN}${MOUNT}${path}`));
    /** The commands sent for view counts (the script on a `views:` key) since `from`. */
    const viewCommands = (from = 0) =>
      log.slice(from).filter((c) => c.args.some((a) => a.includes('views:')));
    return { handler, get, log, viewCommands, coordination };
  };
  return { sandbox, ids: sandbox.data.skus.map((s) => s.id), prefix, calls, start };
}

/**
 * Monday 00:00: 22 pages each fetched at its first view, the first viewed again between (a catalog
 * that may fit the day: the calls down to the reserve are free of the line), then a page held back.
 */
async function monday(get: (path: string) => Promise<Response>, handler: CatalogHandler, ids: number[]) {
  for (const id of ids.slice(0, 22)) {
    expect((await get(`/skus/${id}`)).status).toBe(200);
    expect((await get(`/skus/${ids[0]}`)).status).toBe(200);
  }
  await handler.client.readUsage();
  expect((await get(`/skus/${ids[30]}`)).status).toBe(503);
}

describe('view counts in Redis', () => {
  it('one command per view of a page not kept, in one round trip; none for a view of a kept answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const app = application();
    const { get, handler, log, viewCommands } = app.start();
    await monday(get, handler, app.ids);
    // Each view of a page not kept is counted under its answer's key in the day's hash, looking
    // back three days (the first also loads the script).
    const day = Math.floor(MONDAY / DAY);
    const days = [0, 1, 2, 3].map((i) => `${app.prefix}views:{${app.prefix}views}:${day - i}`);
    expect(viewCommands().every((c) => days.every((day, i) => c.args[2 + i] === day))).toBe(true);
    expect(new Set(viewCommands().map((c) => c.args[6]))).toEqual(
      new Set([...Array.from({ length: 22 }, (_, i) => i), 30].map((i) => `p||${MOUNT}/skus/${app.ids[i]}?`)),
    );

    // A view held back: one script run, one round trip. A view of an answer kept (fresh): none.
    let mark = log.length;
    expect((await get(`/skus/${app.ids[31]}`)).status).toBe(503);
    expect(viewCommands(mark).map((c) => c.name)).toEqual(['evalsha']);
    mark = log.length;
    const hit = await get(`/skus/${app.ids[0]}`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-catalog-cache')).toBe('hit');
    expect(viewCommands(mark)).toEqual([]);
    expect(app.calls).toHaveLength(22);
  });

  it('a restarted instance counts on from the views the stopped one counted, even those after its last save', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const app = application();
    const first = app.start();
    await monday(first.get, first.handler, app.ids);

    // Tuesday 00:10, 2 calls made: the line asks for 1.5 views. A page viewed once, then the
    // instance stops (ten minutes after its first view: no pacing state saved since).
    vi.setSystemTime(MONDAY + DAY);
    expect((await first.get(`/skus/${app.ids[40]}`)).status).toBe(200);
    expect((await first.get(`/skus/${app.ids[41]}`)).status).toBe(200);
    vi.setSystemTime(MONDAY + DAY + 600_000);
    const page = `/skus/${app.ids[50]}`;
    await first.handler.client.readUsage();
    expect((await first.get(page)).status).toBe(503);
    await first.handler.idle();
    await first.coordination.close();

    const second = app.start();
    await second.handler.client.readUsage();
    // Its first view on the new instance is the page's second.
    expect((await second.get(page)).status).toBe(200);
    expect(app.calls.slice(22)).toEqual([`/skus/${app.ids[40]}`, `/skus/${app.ids[41]}`, page]);
  });

  it("a day's counts live in one hash, as long as they are looked back to, and no crowd grows it past its maximum", async () => {
    const app = application();
    const { coordination } = app.start();
    const { viewCounts } = coordination;
    if (!viewCounts) throw new Error('redisCoordination keeps no view counts');
    const raw = new Redis(redis.url);
    open.push(raw);
    const page = (i: number) => `p|v3|/api/catalog/skus/${i}?`;
    expect(await viewCounts.add(page(1), '2026-11-23')).toBe(1);
    for (let i = 0; i < 3; i++) await viewCounts.add(page(2), '2026-11-23');
    const mondayHash = `${app.prefix}views:{${app.prefix}views}:${Math.floor(MONDAY / DAY)}`;
    expect(await raw.keys(`${app.prefix}*`)).toEqual([mondayHash]);
    expect(await raw.hgetall(mondayHash)).toEqual({ [page(1)]: '1', [page(2)]: '3' });
    // Looked back to for three days: the hash lives four.
    const ttl = await raw.pttl(mondayHash);
    expect(ttl).toBeGreaterThan(4 * DAY - 60_000);
    expect(ttl).toBeLessThanOrEqual(4 * DAY);
    // Thursday: Monday's 3 views halved three times; 1 view is forgotten by then (1/8 < 1/4).
    expect(await viewCounts.add(page(2), '2026-11-26')).toBe(1.375);
    expect(await viewCounts.add(page(1), '2026-11-26')).toBe(1);
    // Friday: Monday is past the look-back, Thursday's count is halved once.
    expect(await viewCounts.add(page(2), '2026-11-27')).toBe(1.6875);

    // A crowd inventing pages: the day's hash stops at 100,000 answers; a view of one more is
    // counted for its own answer (1) but not stored, and the pages already counted count on.
    const tuesday = `${app.prefix}views:{${app.prefix}views}:${Math.floor(MONDAY / DAY) + 1}`;
    for (let batch = 0; batch < 10; batch++) {
      const crowd: Record<string, string> = {};
      for (let i = 0; i < 10_000; i++) crowd[page(1_000_000 + batch * 10_000 + i)] = '1';
      await raw.hset(tuesday, crowd);
    }
    expect(await viewCounts.add(page(7), '2026-11-24')).toBe(1);
    expect(await viewCounts.add(page(7), '2026-11-24')).toBe(1);
    expect(await raw.hlen(tuesday)).toBe(100_000);
    expect(await viewCounts.add(page(1_000_001), '2026-11-24')).toBe(2);
    // A value that is not ours (another writer) starts the count afresh rather than failing the view.
    await raw.hset(mondayHash, page(9), 'not a count');
    expect(await viewCounts.add(page(9), '2026-11-23')).toBe(1);
  });
});
