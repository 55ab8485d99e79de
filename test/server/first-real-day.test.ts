import { describe, expect, it } from 'vitest';
import type { ViewCountStore } from '../../src/index.js';
import { memoryCoordination } from '../../src/index.js';
import { createSandbox, SANDBOX_USERS, type Sandbox } from '../../src/sandbox/index.js';
import { CookieJar, handlerOver, MOUNT, ORIGIN, signIn } from './setup.js';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** A handler clock at `minutes` past 00:00 of today's UTC day, moved on with `advance`. */
function clock(minutes: number) {
  const state = { t: Math.floor(Date.now() / DAY) * DAY + minutes * MINUTE };
  return { now: () => state.t, advance: (ms: number) => (state.t += ms) };
}

/** A sandbox whose rate window never binds: the crowd's calls come within one real second. */
function roomySandbox(): Sandbox {
  return createSandbox({ rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
}

/** `count` distinct listing pages nobody has viewed (the leaf categories' pages 1, 2, ...). */
function listings(sandbox: Sandbox, count: number, from = 0): string[] {
  const leaves = sandbox.data.categories.filter((c) => c.children_count === 0).map((c) => c.id);
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    return `/categories/${leaves[n % leaves.length]}/skus?page=${1 + Math.floor(n / leaves.length)}`;
  });
}

function asking(handler: ReturnType<typeof handlerOver>) {
  return (path: string, clientAddress: string, cookie = '') =>
    handler(new Request(`${ORIGIN}${MOUNT}${path}`, { headers: cookie ? { cookie } : {} }), {
      clientAddress,
    });
}

/** The seconds a refusal says to wait, checked to be at most a quarter of an hour. */
function retryAfter(answer: Response): number {
  const seconds = Number(answer.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(900);
  return seconds;
}

describe("a shop's first real day, with the handler's default options", () => {
  it('a person browsing 40 SKU pages of a shop nothing is cached of is answered; so is a second person 20 minutes later', async () => {
    const sandbox = createSandbox();
    const time = clock(10 * 60);
    const handler = handlerOver(sandbox, { now: time.now });
    const get = asking(handler);
    const skus = sandbox.data.skus.map((s) => `/skus/${s.id}`);
    const browse = async (pages: string[], clientAddress: string) => {
      let answered = 0;
      for (const page of pages) {
        const answer = await get(page, clientAddress);
        if (answer.status === 200) answered += 1;
        // Any refusal says when to try again, and never later than 15 minutes.
        else retryAfter(answer);
        time.advance(30_000);
      }
      return answered;
    };
    expect(await browse(skus.slice(0, 40), '198.51.100.10')).toBeGreaterThanOrEqual(38);
    expect(await browse(skus.slice(40, 60), '198.51.100.20')).toBeGreaterThanOrEqual(19);
    expect(sandbox.stats.apiCalls).toBeGreaterThanOrEqual(57);
  });

  it('a scraper from one network spends at most 5% of the day, and every refusal it gets says 15 minutes at most', async () => {
    const sandbox = roomySandbox();
    const time = clock(12 * 60);
    const handler = handlerOver(sandbox, { now: time.now });
    const get = asking(handler);
    const statuses = new Map<number, number>();
    for (let i = 0; i < 400; i++) {
      // One /56 rotating its addresses: one visitor.
      const answer = await get(`/skus/${7_000_000 + i}`, `2001:db8:5:${(i % 200).toString(16)}::${i}`);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status !== 404) {
        expect(answer.status).toBe(429);
        expect(await answer.json()).toMatchObject({ errors: [{ code: 'VisitorShareSpent' }] });
        retryAfter(answer);
      }
      time.advance(1000);
    }
    expect(sandbox.stats.apiCalls).toBe(50);
    expect(statuses.get(404)).toBe(50);
    // Every other answer went through the refusal's checks above.
    expect(statuses.get(429)).toBe(350);
  });

  it.each([
    ['00:30', 30],
    ['06:00', 360],
  ])(
    'a crowd of 1,000 addresses x 3 uncached listings at %s leaves the line to a signed-in customer and a newcomer',
    async (_at, minutes) => {
      const sandbox = roomySandbox();
      const time = clock(minutes);
      const handler = handlerOver(sandbox, { now: time.now });
      const get = asking(handler);
      const pages = listings(sandbox, 3000);
      for (let a = 0; a < 1000; a++) {
        const address = `10.${a >> 8}.${a & 255}.7`;
        const answers = await Promise.all(pages.slice(3 * a, 3 * a + 3).map((page) => get(page, address)));
        for (const answer of answers) if (answer.status !== 200) retryAfter(answer);
      }
      const crowdCalls = sandbox.stats.apiCalls;
      // The crowd takes the first day's free first fetches (a tenth of the day: 100, and the one
      // that found the catalog too large), or its half of the line, whichever is more: 145 at 06:00.
      expect(crowdCalls).toBeLessThanOrEqual(Math.max(101, Math.floor(500 * (minutes / 1440 + 1 / 24))));

      const jar = new CookieJar();
      await signIn(
        sandbox,
        (request) => handler(request, { clientAddress: '10.9.9.9' }),
        jar,
        SANDBOX_USERS.carol,
      );
      const [mine, theirs] = listings(sandbox, 2, 5000);
      // The signed-in customer's uncached page: answered at once, the crowd took only its share.
      const customer = await get(mine as string, '10.9.9.9', jar.header());
      expect(customer.status).toBe(200);
      // A newcomer: answered at once, or within the one Retry-After it is given.
      let newcomer = await get(theirs as string, '192.0.2.55');
      if (newcomer.status !== 200) {
        expect(await newcomer.json()).toMatchObject({ errors: [{ code: 'NotFetchedYet' }] });
        time.advance(retryAfter(newcomer) * 1000);
        newcomer = await get(theirs as string, '192.0.2.55');
      }
      expect(newcomer.status).toBe(200);
    },
    60_000,
  );

  it('a view counts once per visitor, however often the visitor asks', async () => {
    const sandbox = roomySandbox();
    const added: string[] = [];
    const counts = new Map<string, number>();
    const viewCounts: ViewCountStore = {
      async add(key) {
        added.push(key);
        const views = (counts.get(key) ?? 0) + 1;
        counts.set(key, views);
        return views;
      },
    };
    const time = clock(30);
    const handler = handlerOver(sandbox, {
      now: time.now,
      coordination: { ...memoryCoordination(), viewCounts },
    });
    const get = asking(handler);
    // A crowd past the day's free first fetches: the line holds further pages back.
    const pages = listings(sandbox, 400);
    for (let i = 0; i < pages.length; i++) await get(pages[i] as string, `10.1.${i >> 8}.${i & 255}`);
    const [held] = listings(sandbox, 1, 6000);
    added.length = 0;
    for (let i = 0; i < 5; i++) expect((await get(held as string, '10.2.0.1')).status).toBe(503);
    expect(added).toHaveLength(1);
    expect((await get(held as string, '10.2.0.2')).status).not.toBe(500);
    expect(added).toHaveLength(2);
  }, 60_000);
});

describe('signing in never waits on a share', () => {
  it('a visitor past their share, behind an address whose share is spent, still signs in; sign-ins have a bound of their own', async () => {
    const sandbox = roomySandbox();
    const time = clock(9 * 60);
    const handler = handlerOver(sandbox, { now: time.now, visitorShare: 2, signInShare: 2 });
    const get = asking(handler);
    const office = '198.51.100.77';
    expect((await get('/skus/7000001', office)).status).toBe(404);
    expect((await get('/skus/7000002', office)).status).toBe(404);
    expect((await get('/skus/7000003', office)).status).toBe(429);
    const signInFrom = async (address: string) => {
      const jar = new CookieJar();
      const { done } = await signIn(
        sandbox,
        (request) => handler(request, { clientAddress: address }),
        jar,
        SANDBOX_USERS.carol,
      );
      return done;
    };
    // Two people of the office sign in, past the office's browsing share.
    for (let i = 0; i < 2; i++) expect((await signInFrom(office)).status).toBe(303);
    // A flood of sign-ins from one address stops at its own allowance, with a short Retry-After.
    const flooded = await signInFrom(office);
    expect(flooded.status).toBe(429);
    expect(await flooded.json()).toMatchObject({ errors: [{ code: 'SignInsSpent' }] });
    retryAfter(flooded);
    // Another address signs in as ever.
    expect((await signInFrom('198.51.100.78')).status).toBe(303);
  });

  it('all addresses together stop at allSignInsShare', async () => {
    const sandbox = roomySandbox();
    const handler = handlerOver(sandbox, { now: clock(9 * 60).now, allSignInsShare: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const jar = new CookieJar();
      const { done } = await signIn(
        sandbox,
        (request) => handler(request, { clientAddress: `203.0.113.${i}` }),
        jar,
        SANDBOX_USERS.carol,
      );
      statuses.push(done.status);
    }
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect(sandbox.apiCalls({ path: '/user' })).toHaveLength(3);
  });
});
