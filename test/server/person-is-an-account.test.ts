// A person is an account: a signed-in visitor's share is the account's (the API's user id, learned
// at sign-in), across all their sessions and every instance; a sign-in is charged to the address
// that asks, a sign-out to the account; signing in and out again and again, or opening new
// sessions, gives one person no more than one share of the day.
import { describe, expect, it } from 'vitest';
import { SANDBOX_USERS } from '../../src/sandbox/index.js';
import type { CatalogHandler } from '../../src/server/index.js';
import { memoryVisitorCounts } from '../../src/server/visitors/visitor-counts.js';
import { sharedInstances } from './instances.js';
import { CookieJar, MOUNT, ORIGIN, setup, signIn } from './setup.js';

type Handler = (request: Request, context?: { clientAddress?: string }) => Promise<Response>;
const from = (handler: Handler, clientAddress: string) => (request: Request) =>
  handler(request, { clientAddress });

function read(handler: Handler, jar: CookieJar, path: string, clientAddress: string) {
  return handler(new Request(`${ORIGIN}${MOUNT}${path}`, { headers: { cookie: jar.header() } }), {
    clientAddress,
  });
}

function signOut(handler: Handler, jar: CookieJar, clientAddress: string) {
  return handler(
    new Request(`${ORIGIN}${MOUNT}/auth/logout`, {
      method: 'POST',
      headers: { origin: ORIGIN, cookie: jar.header() },
    }),
    { clientAddress },
  ).then((response) => {
    jar.take(response);
    return response;
  });
}

describe('a person is an account', () => {
  it("two sessions of one account, from two networks, share one account's share", async () => {
    const { handler, sandbox } = setup({ visitorShare: 3, anonymousShare: 1000, userMaxAge: 0 });
    const phone = new CookieJar();
    const laptop = new CookieJar();
    await signIn(sandbox, from(handler, '198.51.100.1'), phone, SANDBOX_USERS.carol);
    await signIn(sandbox, from(handler, '203.0.113.1'), laptop, SANDBOX_USERS.carol);
    const signInCalls = sandbox.stats.apiCalls;
    expect(signInCalls).toBe(2); // each sign-in learned the account: its address's call
    expect((await read(handler, phone, '/favorites', '198.51.100.1')).status).toBe(200);
    expect((await read(handler, laptop, '/notifications', '203.0.113.1')).status).toBe(200);
    expect((await read(handler, laptop, '/user', '203.0.113.1')).status).toBe(200);
    // Old code: each session its own share, so both still answered.
    expect((await read(handler, phone, '/user', '198.51.100.1')).status).toBe(429);
    expect((await read(handler, laptop, '/favorites', '203.0.113.1')).status).toBe(429);
    expect(sandbox.stats.apiCalls - signInCalls).toBe(3);
    // Another account is another person.
    const bob = new CookieJar();
    await signIn(sandbox, from(handler, '198.51.100.1'), bob, SANDBOX_USERS.bob);
    expect((await read(handler, bob, '/favorites', '198.51.100.1')).status).toBe(200);
  });

  it('signing in and out again and again: sign-ins on the address, sign-outs on the account, no more', async () => {
    const { handler, sandbox } = setup({ visitorShare: 3, anonymousShare: 1000 });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const jar = new CookieJar();
      const flow = await signIn(sandbox, from(handler, '198.51.100.7'), jar, SANDBOX_USERS.carol);
      statuses.push(flow.done.status);
      if (flow.done.status === 303) await signOut(handler, jar, '198.51.100.7');
    }
    // Three sign-ins (the address's share), then 429 at the callback: no token is exchanged then.
    expect(statuses).toEqual([303, 303, 303, 429, 429, 429, 429, 429]);
    expect(sandbox.apiCalls({ path: '/user' })).toHaveLength(3);
    expect(sandbox.apiCalls({ path: '/user/logout' })).toHaveLength(3);
    expect(sandbox.stats.apiCalls).toBeLessThanOrEqual(2 * 3);
  });

  it('new sessions from new networks: the person still has one share of reads', async () => {
    const { handler, sandbox } = setup({ visitorShare: 3, anonymousShare: 1000, userMaxAge: 0 });
    const served: number[] = [];
    for (let i = 0; i < 6; i++) {
      const address = `192.0.2.${i + 1}`;
      const jar = new CookieJar();
      await signIn(sandbox, from(handler, address), jar, SANDBOX_USERS.alice);
      served.push((await read(handler, jar, '/favorites', address)).status);
    }
    expect(served).toEqual([200, 200, 200, 429, 429, 429]);
    expect(sandbox.apiCalls({ path: '/favorites' })).toHaveLength(3);
  });

  it('with its share spent, a sign-out still ends the session here (the API token is only forgotten)', async () => {
    const { handler, sandbox } = setup({ visitorShare: 1, anonymousShare: 1000, userMaxAge: 0 });
    const jar = new CookieJar();
    await signIn(sandbox, from(handler, '198.51.100.9'), jar, SANDBOX_USERS.carol);
    expect((await read(handler, jar, '/favorites', '198.51.100.9')).status).toBe(200);
    const out = await signOut(handler, jar, '198.51.100.9');
    expect(out.status).toBe(204);
    expect(sandbox.apiCalls({ path: '/user/logout' })).toHaveLength(0);
    expect((await read(handler, jar, '/favorites', '198.51.100.9')).status).toBe(401);
  });

  it('across instances sharing the coordination and the token store: one share', async () => {
    const { sandbox, handlers, tokens } = sharedInstances(2, memoryVisitorCounts(), {
      visitorShare: 2,
      anonymousShare: 1000,
    });
    const [a, b] = handlers as [CatalogHandler, CatalogHandler];
    const jar = new CookieJar();
    await signIn(sandbox, from(a, '198.51.100.1'), jar, SANDBOX_USERS.carol);
    // The account travels with the session's tokens: the other instance knows whose it is.
    expect([...tokens.values()][0]).toMatchObject({ account_id: String(SANDBOX_USERS.carol) });
    expect((await read(a, jar, '/favorites', '198.51.100.1')).status).toBe(200);
    expect((await read(b, jar, '/notifications', '198.51.100.2')).status).toBe(200);
    // Past the share (an answer not kept yet): refused on either instance.
    expect((await read(b, jar, '/user', '198.51.100.2')).status).toBe(429);
    expect((await read(a, jar, '/user', '198.51.100.1')).status).toBe(429);
  });
});
