import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import type { Coordination } from '../../src/index.js';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createPriceWatch } from '../../src/watch/index.js';
import { newStateDir, removeStateDir } from '../file/state-dirs.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { runUntil } from './drive.js';

// The watch's state in a shared coordination: a state directory (a restarted script) and a real
// redis-server (several processes). Only Date is faked: files and sockets run for real.

const START = Date.UTC(2026, 10, 2);
const DAY = 86_400_000;
// Category 40 has four pages, 88, 579, 1105 and 1351 one each: eight pages a round.
const CATEGORIES = [40, 88, 579, 1105, 1351];
const PAGES = 8;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

function watchOn(sandbox: Sandbox, coordination: Coordination, fetch = sandbox.fetch) {
  const client = sandboxClient(sandbox, { coordination, fetch });
  const watch = createPriceWatch({ client, coordination, share: { calls: 48 } });
  for (const category of CATEGORIES) watch.add({ category });
  return watch;
}

const pagesFetched = (sandbox: Sandbox) =>
  sandbox
    .apiCalls({ path: /^\/categories\/\d+\/skus$/ })
    .map((call) => `${call.path}?page=${call.query.get('page')}`);

describe('price-catalog/watch in a state directory', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await removeStateDir(dir);
  });

  it('a script killed mid-call resumes where it was, spending no call twice', async () => {
    const dir = newStateDir();
    dirs.push(dir);
    const sandbox = newSandbox();
    // The first process's fourth call never gets its answer: it is killed waiting for it.
    let calls = 0;
    const hanging: typeof fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.endsWith('/skus') && ++calls === 4) {
        return sandbox.fetch(input, init).then(() => new Promise<Response>(() => {}));
      }
      return sandbox.fetch(input, init);
    };
    const first = watchOn(sandbox, fileCoordination({ dir }), hanging);
    expect(await runUntil([first], START + 80 * 60_000)).toHaveLength(3);
    vi.setSystemTime(START + 90 * 60_000);
    void first.step();
    await vi.waitFor(() => expect(calls).toBe(4));

    const second = watchOn(sandbox, fileCoordination({ dir }));
    await runUntil([second], START + 5 * 3_600_000);
    const fetched = pagesFetched(sandbox);
    // One round: every page once, the one the killed process asked for included.
    expect(fetched.slice(0, PAGES).sort()).toEqual([...new Set(fetched.slice(0, PAGES))].sort());
    expect(new Set(fetched.slice(0, PAGES)).size).toBe(PAGES);
    expect(await second.spent()).toMatchObject({ calls: fetched.length });
    // The restarted script keeps the pace: one call every half hour (48 a day), none at once.
    const times = sandbox.apiCalls({ path: /^\/categories\/\d+\/skus$/ }).map((c) => c.time);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThan(25 * 60_000);
  });
});

describe('price-catalog/watch over Redis', () => {
  let redis: RedisServer;
  const coordinations: RedisCoordination[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    for (const c of coordinations.splice(0)) await c.close();
  });
  afterAll(async () => {
    await redis.stop();
  });

  const shared = (prefix: string) => {
    const coordination = redisCoordination({ url: redis.url, prefix });
    coordinations.push(coordination);
    return coordination;
  };

  it('two processes follow one plan: the pages one process alone would fetch, no page twice in a round', async () => {
    const alone = newSandbox();
    await runUntil([watchOn(alone, shared('watch-alone:'))], START + DAY / 2);
    vi.setSystemTime(START);
    const sandbox = newSandbox();
    const a = watchOn(sandbox, shared('watch-two:'));
    const b = watchOn(sandbox, shared('watch-two:'));
    const changed: number[] = [];
    a.onChange((change) => changed.push(change.sku));
    b.onChange((change) => changed.push(change.sku));
    const made = await runUntil([a, b], START + DAY / 2);
    const fetched = pagesFetched(sandbox);
    expect(made).toHaveLength(fetched.length);
    expect(fetched).toEqual(pagesFetched(alone));
    expect(new Set(fetched.slice(0, PAGES)).size).toBe(PAGES);
    // Half a day of 48 calls a day, whoever made them.
    expect(fetched).toHaveLength(24);
    expect(await a.spent()).toMatchObject({ calls: 24 });

    // A move is seen once, by whichever process fetched its page.
    const sku = sandbox.data.skus.find((s) => s.category_id === 88 && !s.future);
    if (!sku) throw new Error('no SKU');
    sandbox.setPrice(sku.id, Math.round(sku.price_min * 70) / 100);
    await runUntil([a, b], START + DAY);
    expect(changed).toEqual([sku.id]);
    expect((await b.price(sku.id))?.price_min).toBe(Math.round(sku.price_min * 70) / 100);
  });
});
