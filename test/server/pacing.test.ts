import { afterEach, describe, expect, it, vi } from 'vitest';
import { lruCacheStore, memoryCoordination } from '../../src/index.js';
import { SANDBOX_USERS, type Sandbox } from '../../src/sandbox/index.js';
import { dayClock } from '../helpers/timers.js';
import { browserClient, handlerOver, MOUNT, ORIGIN, setup, signIn } from './setup.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Ten SKU pages of a storefront (SKUs of the sandbox's data). */
function pagesOf(sandbox: Sandbox): string[] {
  return sandbox.data.skus.slice(0, 10).map((sku) => `${MOUNT}/skus/${sku.id}`);
}

describe('pacing of background revalidations over the day', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("the morning's first fetches do not hold the day's revalidations back", async () => {
    // 100 calls, a reserve of 10. At 04:00 a pace over the whole budget would allow
    // 100 x 4/24 - 10 x 20/24 = 8.3 calls: the 10 first fetches of 01:00 are past it already.
    const time = dayClock(1 * HOUR);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 100, reserve: 10 });
    const PAGES = pagesOf(sandbox);
    for (const page of PAGES) for (let i = 0; i < 3; i++) expect((await call(page)).status).toBe(200);
    expect(sandbox.stats.apiCalls).toBe(PAGES.length);
    time.advance(3 * HOUR);
    const stale = await call(PAGES[0] as string);
    await handler.idle();
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    // 89 refreshes left for 20 h among 10 answers viewed alike: each is due after about 2.5 h.
    expect(sandbox.stats.apiCalls).toBe(11);
    const first = new URL(PAGES[0] as string, 'https://shop.test').pathname.slice(MOUNT.length);
    expect(sandbox.apiCalls({ path: first }).map((c) => c.status)).toEqual([200, 304]);
  });

  it('answers that come due together are refreshed together: the line runs three hours ahead, not one', async () => {
    // 30 pages fetched at 00:01 share 69 refreshes: two each, due at 08:01 together. The line
    // then allows (100 - 30 - 10 x 16/24) x (8 + 3)/24 = 29.1 revalidations, so all 30 (one hour
    // ahead: 23.8, so 24).
    const time = dayClock(60_000);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 100, reserve: 10 });
    const PAGES = sandbox.data.skus.slice(0, 30).map((sku) => `${MOUNT}/skus/${sku.id}`);
    for (const page of PAGES) for (let i = 0; i < 3; i++) expect((await call(page)).status).toBe(200);
    expect(sandbox.stats.apiCalls).toBe(30);
    time.advance(8 * HOUR);
    for (const page of PAGES) {
      expect((await call(page)).headers.get('x-catalog-cache')).toBe('stale');
      await handler.idle();
    }
    expect(sandbox.stats.apiCalls - 30).toBe(30);
    expect(handler.usage().calls).toBe(60);
  });

  it('an answer is revalidated when it is due for its share of the day, not whenever the pace allows', async () => {
    for (const pacing of [true, false]) {
      const time = dayClock(1 * HOUR);
      const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 100, reserve: 10, pacing });
      const PAGES = pagesOf(sandbox);
      for (const page of PAGES) for (let i = 0; i < 3; i++) await call(page);
      // An hour later every answer is stale, but with ~89 refreshes for 22 h each is due in hours.
      time.advance(HOUR);
      for (const page of PAGES) await call(page);
      await handler.idle();
      expect(sandbox.stats.apiCalls - PAGES.length).toBe(pacing ? 0 : PAGES.length);
    }
  });

  /** Ten pages viewed three times at 01:00, then `people` sign in and the first two call 8 times each. */
  async function ownCallsEarly(people: number) {
    const time = dayClock(1 * HOUR);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 100, reserve: 10 });
    const PAGES = pagesOf(sandbox);
    for (const page of PAGES) for (let i = 0; i < 3; i++) expect((await call(page)).status).toBe(200);
    const accounts = Object.values(SANDBOX_USERS);
    const browsers = [];
    for (let i = 0; i < people; i++) {
      const send = (request: Request) => handler(request, { clientAddress: `192.0.2.${i + 1}` });
      const browser = browserClient(send);
      await signIn(sandbox, send, browser.jar, accounts[i % accounts.length]);
      browsers.push(browser);
    }
    for (let i = 0; i < 8; i++) {
      for (const user of browsers.slice(0, 2)) await user.favorites.list().toArray();
      time.advance(2 * 60_000);
    }
    // Each sign-in learns its account (GET /user): a user's call too.
    const userCalls =
      sandbox.apiCalls({ path: '/favorites' }).length + sandbox.apiCalls({ path: '/user' }).length;
    expect(userCalls).toBe(16 + people);
    expect(handler.usage().calls).toBe(PAGES.length + userCalls);
    // 05:00: every answer is four hours old.
    time.advance(4 * HOUR - 16 * 60_000);
    const stale = await call(PAGES[0] as string);
    await handler.idle();
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    return { revalidations: sandbox.stats.apiCalls - PAGES.length - userCalls, handler };
  }

  it("users' own calls come per person, not at a rate: a bunch of them early does not hold the day's revalidations back", async () => {
    // Two people's 16 calls between 01:00 and 01:16, taken as a rate, would be ~60 calls still to
    // come at 05:00: the day's refreshes would fall to ~12 and none be due. Both have called: done.
    const { revalidations, handler } = await ownCallsEarly(2);
    expect(revalidations).toBe(1);
    expect(handler.usage().calls).toBe(10 + 18 + 1);
  });

  it('people signed in who have not called yet are expected to call as those who have: revalidations give way', async () => {
    // Eight more people signed in, none called yet: 8 x 8 calls kept for them, the day's refreshes
    // (100 - 10 first fetches - 10 sign-ins - 16 calls - 64) are none.
    const { revalidations } = await ownCallsEarly(10);
    expect(revalidations).toBe(0);
  });

  it("before anyone has called today, each person signed in is expected to call as the last day's did", async () => {
    const revalidationsOnDay2 = async (callsPerPerson: number) => {
      // The budget's day turns at midnight: the whole clock is moved (the sandbox's too).
      vi.useFakeTimers({ toFake: ['Date'], now: dayClock(1 * HOUR).now() });
      const time = { now: () => Date.now(), advance: (ms: number) => vi.setSystemTime(Date.now() + ms) };
      // Each account's share covers its person's calls; yesterday's answers are still served stale.
      const { call, sandbox, handler } = setup({
        dailyLimit: 100,
        reserve: 10,
        visitorShare: 40,
        maxStale: 2 * DAY,
      });
      const PAGES = pagesOf(sandbox);
      const accounts = Object.values(SANDBOX_USERS);
      const people = async (from: number, count: number) => {
        const browsers = [];
        for (let i = from; i < from + count; i++) {
          const send = (request: Request) => handler(request, { clientAddress: `192.0.2.${i}` });
          const browser = browserClient(send);
          await signIn(sandbox, send, browser.jar, accounts[i % accounts.length]);
          browsers.push(browser);
        }
        return browsers;
      };
      for (const page of PAGES) for (let i = 0; i < 3; i++) expect((await call(page)).status).toBe(200);
      const yesterday = await people(1, 2);
      for (let i = 0; i < callsPerPerson; i++) {
        for (const user of yesterday) await user.favorites.list().toArray();
        time.advance(2 * 60_000);
      }
      expect(sandbox.apiCalls({ path: '/favorites' })).toHaveLength(2 * callsPerPerson);
      // The next day, 00:30: eight people sign in; at 05:00 a page is viewed, none of them has called.
      time.advance(DAY - HOUR / 2 - callsPerPerson * 2 * 60_000);
      await people(10, 8);
      time.advance(4 * HOUR + HOUR / 2);
      const before = sandbox.stats.apiCalls;
      const stale = await call(PAGES[0] as string);
      await handler.idle();
      expect(stale.headers.get('x-catalog-cache')).toBe('stale');
      vi.useRealTimers();
      return sandbox.stats.apiCalls - before;
    };
    // Yesterday's two people called 16 times each: 8 x 16 calls expected today, more than the day has.
    expect(await revalidationsOnDay2(16)).toBe(0);
    // The control: yesterday's people signed in and made no own call.
    expect(await revalidationsOnDay2(0)).toBe(1);
  });

  it("a restarted instance expects of today's people the calls per person the stopped one counted", async () => {
    const revalidationsAfterRestart = async (callsPerPerson: number) => {
      vi.useFakeTimers({ toFake: ['Date'], now: dayClock(1 * HOUR).now() });
      const advance = (ms: number) => vi.setSystemTime(Date.now() + ms);
      // One cache outlives the instances: the pacing state is saved in it.
      const shared = {
        cache: lruCacheStore({ maxEntries: 1000 }),
        coordination: memoryCoordination(),
        dailyLimit: 100,
        reserve: 10,
        visitorShare: 40,
        maxStale: 2 * DAY,
      };
      const { call, sandbox, handler: first } = setup(shared);
      const PAGES = pagesOf(sandbox);
      const accounts = Object.values(SANDBOX_USERS);
      const people = async (handler: typeof first, from: number, count: number) => {
        const browsers = [];
        for (let i = from; i < from + count; i++) {
          const send = (request: Request) => handler(request, { clientAddress: `192.0.2.${i}` });
          const browser = browserClient(send);
          await signIn(sandbox, send, browser.jar, accounts[i % accounts.length]);
          browsers.push(browser);
        }
        return browsers;
      };
      for (const page of PAGES) for (let i = 0; i < 3; i++) expect((await call(page)).status).toBe(200);
      const yesterday = await people(first, 1, 2);
      for (let i = 0; i < callsPerPerson; i++) {
        for (const user of yesterday) await user.favorites.list().toArray();
        advance(2 * 60_000);
      }
      // An hour on, a view saves the pacing state; then the instance stops.
      advance(HOUR);
      await call(PAGES[1] as string);
      await first.idle();
      const second = handlerOver(sandbox, {
        ...shared,
      });
      // The next day, 00:30: eight people sign in on the new instance; at 05:00 a page is viewed.
      advance(DAY - HOUR / 2 - callsPerPerson * 2 * 60_000 - HOUR);
      await people(second, 10, 8);
      advance(4 * HOUR + HOUR / 2);
      const before = sandbox.stats.apiCalls;
      const stale = await second(new Request(`${ORIGIN}${PAGES[0]}`));
      await second.idle();
      expect(stale.headers.get('x-catalog-cache')).toBe('stale');
      vi.useRealTimers();
      return sandbox.stats.apiCalls - before;
    };
    expect(await revalidationsAfterRestart(16)).toBe(0);
    expect(await revalidationsAfterRestart(0)).toBe(1);
  });

  it('a morning of sign-ins is one call per person, not a rate: revalidations do not give way to it all day', async () => {
    // Each sign-in asks the API who signed in (one call, once per person). Twenty of them in the
    // first hour, extrapolated as a rate, would be taken for ~76 calls still to come at 05:00:
    // more than the day has left, and no revalidation would go out.
    const time = dayClock(1 * HOUR);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 100, reserve: 10 });
    const PAGES = pagesOf(sandbox);
    for (const page of PAGES) for (let i = 0; i < 3; i++) expect((await call(page)).status).toBe(200);
    const accounts = Object.values(SANDBOX_USERS);
    for (let i = 0; i < 20; i++) {
      const browser = browserClient((request) => handler(request, { clientAddress: `192.0.2.${i + 1}` }));
      await signIn(
        sandbox,
        (request) => handler(request, { clientAddress: `192.0.2.${i + 1}` }),
        browser.jar,
        accounts[i % accounts.length],
      );
      time.advance(2 * 60_000);
    }
    expect(sandbox.apiCalls({ path: '/user' })).toHaveLength(20);
    time.advance(4 * HOUR - 40 * 60_000);
    const stale = await call(PAGES[0] as string);
    await handler.idle();
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    expect(sandbox.stats.apiCalls).toBe(PAGES.length + 20 + 1);
  });

  it("an answer's refreshes are spaced evenly to 24:00: one refresh left goes at the middle of what is left of its day", async () => {
    // Three calls, no reserve: A fetched at 00:00, B at 08:00; one refresh left, A's (B's day is
    // shorter). Spaced to 24:00, A's refresh is due at 12:00. Due once A's age x sqrt(rate) reached
    // the level that B's whole day just misses, it would wait until about 16:00.
    const time = dayClock(0 * HOUR);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 3, reserve: 0 });
    const [A, B] = pagesOf(sandbox) as [string, string];
    for (let i = 0; i < 3; i++) await call(A);
    time.advance(8 * HOUR);
    for (let i = 0; i < 3; i++) await call(B);
    time.advance(3 * HOUR + 40 * 60_000); // 11:40: A is not due yet
    await call(B);
    await handler.idle();
    expect(sandbox.stats.apiCalls).toBe(2);
    time.advance(70 * 60_000); // 12:50: a view of B spends the refresh on A
    await call(B);
    await handler.idle();
    const path = new URL(A, ORIGIN).pathname.slice(MOUNT.length);
    expect(sandbox.apiCalls({ path }).map((c) => c.status)).toEqual([200, 304]);
    expect(sandbox.stats.apiCalls).toBe(3);
  });

  it('among the answers due, the call goes to the one whose views lose most by waiting (age x views)', async () => {
    // No pacing: every stale answer is due (past its 60 s). A is older, B viewed three times as often.
    const time = dayClock(1 * HOUR);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 4, reserve: 0, pacing: false });
    const [A, B, C] = pagesOf(sandbox) as [string, string, string];
    await call(A);
    time.advance(50_000);
    for (let i = 0; i < 3; i++) await call(B);
    time.advance(65_000);
    // A: 115 s old, 1 view; B: 65 s old, 3 views. Age x sqrt(views) would pick A (115 > 112.6).
    await call(C);
    await call(C);
    await handler.idle();
    const path = (page: string) => new URL(page, ORIGIN).pathname.slice(MOUNT.length);
    expect(sandbox.apiCalls({ path: path(B) }).map((c) => c.status)).toEqual([200, 304]);
    expect(sandbox.apiCalls({ path: path(A) })).toHaveLength(1);
    expect(sandbox.stats.apiCalls).toBe(4);
  });
});
