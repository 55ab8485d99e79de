import { describe, expect, it } from 'vitest';
import type { TokenStore, UserTokens } from '../../src/index.js';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import { browserClient, CookieJar, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';

/** Everything a response shows a browser: status line, every header (cookies, Location), body. */
async function shown(response: Response): Promise<string> {
  const headers = [...response.headers].map(([n, v]) => `${n}: ${v}`).join('\n');
  return `${response.status}\n${headers}\n${response.headers.getSetCookie().join('\n')}\n${await response.clone().text()}`;
}

describe('security: nothing secret reaches the browser', () => {
  it('no client secret, application token or user token in any body, header, cookie, redirect, error or log line', async () => {
    const tokens: UserTokens[] = [];
    const memory = new Map<string, UserTokens>();
    const tokenStore = (key: string): TokenStore => ({
      get: () => memory.get(key),
      set: (value) => {
        if (value) tokens.push(value);
        void (value ? memory.set(key, value) : memory.delete(key));
      },
    });
    const lines: string[] = [];
    const log = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    const { sandbox, handler } = setup({
      tokenStore,
      logLevel: 'debug',
      logger: { error: log, warn: log, info: log, debug: log },
      dailyLimit: 40,
      reserve: 0,
    });
    const seen: string[] = [];
    const watched = async (request: Request) => {
      const response = await handler(request);
      seen.push(await shown(response));
      return response;
    };
    const browser = browserClient(watched);
    // Browse, sign in, read and write, fail in every way, sign out.
    await browser.catalog.categories.root();
    await browser.skus.get(PHONE);
    await browser.skus.get(999999999).catch(() => undefined);
    await browser.favorites.list().catch(() => undefined);
    const flow = await signIn(sandbox, watched, browser.jar);
    seen.push(flow.authorize); // the redirect URL the browser followed
    await browser.favorites.create({ sku_id: PHONE });
    await browser.notifications.list();
    await browser.user.get();
    sandbox.expireTokens();
    await browser.user.get();
    sandbox.failNext(3, { status: 500 });
    await browser.catalog.categories.get(41).catch(() => undefined);
    await watched(new Request(`${ORIGIN}${MOUNT}/skus/1%2f2`));
    await watched(
      new Request(`${ORIGIN}${MOUNT}/favorites`, {
        method: 'POST',
        headers: { origin: 'https://evil.test' },
      }),
    );
    for (let i = 0; i < 45; i++) await browser.skus.get(2184146 + i).catch(() => undefined); // the budget runs out
    await browser.fetch(`${ORIGIN}${MOUNT}/auth/logout`, { method: 'POST' });

    const secrets = new Set<string>([sandbox.clientSecret]);
    for (const request of sandbox.requests) if (request.token) secrets.add(request.token);
    for (const pair of tokens) {
      secrets.add(pair.access_token);
      if (pair.refresh_token) secrets.add(pair.refresh_token);
    }
    expect(secrets.size).toBeGreaterThanOrEqual(5); // the secret, the app token, two user access tokens, a refresh token
    expect(seen.length).toBeGreaterThan(60);
    expect(seen.some((text) => text.startsWith('503'))).toBe(true);
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      for (const text of [...seen, ...lines])
        expect(text.includes(secret), `a secret in: ${text.slice(0, 200)}`).toBe(false);
    }
  });

  it('sign-in redirects go only to paths of this site; input never becomes a header', async () => {
    const { call } = setup();
    for (const back of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test',
      '/\r\nSet-Cookie: a=b',
      'javascript:alert(1)',
    ]) {
      const login = await call(`${MOUNT}/auth/login?return_to=${encodeURIComponent(back)}`);
      const kept = login.headers.getSetCookie()[0] as string;
      const encoded = (kept.split(';')[0] as string).split('.')[1] as string;
      expect(atob(encoded.replace(/-/g, '+').replace(/_/g, '/'))).toBe('/');
      expect(login.headers.getSetCookie()).toHaveLength(1);
    }
  });
});

describe('security: CSRF, session fixation, unguessable sessions, bounded bodies', () => {
  const write = (
    cookie: string,
    headers: Record<string, string>,
    body = JSON.stringify({ favorite: { sku_id: PHONE } }),
  ) =>
    new Request(`${ORIGIN}${MOUNT}/favorites`, {
      method: 'POST',
      body,
      headers: { cookie, 'content-type': 'application/json', ...headers },
    });

  it('a write needs a same-origin Origin or Sec-Fetch-Site: another site cannot favorite for a signed-in user', async () => {
    const { sandbox, handler } = setup();
    const jar = new CookieJar();
    await signIn(sandbox, handler, jar, SANDBOX_USERS.carol);
    const cookie = jar.header();
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.test' },
      { origin: 'https://sub.shop.test' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site', origin: ORIGIN },
      { 'sec-fetch-site': 'same-site' },
      {},
    ];
    for (const headers of refused) {
      const response = await handler(write(cookie, headers));
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ errors: [{ code: 'CrossSiteRequest' }] });
    }
    expect(sandbox.apiCalls({ path: '/favorites', method: 'POST' })).toHaveLength(0);
    expect((await handler(write(cookie, { 'sec-fetch-site': 'same-origin' }))).status).toBe(201);
    expect(sandbox.apiCalls({ path: '/favorites', method: 'POST' })).toHaveLength(1);
  });

  it('session fixation: a cookie the attacker planted is never the session; sign-in always makes a new id', async () => {
    const { sandbox, handler } = setup();
    const jar = new CookieJar();
    jar.cookies.set('catalog_session', 'attacker-chosen-session-id-aaaaaaaaaaaaaaaaaaaaa');
    await signIn(sandbox, handler, jar);
    const id = jar.cookies.get('catalog_session');
    expect(id).not.toBe('attacker-chosen-session-id-aaaaaaaaaaaaaaaaaaaaa');
    const attacker = await handler(
      new Request(`${ORIGIN}${MOUNT}/user`, {
        headers: { cookie: 'catalog_session=attacker-chosen-session-id-aaaaaaaaaaaaaaaaaaaaa' },
      }),
    );
    expect(attacker.status).toBe(401);
    // Signing in again in the same browser replaces the session: the old id stops working.
    await signIn(sandbox, handler, jar);
    const old = await handler(
      new Request(`${ORIGIN}${MOUNT}/user`, { headers: { cookie: `catalog_session=${id}` } }),
    );
    expect(old.status).toBe(401);
  });

  it('session ids: 256 random bits each, never repeated', async () => {
    const { sandbox, handler } = setup();
    const ids = new Set<string>();
    for (let i = 0; i < 8; i++) {
      const jar = new CookieJar();
      await signIn(sandbox, handler, jar);
      const id = jar.cookies.get('catalog_session') as string;
      expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      ids.add(id);
    }
    expect(ids.size).toBe(8);
  });

  it('bodies: over the limit 413 (declared or streamed), not JSON 415, bad JSON 400, each without an API call', async () => {
    const { sandbox, handler } = setup({ maxBodyBytes: 1000 });
    const jar = new CookieJar();
    await signIn(sandbox, handler, jar, SANDBOX_USERS.carol);
    const cookie = jar.header();
    const same = { origin: ORIGIN };
    const big = JSON.stringify({ favorite: { sku_id: PHONE, pad: 'x'.repeat(2000) } });
    expect((await handler(write(cookie, same, big))).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(500)));
        controller.close();
      },
    });
    const streamed = new Request(`${ORIGIN}${MOUNT}/favorites`, {
      method: 'POST',
      body: stream,
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect((await handler(streamed)).status).toBe(413);
    const form = new Request(`${ORIGIN}${MOUNT}/favorites`, {
      method: 'POST',
      body: 'favorite[sku_id]=1',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await handler(form)).status).toBe(415);
    expect((await handler(write(cookie, same, '{"favorite":'))).status).toBe(400);
    expect(sandbox.apiCalls({ method: 'POST' })).toHaveLength(0);
  });
});
