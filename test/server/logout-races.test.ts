// Timing: whatever races a sign-out (here, or on another instance) or a token expiry answers
// 401 NotSignedIn or succeeds, never 400 or 500; parallel callbacks with one code exchange it once.
import { describe, expect, it } from 'vitest';
import type { VisitorCountStore } from '../../src/index.js';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import { memoryVisitorCounts } from '../../src/server/visitors/visitor-counts.js';
import { sharedInstances } from './instances.js';
import { CookieJar, MOUNT, ORIGIN, PHONE, signIn } from './setup.js';

/** Visitor counts whose next take, once armed, waits until released: a request held mid-way. */
function gatedCounts(): VisitorCountStore & { arm(): Promise<void>; release(): void } {
  const inner = memoryVisitorCounts();
  let armed = false;
  let reached: () => void = () => undefined;
  let release: () => void = () => undefined;
  return {
    async take(day, charges) {
      if (armed) {
        armed = false;
        const wait = new Promise<void>((resolve) => {
          release = resolve;
        });
        reached();
        await wait;
      }
      return inner.take(day, charges);
    },
    count: (day, key) => inner.count(day, key),
    arm: () =>
      new Promise<void>((resolve) => {
        armed = true;
        reached = resolve;
      }),
    release: () => release(),
  };
}

function instances(count: number) {
  const visitors = gatedCounts();
  return { ...sharedInstances(count, visitors), visitors };
}

const withCookie = (jar: CookieJar, path: string, init: RequestInit = {}) =>
  new Request(`${ORIGIN}${MOUNT}${path}`, {
    ...init,
    headers: { origin: ORIGIN, cookie: jar.header(), ...(init.headers as Record<string, string>) },
  });

async function body(response: Response): Promise<unknown> {
  return response.status === 204 ? undefined : response.json();
}

describe('timing: requests racing a sign-out or an expiry', () => {
  for (const [what, init] of [
    ['a read', {}],
    [
      'a write',
      {
        method: 'POST',
        body: JSON.stringify({ sku_id: PHONE }),
        headers: { 'content-type': 'application/json' },
      },
    ],
  ] as const) {
    it(`${what} past its session check when the user signs out here answers 401 NotSignedIn`, async () => {
      const { sandbox, visitors, handlers } = instances(1);
      const handler = handlers[0] as (typeof handlers)[0];
      const jar = new CookieJar();
      await signIn(sandbox, handler, jar, SANDBOX_USERS.carol);
      const held = visitors.arm();
      const racing = handler(withCookie(jar, '/favorites', init));
      await held; // the request is signed in, and about to spend its call
      const out = await handler(withCookie(jar, '/auth/logout', { method: 'POST' }));
      expect(out.status).toBe(204);
      visitors.release();
      const answer = await racing;
      // Old code: 400 with the SDK's "No user is signed in: complete authorizationUrl()…".
      expect(answer.status).toBe(401);
      expect(await body(answer)).toEqual({
        errors: [{ code: 'NotSignedIn', messages: [expect.any(String)] }],
      });
    });
  }

  it('a read on one instance while the user signs out on another: 401 NotSignedIn', async () => {
    const { sandbox, visitors, handlers, tokens } = instances(2);
    const [a, b] = handlers as [(typeof handlers)[0], (typeof handlers)[0]];
    const jar = new CookieJar();
    await signIn(sandbox, a, jar, SANDBOX_USERS.carol);
    const held = visitors.arm();
    const racing = b(withCookie(jar, '/notifications'));
    await held;
    expect((await a(withCookie(jar, '/auth/logout', { method: 'POST' }))).status).toBe(204);
    expect(tokens.size).toBe(0);
    visitors.release();
    const answer = await racing;
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe('NotSignedIn');
  });

  it('many requests in parallel with a sign-out: each 200 or 401, never 400 or 500', async () => {
    const { sandbox, handlers } = instances(1);
    const handler = handlers[0] as (typeof handlers)[0];
    const jar = new CookieJar();
    await signIn(sandbox, handler, jar, SANDBOX_USERS.alice);
    const paths = ['/favorites', '/notifications', '/user', '/favorite_lists', '/user/addresses'];
    const wave = () =>
      Array.from({ length: 20 }, (_, i) => handler(withCookie(jar, paths[i % paths.length] as string)));
    const first = wave();
    const out = handler(withCookie(jar, '/auth/logout', { method: 'POST' }));
    const second = wave();
    const statuses = (await Promise.all([...first, ...second])).map((r) => r.status);
    expect((await out).status).toBe(204);
    for (const status of statuses) expect([200, 401]).toContain(status);
    const after = await Promise.all(wave());
    expect(after.map((r) => r.status)).toEqual(Array(20).fill(401));
  });

  it('the session expiring from the store while a request is on its way: 200 or 401, then 401', async () => {
    const { sandbox, visitors, handlers, tokens } = instances(2);
    const [a, b] = handlers as [(typeof handlers)[0], (typeof handlers)[0]];
    const jar = new CookieJar();
    await signIn(sandbox, a, jar, SANDBOX_USERS.carol);
    for (const handler of [a, b]) {
      const held = visitors.arm();
      const racing = handler(withCookie(jar, '/favorites'));
      await held;
      tokens.clear(); // what a Redis TTL does to a session nobody used for its lifetime
      visitors.release();
      expect([200, 401]).toContain((await racing).status);
      expect((await handler(withCookie(jar, '/favorites'))).status).toBe(401);
      await signIn(sandbox, a, jar, SANDBOX_USERS.carol);
    }
  });

  it('the same callback sent twice in parallel exchanges its code once and starts one session', async () => {
    const { sandbox, handlers } = instances(2);
    const [a, b] = handlers as [(typeof handlers)[0], (typeof handlers)[0]];
    const jar = new CookieJar();
    sandbox.setAuthorization({ userId: SANDBOX_USERS.carol });
    const login = await a(new Request(`${ORIGIN}${MOUNT}/auth/login?return_to=/`));
    jar.take(login);
    const consent = await sandbox.fetch(login.headers.get('location') as string);
    const callback = consent.headers.get('location') as string;
    const before = sandbox.stats.tokenRequests;
    const answers = await Promise.all(
      [a, b, a, b].map((h) => h(new Request(callback, { headers: { cookie: jar.header() } }))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 400, 400, 400]);
    // The application token may be fetched once per instance; the code goes to the token endpoint once.
    const exchanges = sandbox.stats.tokenRequests - before;
    expect(exchanges).toBeGreaterThanOrEqual(1);
    expect(exchanges).toBeLessThanOrEqual(1 + 2);
    const sessions = answers
      .flatMap((r) => r.headers.getSetCookie())
      .filter((c) => /^catalog_session=[^;]+;/.test(c));
    expect(sessions).toHaveLength(1);
  });
});
