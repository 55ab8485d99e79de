import { describe, expect, it } from 'vitest';
import { SANDBOX_USERS, type Sandbox } from '../../src/sandbox/index.js';
import { browserClient, MOUNT, setup, signIn } from './setup.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A handler clock at `hour` o'clock of today's UTC day, moved on with `advance`. */
function clock(hour: number) {
  const state = { t: Math.floor(Date.now() / DAY) * DAY + hour * HOUR };
  return { now: () => state.t, advance: (ms: number) => (state.t += ms) };
}

/** Ten SKU pages of a storefront (SKUs of the sandbox's data). */
function pagesOf(sandbox: Sandbox): string[] {
  return sandbox.data.skus.slice(0, 10).map((sku) => `${MOUNT}/skus/${sku.id}`);
}

describe('pacing of background revalidations over the day', () => {
  it("the morning's first fetches do not hold the day's revalidations back", async () => {
    // 100 calls, a reserve of 10. At 04:00 a pace over the whole budget would allow
    // 100 x 4/24 - 10 x 20/24 = 8.3 calls: the 10 first fetches of 01:00 are past it already.
    const time = clock(1);
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

  it('an answer is revalidated when it is due for its share of the day, not whenever the pace allows', async () => {
    for (const pacing of [true, false]) {
      const time = clock(1);
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

  it("signed-in users' calls count as spent on the budget: revalidations give way to them", async () => {
    // As the first test, but 16 calls of two signed-in users' between 01:00 and 04:00: at that
    // rate the users' calls still to come take what the pace would have given the revalidations.
    const time = clock(1);
    const { call, sandbox, handler } = setup({ now: time.now, dailyLimit: 100, reserve: 10 });
    const PAGES = pagesOf(sandbox);
    for (const page of PAGES) for (let i = 0; i < 3; i++) expect((await call(page)).status).toBe(200);
    const carol = browserClient(handler);
    const alice = browserClient(handler);
    await signIn(sandbox, handler, carol.jar, SANDBOX_USERS.carol);
    await signIn(sandbox, handler, alice.jar, SANDBOX_USERS.alice);
    const users = [carol, alice];
    for (let i = 0; i < 8; i++) {
      for (const user of users) await user.favorites.list().toArray();
      time.advance(2 * 60_000);
    }
    // Each sign-in learns its account (GET /user): a user's call too.
    const userCalls =
      sandbox.apiCalls({ path: '/favorites' }).length + sandbox.apiCalls({ path: '/user' }).length;
    expect(userCalls).toBe(18);
    expect(handler.usage().calls).toBe(PAGES.length + userCalls);
    time.advance(3 * HOUR - 30 * 60_000);
    const stale = await call(PAGES[0] as string);
    await handler.idle();
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    expect(sandbox.stats.apiCalls).toBe(PAGES.length + userCalls);
  });

  it('a morning of sign-ins is one call per person, not a rate: revalidations do not give way to it all day', async () => {
    // Each sign-in asks the API who signed in (one call, once per person). Twenty of them in the
    // first hour, extrapolated as a rate, would be taken for ~76 calls still to come at 05:00:
    // more than the day has left, and no revalidation would go out.
    const time = clock(1);
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
});
