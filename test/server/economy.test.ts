import { describe, expect, it } from 'vitest';
import { dayClock } from '../helpers/timers.js';
import { MOUNT, PHONE, setup } from './setup.js';

const DAY = 86_400_000;
describe('call economy: one cache for all users, conditional answers, stale-while-revalidate, pacing', () => {
  it('public answers are cached once for all users: a second browser gets a hit, no API call', async () => {
    const { call, sandbox } = setup();
    const a = await call(`${MOUNT}/categories/40`);
    const b = await call(`${MOUNT}/categories/40`, { headers: { cookie: 'catalog_session=someone-else' } });
    expect(a.status).toBe(200);
    expect(b.headers.get('x-catalog-cache')).toBe('hit');
    expect(await b.json()).toEqual(await a.json());
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
  });

  it('identical requests in flight at once share one API call', async () => {
    const { call, sandbox } = setup();
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(`${MOUNT}/skus/${PHONE}`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(sandbox.apiCalls({ path: `/skus/${PHONE}` })).toHaveLength(1);
  });

  it("ETag and Cache-Control derived from the API's; a matching revalidation gets 304 without an API call", async () => {
    const { call, sandbox } = setup();
    const first = await call(`${MOUNT}/categories/40`);
    const api = sandbox.apiCalls({ path: '/categories/40' })[0];
    expect(api?.status).toBe(200);
    const etag = first.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toMatch(/^private, max-age=(300|29\d)/);
    expect(first.headers.get('x-catalog-cache')).toBe('miss');
    const again = await call(`${MOUNT}/categories/40`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
    const other = await call(`${MOUNT}/categories/40`, { headers: { 'if-none-match': '"nope"' } });
    expect(other.status).toBe(200);
  });

  it('past max-age: the stale answer at once, one background revalidation with If-None-Match', async () => {
    const time = dayClock(0.9 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now });
    await call(`${MOUNT}/categories/40`);
    time.advance(301_000);
    const stale = await Promise.all([1, 2, 3].map(() => call(`${MOUNT}/categories/40`)));
    for (const answer of stale) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-catalog-cache')).toBe('stale');
      expect(answer.headers.get('age')).toBe('301');
      expect(answer.headers.get('cache-control')).toMatch(/max-age=0/);
    }
    await handler.idle();
    const calls = sandbox.apiCalls({ path: '/categories/40' });
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.get('if-none-match')).toBe(stale[0]?.headers.get('etag'));
    expect(calls[1]?.status).toBe(304);
    const fresh = await call(`${MOUNT}/categories/40`);
    expect(fresh.headers.get('x-catalog-cache')).toBe('hit');
    expect(fresh.headers.get('age')).toBe('0');
  });

  it('a changed resource: the revalidation brings the new answer', async () => {
    const time = dayClock(0.9 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now });
    const before = (await (await call(`${MOUNT}/skus/${PHONE}`)).json()) as { sku: { price_min: number } };
    sandbox.setPrice(PHONE, before.sku.price_min - 1);
    time.advance(61_000);
    await call(`${MOUNT}/skus/${PHONE}`);
    await handler.idle();
    const after = (await (await call(`${MOUNT}/skus/${PHONE}`)).json()) as { sku: { price_min: number } };
    expect(after.sku.price_min).toBe(before.sku.price_min - 1);
  });

  it('pacing: early in the day a stale answer is served without spending a call; pacing off spends it', async () => {
    for (const pacing of [true, false]) {
      // 301 s into the day, 0.35% of it: 0.35% of (100 - 10 reserved) calls is under one.
      const time = dayClock(0 * DAY);
      const { call, sandbox, handler } = setup({ now: time.now, pacing, dailyLimit: 100 });
      await call(`${MOUNT}/categories/40`);
      time.advance(301_000);
      expect((await call(`${MOUNT}/categories/40`)).headers.get('x-catalog-cache')).toBe('stale');
      await handler.idle();
      expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(pacing ? 1 : 2);
    }
  });

  it('the reserve: background revalidations never spend the last calls; uncached requests do', async () => {
    const time = dayClock(0.99 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 4, reserve: 2, pacing: false });
    await call(`${MOUNT}/categories/40`);
    await call(`${MOUNT}/categories/root`);
    time.advance(301_000);
    await call(`${MOUNT}/categories/40`); // 2 calls spent, 2 left: the reserve, so no revalidation
    await handler.idle();
    expect(sandbox.stats.apiCalls).toBe(2);
    expect((await call(`${MOUNT}/skus/${PHONE}`)).status).toBe(200); // uncached: served from the reserve
    expect(sandbox.stats.apiCalls).toBe(3);
  });

  it('stale-if-error: the API failing, the last good answer with Age and x-catalog-cache: stale', async () => {
    const time = dayClock(0.9 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now, maxRetries: 0 });
    await call(`${MOUNT}/categories/40`);
    time.advance(400_000);
    sandbox.failNext(5, { status: 500 });
    const answer = await call(`${MOUNT}/categories/40`);
    await handler.idle();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-catalog-cache')).toBe('stale');
    expect(answer.headers.get('age')).toBe('400');
    expect(sandbox.apiCalls({ path: '/categories/40', status: 500 })).toHaveLength(1);
  });

  it('nothing cached and the API failing: 503 with Retry-After', async () => {
    const { call, sandbox } = setup({ maxRetries: 0 });
    sandbox.failNext(1, { status: 502 });
    const answer = await call(`${MOUNT}/categories/40`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('30');
    expect(await answer.json()).toMatchObject({ errors: [{ code: 'ServiceUnavailable' }] });
  });

  it('the budget spent: cached answers still served (stale), uncached ones 503 DailyLimitExceeded', async () => {
    const time = dayClock(0.5 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 1, reserve: 0 });
    await call(`${MOUNT}/categories/40`);
    time.advance(3_600_000);
    const stale = await call(`${MOUNT}/categories/40`);
    await handler.idle();
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    const refused = await call(`${MOUNT}/categories/root`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ errors: [{ code: 'DailyLimitExceeded' }] });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sandbox.stats.apiCalls).toBe(1);
  });

  it('past maxStale an answer is fetched again before it is served', async () => {
    const time = dayClock(0.9 * DAY);
    const { call, sandbox } = setup({ now: time.now, maxStale: 60_000 });
    await call(`${MOUNT}/categories/40`);
    time.advance(300_000 + 61_000);
    const answer = await call(`${MOUNT}/categories/40`);
    expect(answer.headers.get('x-catalog-cache')).toBe('revalidated');
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(2);
  });

  it('a resource gone at the API is no longer served stale: its 404 is', async () => {
    const time = dayClock(0.9 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now, maxRetries: 0 });
    await call(`${MOUNT}/categories/40`);
    time.advance(301_000);
    sandbox.failNext(1, { status: 404, body: { errors: [{ code: 'RecordNotFound', messages: ['gone'] }] } });
    expect((await call(`${MOUNT}/categories/40`)).headers.get('x-catalog-cache')).toBe('stale');
    await handler.idle();
    const after = await call(`${MOUNT}/categories/40`);
    expect(after.status).toBe(404);
    expect(await after.json()).toMatchObject({ errors: [{ code: 'RecordNotFound' }] });
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(2);
    time.advance(301_000); // past missingMaxAge: asked again, and there again
    const back = await call(`${MOUNT}/categories/40`);
    expect(back.headers.get('x-catalog-cache')).toBe('miss');
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(3);
  });

  it('each call the pacing allows goes to the most overdue answer (age x sqrt of views), not only the one viewed', async () => {
    const time = dayClock(0.5 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 4, reserve: 0, pacing: false });
    const A = `${MOUNT}/categories/40`;
    const B = `${MOUNT}/categories/root`;
    await call(A);
    await call(B);
    time.advance(400_000); // both past their 300 s
    await call(A); // A has more views than B at the same age: A goes first
    await handler.idle();
    expect(sandbox.apiCalls({ path: '/categories/40' }).map((c) => c.status)).toEqual([200, 304]);
    expect(sandbox.apiCalls({ path: '/categories/root' })).toHaveLength(1);
    await call(A); // A is fresh now: this view of A spends the call on B
    await handler.idle();
    expect(sandbox.apiCalls({ path: '/categories/root' }).map((c) => c.status)).toEqual([200, 304]);
    await call(B);
    await handler.idle();
    expect(sandbox.stats.apiCalls).toBe(4); // the budget (4, no reserve) is spent: nothing more
  });

  it("pacing: a tenth of the reserve (at least one call) is kept to the day's end for uncached requests", async () => {
    // 4 calls, a reserve of 2, at 23:45: the cap is 4 x 0.99 - max(2 x 0.01, 1) = 2.96 calls.
    const time = dayClock(0.99 * DAY);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 4, reserve: 2 });
    await call(`${MOUNT}/categories/40`);
    await call(`${MOUNT}/categories/root`);
    await call(`${MOUNT}/skus/${PHONE}`);
    time.advance(400_000);
    const stale = await call(`${MOUNT}/categories/40`);
    await handler.idle();
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    expect(sandbox.stats.apiCalls).toBe(3); // no revalidation: the last call is kept
    expect((await call(`${MOUNT}/manufacturers/28`)).status).toBe(200); // uncached: served from it
    expect(sandbox.stats.apiCalls).toBe(4);
  });

  it('pacing: an answer 400 s old is not due at noon; in the last minutes the calls left go to what is stale', async () => {
    for (const [fraction, expected] of [
      [0.5, 0],
      [0.99, 2],
    ] as const) {
      // 10 calls, a reserve of 4: at 12:00 the 6 refreshes left for 12 h make an interval of hours;
      // at 23:45 the reserve is down to 1 call and any stale answer is due.
      const time = dayClock(fraction * DAY);
      const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 10, reserve: 4 });
      await call(`${MOUNT}/categories/40`);
      await call(`${MOUNT}/categories/root`);
      await call(`${MOUNT}/skus/${PHONE}`);
      time.advance(400_000);
      await call(`${MOUNT}/categories/40`);
      await handler.idle();
      await call(`${MOUNT}/categories/root`);
      await handler.idle();
      expect(sandbox.stats.apiCalls - 3).toBe(expected);
    }
  });
});
