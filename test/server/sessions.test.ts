import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  PermissionDeniedError,
  type TokenStore,
  type UserTokens,
} from '../../src/index.js';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import { browserClient, CookieJar, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';

describe('users: login, callback, session cookie, user endpoints with the user token, logout', () => {
  it('login redirects to the API authorization page with a state kept in an HttpOnly cookie', async () => {
    const { call, sandbox } = setup();
    const login = await call(`${MOUNT}/auth/login?return_to=/account`);
    expect(login.status).toBe(303);
    const target = new URL(login.headers.get('location') as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${sandbox.authUrl}/oauth2/authorizations/new`);
    expect(target.searchParams.get('redirect_uri')).toBe(`${ORIGIN}${MOUNT}/auth/callback`);
    expect(target.searchParams.get('scope')).toBe('public favorites notifications');
    const state = target.searchParams.get('state') as string;
    expect(state.length).toBeGreaterThanOrEqual(43);
    const [cookie] = login.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^catalog_session_login=${state}\\.`));
    expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    expect(cookie).toContain(`Path=${MOUNT}`);
    expect(sandbox.stats.apiCalls + sandbox.stats.tokenRequests).toBe(0);
  });

  it('the callback exchanges the code on the server and starts a session (256-bit id, HttpOnly, Secure, SameSite=Lax)', async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    const { done } = await signIn(sandbox, handler, browser.jar);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/account');
    const session = done.headers.getSetCookie().find((c) => c.startsWith('catalog_session='));
    expect(session).toMatch(
      /^catalog_session=[A-Za-z0-9_-]{43}; Path=\/api\/catalog; Max-Age=2592000; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(browser.jar.cookies.has('catalog_session_login')).toBe(false);
    const status = await browser.fetch(`${ORIGIN}${MOUNT}/auth/session`);
    expect(await status.json()).toEqual({ signed_in: true });
    const favorites = await browser.favorites.list().toArray();
    expect(favorites.length).toBeGreaterThan(0);
    // The user endpoint went out with a user token, not the application's.
    await browser.skus.get(PHONE);
    const [listed] = sandbox.apiCalls({ path: '/favorites' });
    const [catalog] = sandbox.apiCalls({ path: `/skus/${PHONE}` });
    expect(listed?.token).toBeTruthy();
    expect(catalog?.token).toBeTruthy();
    expect(listed?.token).not.toBe(catalog?.token);
  });

  it('a callback with no state, a foreign state or no login cookie is refused without a token request', async () => {
    const { sandbox, handler } = setup();
    const a = new CookieJar();
    const b = new CookieJar();
    const started = async (jar: CookieJar) => {
      const response = await handler(new Request(`${ORIGIN}${MOUNT}/auth/login`));
      jar.take(response);
      const page = await sandbox.fetch(response.headers.get('location') as string);
      return page.headers.get('location') as string;
    };
    const callbackOfA = await started(a);
    await started(b);
    const tokenRequests = sandbox.stats.tokenRequests;
    const tries = [
      [callbackOfA, b.header()], // B's browser, A's state: foreign
      [callbackOfA.replace(/&?state=[^&]*/, ''), a.header()], // no state
      [callbackOfA, ''], // no login cookie
    ];
    for (const [url, cookie] of tries) {
      const response = await handler(new Request(url as string, { headers: { cookie: cookie as string } }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ code: 'InvalidState' }] });
      expect(response.headers.getSetCookie().some((c) => c.startsWith('catalog_session='))).toBe(false);
    }
    expect(sandbox.stats.tokenRequests).toBe(tokenRequests);
  });

  it('a refused authorization comes back without a session', async () => {
    const { sandbox, handler } = setup();
    sandbox.setAuthorization({ approve: false });
    const jar = new CookieJar();
    const { done } = await signIn(sandbox, handler, jar);
    expect(done.status).toBe(303);
    expect(jar.cookies.has('catalog_session')).toBe(false);
  });

  it('no session: user endpoints answer 401 without an API call', async () => {
    const { call, sandbox } = setup();
    for (const path of ['/favorites', '/notifications', '/user', '/user/addresses', '/skus/1/reviews/new']) {
      const response = await call(`${MOUNT}${path}`, { headers: { cookie: 'catalog_session=forged-value' } });
      expect(response.status).toBe(401);
    }
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it("each user's answers are their own: cached per user, never served to another or to the public", async () => {
    const { sandbox, handler } = setup();
    const alice = browserClient(handler);
    const bob = browserClient(handler);
    await signIn(sandbox, handler, alice.jar, SANDBOX_USERS.alice);
    await signIn(sandbox, handler, bob.jar, SANDBOX_USERS.bob);
    const mine = await alice.user.get();
    const his = await bob.user.get();
    expect(mine.id).toBe(SANDBOX_USERS.alice);
    expect(his.id).toBe(SANDBOX_USERS.bob);
    const aliceFavorites = await alice.favorites.list().toArray();
    const bobFavorites = await bob.favorites.list().toArray();
    expect(aliceFavorites.map((f) => f.id)).not.toEqual(bobFavorites.map((f) => f.id));
    // Two sign-ins (each learns its account) and one read each.
    expect(sandbox.apiCalls({ path: '/user' })).toHaveLength(4);
    const anonymous = await handler(new Request(`${ORIGIN}${MOUNT}/user`));
    expect(anonymous.status).toBe(401);
  });

  it("a user's tokens are refreshed on the server when they expire", async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar);
    await browser.user.get();
    sandbox.expireTokens();
    const again = await browser.notifications.list();
    expect(again.items.length).toBeGreaterThan(0);
  });

  it('a write goes out with the user token and the API answer comes back; it drops the user’s cached answers', async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar, SANDBOX_USERS.carol);
    expect(await browser.favorites.list().toArray()).toHaveLength(0);
    const favorite = await browser.favorites.create({ sku_id: PHONE });
    expect(favorite.sku_id).toBe(PHONE);
    const after = await browser.favorites.list().toArray();
    expect(after.map((f) => f.sku_id)).toContain(PHONE);
  });

  it('logout: same origin only; ends the session at the API and here, and clears the cookie', async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar);
    const cookie = browser.jar.header();
    const forged = await handler(
      new Request(`${ORIGIN}${MOUNT}/auth/logout`, {
        method: 'POST',
        headers: { cookie, origin: 'https://evil.test' },
      }),
    );
    expect(forged.status).toBe(403);
    const out = await browser.fetch(`${ORIGIN}${MOUNT}/auth/logout`, { method: 'POST' });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^catalog_session=; .*Max-Age=0/);
    expect(sandbox.apiCalls({ path: '/user/logout', method: 'DELETE' })).toHaveLength(1);
    // The old cookie, replayed, is no session any more.
    const replayed = await handler(new Request(`${ORIGIN}${MOUNT}/favorites`, { headers: { cookie } }));
    expect(replayed.status).toBe(401);
    await expect(browser.favorites.list()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('a custom token store (e.g. a database) gets the tokens under the session key, never the session id', async () => {
    const kept = new Map<string, UserTokens>();
    const tokenStore = (key: string): TokenStore => ({
      get: () => kept.get(key),
      set: (tokens) => void (tokens ? kept.set(key, tokens) : kept.delete(key)),
    });
    const { sandbox, handler } = setup({ tokenStore });
    const jar = new CookieJar();
    await signIn(sandbox, handler, jar);
    const id = jar.cookies.get('catalog_session') as string;
    expect(kept.size).toBe(1);
    const [key] = [...kept.keys()];
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain(id);
  });
});

describe('writes and the public cache', () => {
  it("a review drops the public answers it changes (the SKU's reviews and record), no others", async () => {
    const { sandbox, handler } = setup();
    const browser = browserClient(handler);
    const before = await browser.skus.reviews.list(PHONE).toArray();
    await browser.skus.get(PHONE);
    await browser.skus.get(2184146);
    await browser.skus.specifications(PHONE);
    await signIn(sandbox, handler, browser.jar, SANDBOX_USERS.carol);
    const form = await browser.skus.reviews.newForm(PHONE);
    const answer_ids = form.questions?.flatMap((q) => q.answers?.slice(0, 1).map((a) => a.id) ?? []) ?? [];
    const created = await browser.skus.reviews.create(PHONE, { rating: 4, answer_ids, review: 'Works well' });
    const after = await browser.skus.reviews.list(PHONE).toArray();
    expect(after.map((r) => r.id)).toContain(created.id);
    expect(after).toHaveLength(before.length + 1);
    expect(sandbox.apiCalls({ path: `/skus/${PHONE}/reviews`, method: 'GET' })).toHaveLength(2);
    // The SKU's record (its review count) is fetched again; its specifications and another SKU stay cached.
    await browser.skus.get(PHONE);
    expect(sandbox.apiCalls({ path: `/skus/${PHONE}` })).toHaveLength(2);
    await browser.skus.specifications(PHONE);
    expect(sandbox.apiCalls({ path: `/skus/${PHONE}/specifications` })).toHaveLength(1);
    await browser.skus.get(2184146);
    expect(sandbox.apiCalls({ path: '/skus/2184146' })).toHaveLength(1);
  });
});

describe('scopes', () => {
  it("a user who granted fewer scopes gets the API's 403 InsufficientScope for the others", async () => {
    const { sandbox, handler } = setup({ scopes: ['public'] });
    const browser = browserClient(handler);
    await signIn(sandbox, handler, browser.jar);
    await browser.user.get();
    const error = await browser.favorites.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'InsufficientScope' });
    expect(sandbox.apiCalls({ path: '/favorites' }).map((c) => c.status)).toEqual([403]);
  });
});

describe('the in-memory session store', () => {
  it('keeps at most maxSessions: the least recently used session ends first', async () => {
    const { sandbox, handler } = setup({ maxSessions: 2 });
    const jars = [new CookieJar(), new CookieJar(), new CookieJar()];
    const status = async (jar: CookieJar) =>
      (await handler(new Request(`${ORIGIN}${MOUNT}/user`, { headers: { cookie: jar.header() } }))).status;
    await signIn(sandbox, handler, jars[0] as CookieJar);
    await signIn(sandbox, handler, jars[1] as CookieJar);
    expect(await status(jars[0] as CookieJar)).toBe(200); // the first is now the most recently used
    await signIn(sandbox, handler, jars[2] as CookieJar);
    expect(await Promise.all(jars.map(status))).toEqual([200, 401, 200]);
  });
});

describe('the session cookie', () => {
  it('lives cookie.maxAge seconds; a maxAge that is not a positive integer is refused at creation', async () => {
    const { sandbox, handler } = setup({ cookie: { maxAge: 3600 } });
    const { done } = await signIn(sandbox, handler, new CookieJar());
    expect(done.headers.getSetCookie().find((c) => c.startsWith('catalog_session='))).toMatch(
      /; Max-Age=3600;/,
    );
    for (const maxAge of [0, -5, 1.5, Number.NaN]) {
      expect(() => setup({ cookie: { maxAge } })).toThrow(
        expect.objectContaining({ name: 'InvalidRequestError', param: 'cookie.maxAge' }),
      );
    }
  });
});
