import { describe, expect, it } from 'vitest';
import { lruCacheStore, memoryCoordination, type TokenStore, type UserTokens } from '../../src/index.js';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import { dayClock } from '../helpers/timers.js';
import { browserClient, CookieJar, handlerOver, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';

const DAY = 86_400_000;
describe("signed-in reads: a user's answers kept userMaxAge in that user's cache, dropped by their own writes", () => {
  it('ten views of the favorites in a minute are one call; past userMaxAge the next view asks the API again', async () => {
    const time = dayClock(0.5 * DAY);
    const { sandbox, handler } = setup({ now: time.now });
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar, SANDBOX_USERS.carol);
    for (let i = 0; i < 10; i++) {
      await browser.favorites.list();
      time.advance(5_000);
    }
    expect(sandbox.apiCalls({ path: '/favorites' })).toHaveLength(1);
    time.advance(11_000); // 61 s after the first view
    const again = await browser.fetch(`${ORIGIN}${MOUNT}/favorites`);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-catalog-cache')).not.toBe('hit');
    expect(sandbox.apiCalls({ path: '/favorites' })).toHaveLength(2);
  });

  it('a user sees their own write on the next view, without waiting for userMaxAge', async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar, SANDBOX_USERS.carol);
    expect(await browser.favorites.list().toArray()).toHaveLength(0);
    await browser.favorites.create({ sku_id: PHONE });
    expect((await browser.favorites.list().toArray()).map((f) => f.sku_id)).toEqual([PHONE]);
    expect(sandbox.apiCalls({ path: '/favorites', method: 'GET' })).toHaveLength(2);
  });

  it("users' caches never cross: the same path for two users is two entries", async () => {
    const { sandbox, handler } = setup();
    const alice = browserClient(handler);
    const bob = browserClient(handler);
    await signIn(sandbox, handler, alice.jar, SANDBOX_USERS.alice);
    await signIn(sandbox, handler, bob.jar, SANDBOX_USERS.bob);
    for (let i = 0; i < 3; i++) {
      expect((await alice.user.get()).id).toBe(SANDBOX_USERS.alice);
      expect((await bob.user.get()).id).toBe(SANDBOX_USERS.bob);
    }
    // Two sign-ins (each learns its account) and one read each.
    expect(sandbox.apiCalls({ path: '/user' })).toHaveLength(4);
  });

  it('several instances sharing one cache: a write on one is seen on the next view through another', async () => {
    const sessions = new Map<string, UserTokens>();
    const tokenStore = (key: string): TokenStore => ({
      get: () => sessions.get(key),
      set: (value) => void (value ? sessions.set(key, value) : sessions.delete(key)),
    });
    const shared = {
      cache: lruCacheStore({ maxEntries: 1000 }),
      coordination: memoryCoordination(),
      tokenStore,
    };
    const { sandbox, handler: one } = setup(shared);
    const two = handlerOver(sandbox, {
      ...shared,
    });
    const jar = new CookieJar();
    await signIn(sandbox, one, jar, SANDBOX_USERS.carol);
    const list = async (handler: typeof one) =>
      (await (
        await handler(new Request(`${ORIGIN}${MOUNT}/favorites`, { headers: { cookie: jar.header() } }))
      ).json()) as {
        favorites: { sku_id: number }[];
      };
    expect((await list(two)).favorites).toHaveLength(0);
    expect((await list(one)).favorites).toHaveLength(0);
    expect(sandbox.apiCalls({ path: '/favorites', method: 'GET' })).toHaveLength(1);
    const created = await one(
      new Request(`${ORIGIN}${MOUNT}/favorites`, {
        method: 'POST',
        headers: { cookie: jar.header(), origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ favorite: { sku_id: PHONE } }),
      }),
    );
    expect(created.status).toBe(201);
    expect((await list(two)).favorites.map((f) => f.sku_id)).toEqual([PHONE]);
  });

  it("a favorite write drops that user's favorites, not their notifications", async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar, SANDBOX_USERS.carol);
    await browser.favorites.list().toArray();
    await browser.notifications.list().toArray();
    await browser.favorites.create({ sku_id: PHONE });
    expect((await browser.favorites.list().toArray()).map((f) => f.sku_id)).toEqual([PHONE]);
    await browser.notifications.list().toArray();
    expect(sandbox.apiCalls({ path: '/favorites', method: 'GET' })).toHaveLength(2);
    expect(sandbox.apiCalls({ path: '/notifications', method: 'GET' })).toHaveLength(1);
  });

  it("a failed write drops every answer of that user's: the next views ask the API again", async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar, SANDBOX_USERS.carol);
    await browser.favorites.list().toArray();
    await browser.notifications.list().toArray();
    const refused = await browser.favorites.create({ sku_id: 999_999_999 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Error);
    await browser.favorites.list().toArray();
    await browser.notifications.list().toArray();
    expect(sandbox.apiCalls({ path: '/favorites', method: 'GET' })).toHaveLength(2);
    expect(sandbox.apiCalls({ path: '/notifications', method: 'GET' })).toHaveLength(2);
  });

  it("a favorite write keeps the public category listing: it carries no user's flag", async () => {
    const { sandbox, handler } = setup();
    const visitor = browserClient(handler);
    const user = browserClient(handler);
    await signIn(sandbox, handler, user.jar, SANDBOX_USERS.carol);
    const before = await visitor.catalog.categories.skus(40).toArray();
    const listed = sandbox.apiCalls({ path: '/categories/40/skus' }).length;
    await user.favorites.create({ sku_id: PHONE });
    const after = await visitor.catalog.categories.skus(40).toArray();
    expect(after).toEqual(before);
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(listed);
    expect(await user.catalog.categories.skus(40).toArray()).toEqual(before);
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(listed);
  });
});
