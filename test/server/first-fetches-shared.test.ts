import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import { type Coordination, InvalidRequestError } from '../../src/index.js';
import { redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { newStateDir, removeStateDir } from '../file/state-dirs.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { handlerOver, MOUNT, notingFetch, ORIGIN } from './setup.js';

// A catalog larger than the day's calls: the handler fetches first the pages viewed most. Its
// instances, each with its own coordination object as each process would have, over one Redis (one
// prefix) or one state directory, count those views together.

const DAY = 86_400_000;
const MONDAY = Date.UTC(2026, 10, 23);
/** 24 calls a day, none kept for visitors' shares: the pacing is what holds first fetches back. */
const SMALL_DAY = { dailyLimit: 24, visitorShare: 24, anonymousShare: 24 } as const;

let redis: RedisServer;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  vi.useRealTimers();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  await redis.stop();
});

let n = 0;
const stores: [string, () => () => Coordination][] = [
  [
    'Redis',
    () => {
      const prefix = `first-fetches${++n}-${Date.now()}:`;
      return () => {
        const coordination = redisCoordination({ url: redis.url, prefix });
        cleanups.push(() => coordination.close());
        return coordination;
      };
    },
  ],
  [
    'a state directory',
    () => {
      const dir = newStateDir();
      cleanups.push(() => removeStateDir(dir));
      return () => fileCoordination({ dir });
    },
  ],
];

/** `count` handlers of one application on one sandbox, each with its own coordination; API calls listed. */
function instances(count: number, coordination: () => Coordination) {
  const sandbox = createSandbox();
  const calls: string[] = [];
  const handlers = Array.from({ length: count }, () =>
    handlerOver(sandbox, {
      fetch: notingFetch(sandbox, calls),
      maxRetries: 0,
      coordination: coordination(),
      ...SMALL_DAY,
    }),
  );
  const get = (instance: number, path: string) =>
    (handlers[instance] as (typeof handlers)[number])(new Request(`${ORIGIN}${MOUNT}${path}`));
  // Each instance reads the shared budget (as it does, unawaited, with each view): the day's calls.
  const counted = () => Promise.all(handlers.map((h) => h.client.readUsage()));
  return { sandbox, ids: sandbox.data.skus.map((s) => s.id), handlers, calls, get, counted };
}

describe.each(stores)('views of pages not kept, counted once for every instance (%s)', (_name, shared) => {
  it('add: one view more, every count halved at each UTC midnight and forgotten below 1/4', async () => {
    const { viewCounts } = shared()();
    if (!viewCounts) throw new Error('the coordination keeps no view counts');
    for (const expected of [1, 2, 3, 4])
      expect(await viewCounts.add('p|page-a', '2026-11-23')).toBe(expected);
    expect(await viewCounts.add('p|page-b', '2026-11-23')).toBe(1);
    // Tuesday: Monday's 4 count 2, and this view.
    expect(await viewCounts.add('p|page-a', '2026-11-24')).toBe(3);
    // Thursday: 3 halved twice is 0.75; page b's 1 halved three times (1/8) is forgotten.
    expect(await viewCounts.add('p|page-a', '2026-11-26')).toBe(1.75);
    expect(await viewCounts.add('p|page-b', '2026-11-26')).toBe(1);
    const bad = await viewCounts.add('p|page-a', 'Thursday').catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(InvalidRequestError);
    expect((bad as InvalidRequestError).message).toMatch(/YYYY-MM-DD/);
  });

  it('three instances behind a round-robin balancer: a page viewed on two of them has two views', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const { ids, calls, get, counted } = instances(3, shared());
    await monday(ids, get, counted, 3);
    expect(calls).toHaveLength(22);

    // Tuesday 00:00, 2 calls made: a call is 1 ahead of the line, which asks for 1.5 views.
    vi.setSystemTime(MONDAY + DAY);
    expect((await get(0, `/skus/${ids[40]}`)).status).toBe(200);
    expect((await get(1, `/skus/${ids[41]}`)).status).toBe(200);
    await counted();
    const page = `/skus/${ids[50]}`;
    // Its first view, on one instance, waits; its second, on another, is its second.
    expect((await get(2, page)).status).toBe(503);
    const second = await get(0, page);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { sku: { id: number } }).sku.id).toBe(ids[50]);
    expect(calls.slice(22)).toEqual([`/skus/${ids[40]}`, `/skus/${ids[41]}`, page]);
  });

  it("yesterday's views on another instance rank a page at its first view today", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY });
    const { ids, calls, get, counted } = instances(2, shared());
    await monday(ids, get, counted, 2);
    // Monday: a page viewed once, on instance 0, held back.
    const popular = `/skus/${ids[60]}`;
    expect((await get(0, popular)).status).toBe(503);

    // Tuesday 00:00 after 2 calls: the line asks for 1.5 views; Monday's view counts a half.
    vi.setSystemTime(MONDAY + DAY);
    expect((await get(0, `/skus/${ids[40]}`)).status).toBe(200);
    expect((await get(1, `/skus/${ids[41]}`)).status).toBe(200);
    await counted();
    expect((await get(1, `/skus/${ids[42]}`)).status).toBe(503);
    // Its first view today, on instance 1: 1.5 views with Monday's on instance 0.
    expect((await get(1, popular)).status).toBe(200);
    expect(calls.slice(22)).toEqual([`/skus/${ids[40]}`, `/skus/${ids[41]}`, popular]);
  });
});

/**
 * Monday 00:00: on instance 0, 22 pages each fetched at its first view, the first viewed again
 * between (a catalog that may fit the day: the calls down to the reserve are free of the line);
 * then a page held back on each instance (22 calls at 00:00 are far ahead of the even line), so
 * every instance paces from Tuesday on.
 */
async function monday(
  ids: number[],
  get: (instance: number, path: string) => Promise<Response>,
  counted: () => Promise<unknown>,
  count: number,
) {
  for (const id of ids.slice(0, 22)) {
    expect((await get(0, `/skus/${id}`)).status).toBe(200);
    expect((await get(0, `/skus/${ids[0]}`)).status).toBe(200);
  }
  await counted();
  for (let i = 0; i < count; i++) expect((await get(i, `/skus/${ids[30 + i]}`)).status).toBe(503);
}
