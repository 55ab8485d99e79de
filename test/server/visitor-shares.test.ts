import { describe, expect, it } from 'vitest';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import { dayClock } from '../helpers/timers.js';
import { CookieJar, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';

const DAY = 86_400_000;
describe("visitor shares: no visitor spends the day's budget", () => {
  it('one address asking for a thousand uncached SKUs spends its share (1% of the day, at least 10 calls), then gets 429 with Retry-After; other visitors are still served', async () => {
    const time = dayClock(0.5 * DAY);
    const { handler, sandbox } = setup({ dailyLimit: 200, now: time.now });
    const scraper = { clientAddress: '203.0.113.7' };
    const statuses = new Map<number, number>();
    let refusal: Response | undefined;
    for (let i = 0; i < 1000; i++) {
      const answer = await handler(new Request(`${ORIGIN}${MOUNT}/skus/${5_000_000 + i}`), scraper);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) refusal ??= answer;
    }
    expect(sandbox.stats.apiCalls).toBe(10);
    expect(handler.usage().calls).toBe(10);
    expect(statuses.get(429)).toBe(990);
    expect(await refusal?.json()).toMatchObject({ errors: [{ code: 'VisitorShareSpent' }] });
    // The share comes back with the next UTC day: noon to midnight is 43,200 s.
    expect(refusal?.headers.get('retry-after')).toBe('43200');
    const other = await handler(new Request(`${ORIGIN}${MOUNT}/skus/${PHONE}`), {
      clientAddress: '198.51.100.2',
    });
    expect(other.status).toBe(200);
    expect(sandbox.stats.apiCalls).toBe(11);
  });

  it('answers already kept cost no share: past its share a visitor still gets cached and stale answers', async () => {
    const time = dayClock(0.5 * DAY);
    const { handler, sandbox } = setup({ visitorShare: 2, now: time.now });
    const visitor = { clientAddress: '203.0.113.7' };
    const get = (path: string) => handler(new Request(`${ORIGIN}${MOUNT}${path}`), visitor);
    expect((await get('/categories/40')).status).toBe(200);
    expect((await get('/categories/root')).status).toBe(200);
    expect((await get('/manufacturers/28')).status).toBe(429);
    expect((await get('/categories/40')).headers.get('x-catalog-cache')).toBe('hit');
    time.advance(400_000);
    const stale = await get('/categories/40');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    expect(sandbox.apiCalls({ path: '/manufacturers/28' })).toHaveLength(0);
  });

  it('a call already on its way is joined without charge; a new day brings a new share', async () => {
    const time = dayClock(0.99 * DAY);
    const { handler, sandbox } = setup({ visitorShare: 1, now: time.now });
    const get = (path: string, clientAddress: string) =>
      handler(new Request(`${ORIGIN}${MOUNT}${path}`), { clientAddress });
    const together = await Promise.all([
      get(`/skus/${PHONE}`, '203.0.113.1'),
      get(`/skus/${PHONE}`, '203.0.113.2'),
    ]);
    expect(together.map((a) => a.status)).toEqual([200, 200]);
    expect((await get('/categories/40', '203.0.113.1')).status).toBe(429);
    expect((await get('/categories/40', '203.0.113.2')).status).toBe(200);
    time.advance(0.02 * DAY);
    expect((await get('/categories/root', '203.0.113.1')).status).toBe(200);
    expect(sandbox.stats.apiCalls).toBe(3);
  });

  it('anonymous visitors together get a bounded share, whatever their addresses', async () => {
    const { handler, sandbox } = setup({ anonymousShare: 5 });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await handler(new Request(`${ORIGIN}${MOUNT}/skus/${5_000_000 + i}`), {
        clientAddress: `198.51.100.${i}`,
      });
      statuses.push(answer.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(sandbox.stats.apiCalls).toBe(5);
  });

  it('a signed-in user is charged by account, not by address; past the share their own last answers are served', async () => {
    const time = dayClock(0.5 * DAY);
    const { handler, sandbox } = setup({ visitorShare: 3, anonymousShare: 0, now: time.now });
    const jar = new CookieJar();
    // The sign-in's call (who signed in: GET /user) is the asking address's.
    await signIn(
      sandbox,
      (request) => handler(request, { clientAddress: '203.0.113.0' }),
      jar,
      SANDBOX_USERS.carol,
    );
    expect(sandbox.stats.apiCalls).toBe(1);
    const get = (path: string, clientAddress: string) =>
      handler(new Request(`${ORIGIN}${MOUNT}${path}`, { headers: { cookie: jar.header() } }), {
        clientAddress,
      });
    expect((await get('/favorites', '203.0.113.1')).status).toBe(200);
    expect((await get('/notifications', '203.0.113.2')).status).toBe(200);
    expect((await get(`/skus/${PHONE}`, '203.0.113.3')).status).toBe(200); // a public miss: the session's too
    expect((await get('/user', '203.0.113.4')).status).toBe(429);
    time.advance(120_000); // past userMaxAge: a view would revalidate, the share is spent
    const own = await get('/favorites', '203.0.113.5');
    expect(own.status).toBe(200);
    expect(own.headers.get('x-catalog-cache')).toBe('stale');
    expect(sandbox.stats.apiCalls).toBe(4);
    // Anonymous visitors had no share at all here.
    expect(
      (await handler(new Request(`${ORIGIN}${MOUNT}/categories/40`), { clientAddress: '203.0.113.9' }))
        .status,
    ).toBe(429);
  });

  it('visitorKey picks the visitor (here a header the site’s own edge sets); without a key only the common share applies', async () => {
    const { handler, sandbox } = setup({
      visitorShare: 1,
      visitorKey: (request) => request.headers.get('x-edge-visitor') ?? undefined,
    });
    const get = (path: string, visitor?: string) =>
      handler(
        new Request(`${ORIGIN}${MOUNT}${path}`, { headers: visitor ? { 'x-edge-visitor': visitor } : {} }),
        {
          clientAddress: '10.0.0.1',
        },
      );
    expect((await get('/categories/40', 'a')).status).toBe(200);
    expect((await get('/categories/root', 'a')).status).toBe(429);
    expect((await get('/categories/root', 'b')).status).toBe(200);
    expect((await get('/manufacturers/28')).status).toBe(200);
    expect((await get(`/skus/${PHONE}`)).status).toBe(200);
    expect(sandbox.stats.apiCalls).toBe(4);
  });

  it('with the day’s budget spent the refusal is the budget’s 503, not the share’s 429', async () => {
    const { handler } = setup({ dailyLimit: 1, reserve: 0 });
    const visitor = { clientAddress: '203.0.113.7' };
    expect((await handler(new Request(`${ORIGIN}${MOUNT}/categories/40`), visitor)).status).toBe(200);
    const refused = await handler(new Request(`${ORIGIN}${MOUNT}/categories/root`), visitor);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ errors: [{ code: 'DailyLimitExceeded' }] });
  });
});
