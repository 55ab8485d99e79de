import { describe, expect, it } from 'vitest';
import { lruCacheStore } from '../../src/index.js';
import { type CatalogHandlerOptions, slruCacheStore } from '../../src/server/index.js';
import { MOUNT, ORIGIN, setup } from './setup.js';

/** A synthetic category of 100,000 SKUs: 1,000 distinct listing pages of 100 (about 135 KB each). */
const BULK = 900_001;
const page = (n: number) => `${MOUNT}/categories/${BULK}/skus?per=100&page=${n}`;

/**
 * 40 popular listing pages viewed 3 times each, then a crowd of 500 one-time pages within its
 * shares (50 visitors, 10 pages each), then the 40 popular pages again.
 */
async function popularThenCrowd(options: Partial<CatalogHandlerOptions>) {
  const { handler, sandbox } = setup(
    // A day of 2,000 calls: 20 per visitor, 1,000 for anonymous visitors together. First fetches
    // unpaced, so the crowd's pages are fetched and stored: the store's policy alone keeps the
    // popular ones (paced, a first day's crowd of one-time pages is held back once it outruns the
    // views of pages kept by a tenth of the day: week-pacing.test.ts).
    { dailyLimit: 2000, visitorShare: 20, pacing: false, ...options },
    {
      bulkCategory: { id: BULK, skus: 100_000 },
      cacheMaxAge: 3600,
      rateLimit: { limit: 1e9, windowMs: 60_000 },
    },
  );
  const view = (path: string, visitor: string) =>
    handler(new Request(`${ORIGIN}${path}`), { clientAddress: visitor });
  for (let round = 0; round < 3; round++) {
    for (let n = 1; n <= 40; n++) {
      const answer = await view(page(n), `10.0.0.${n}`);
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
  }
  for (let n = 0; n < 500; n++) {
    const answer = await view(page(100 + n), `10.1.${Math.floor(n / 10)}.1`);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
  }
  const calls = sandbox.apiCalls().length;
  const states: string[] = [];
  for (let n = 1; n <= 40; n++) {
    const answer = await view(page(n), '10.2.0.1');
    states.push(`${answer.status} ${answer.headers.get('x-catalog-cache') ?? ''}`.trim());
    await answer.arrayBuffer();
  }
  return { handler, sandbox, view, newCalls: sandbox.apiCalls().length - calls, states };
}

describe('a cache that keeps what is read', () => {
  it('by default: after a crowd of 500 one-time pages, all 40 popular pages are answered from the cache, 0 calls', async () => {
    const { newCalls, states, view, sandbox } = await popularThenCrowd({});
    expect(newCalls).toBe(0);
    expect(states).toEqual(Array(40).fill('200 hit'));
    // A visitor past their share (10.1.0.1 spent 10 calls; 10 more spend the rest) still gets every page read twice.
    for (let n = 0; n < 10; n++) await (await view(page(700 + n), '10.1.0.1')).arrayBuffer();
    const refused = await view(page(800), '10.1.0.1');
    expect(refused.status).toBe(429);
    const calls = sandbox.apiCalls().length;
    for (let n = 1; n <= 40; n++) {
      const answer = await view(page(n), '10.1.0.1');
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
    }
    expect(sandbox.apiCalls().length).toBe(calls);
  }, 120_000);

  it('the policy, not the room: a 10 MB scan-resistant store keeps the popular pages a 10 MB LRU loses', async () => {
    const slru = await popularThenCrowd({ cache: slruCacheStore({ maxBytes: 10_000_000 }) });
    expect(slru.newCalls).toBe(0);
    expect(slru.states).toEqual(Array(40).fill('200 hit'));
    // The same crowd through an LRU of the same size evicts every popular page.
    const lru = await popularThenCrowd({ cache: lruCacheStore({ maxEntries: 2000, maxBytes: 10_000_000 }) });
    expect(lru.newCalls).toBeGreaterThan(0);
    expect(lru.states.filter((state) => state !== '200 hit').length).toBe(40);
  }, 120_000);

  it('a page read once stays on probation: a crowd evicts it before any page read twice', async () => {
    const store = slruCacheStore({ maxEntries: 10, maxBytes: 1_000_000 });
    // The store weighs what it keeps (the body's bytes), not the size it is told.
    const answer = (size: number) => ({
      body: 'x'.repeat(size),
      etag: undefined,
      storedAt: 0,
      maxAgeMs: 0,
      headers: [],
      size,
    });
    store.set('read-twice', answer(10));
    store.get('read-twice');
    store.set('read-once', answer(10));
    for (let n = 0; n < 100; n++) store.set(`crowd-${n}`, answer(10));
    expect(store.get('read-twice')).toBeDefined();
    expect(store.get('read-once')).toBeUndefined();
    expect([...(await store.keys())].length).toBe(10);
    // Bounded in bytes too: an answer bigger than the store is not kept.
    store.set('huge', answer(2_000_000));
    expect(store.get('huge')).toBeUndefined();
  });
});
