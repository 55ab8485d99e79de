import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  DailyLimitError,
  memoryCoordination,
  RateLimitError,
  type TokenStore,
  type UserTokens,
} from '../../../src/index.js';
import { SANDBOX_USERS } from '../../../src/sandbox/index.js';
import { newSandbox, sandboxClient, sandboxOptions } from '../../helpers/index.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('one application, many users, one process', () => {
  it('100 user clients on a budget of 300: 500 calls, exactly 300 reach the sandbox, 200 refused before sending, no lockout', async () => {
    const sandbox = newSandbox({ dailyLimit: 300 });
    const app = sandboxClient(sandbox, { dailyLimit: 300, cache: false });
    const users = Array.from({ length: 100 }, (_, i) =>
      app.forUser({
        token: sandbox.issueUserToken({ userId: SANDBOX_USERS.alice, ttl: 3600 + i }).access_token,
      }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) => users[i % 100]?.catalog.categories.root({ cache: 'no-store' })),
    );
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(300);
    expect(refused).toHaveLength(200);
    expect(refused.every((o) => o.status === 'rejected' && o.reason instanceof DailyLimitError)).toBe(true);
    expect(sandbox.apiCalls()).toHaveLength(300);
    expect(sandbox.stats.dailyCalls).toBe(300);
    // No lockout: nothing went over, so every token still works (the sandbox refuses calls past its limit).
    expect(sandbox.apiCalls().every((call) => call.status === 200)).toBe(true);
    expect(app.usage()).toMatchObject({ calls: 300, limit: 300, remaining: 0 });
    expect(users[7]?.usage()).toMatchObject({ calls: 300, remaining: 0 });
  });

  it('user clients have their own token and window, and share the cache store without sharing answers', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 5, windowMs: 60_000 } });
    const app = sandboxClient(sandbox);
    const alice = app.forUser({
      token: sandbox.issueUserToken({ userId: SANDBOX_USERS.alice }).access_token,
    });
    const bob = app.forUser({ token: sandbox.issueUserToken({ userId: SANDBOX_USERS.bob }).access_token });
    expect((await alice.user.get()).id).toBe(SANDBOX_USERS.alice);
    expect((await bob.user.get()).id).toBe(SANDBOX_USERS.bob);
    // One cache store, entries per principal: bob's read is not alice's entry; alice's second is.
    await alice.catalog.categories.get(40);
    await bob.catalog.categories.get(40);
    const again = await alice.catalog.categories.get(40).withResponse();
    expect(again.response.headers.get('x-price-catalog-cache')).toBe('HIT');
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(2);
    const tokens = new Set(sandbox.apiCalls().map((call) => call.token));
    expect(tokens.size).toBe(2);
    // Each token has its own window of 5: five calls each, none waits, none over.
    for (let i = 0; i < 3; i++) {
      await alice.catalog.categories.root({ cache: 'no-store' });
      await bob.catalog.categories.root({ cache: 'no-store' });
    }
    expect(sandbox.stats.overLimit).toBe(0);
    expect(app.usage().calls).toBe(10);
  });

  it('forUser({ tokenStore }) refreshes the user token with the app credentials and writes it back', async () => {
    const sandbox = newSandbox();
    const app = sandboxClient(sandbox);
    const grant = sandbox.issueUserToken({ userId: SANDBOX_USERS.bob });
    let stored: UserTokens | undefined = { ...grant, expires_at: Date.now() + grant.expires_in * 1000 };
    const store: TokenStore = {
      get: async () => stored,
      set: async (tokens) => {
        stored = tokens;
      },
    };
    const bob = app.forUser({ tokenStore: store });
    expect((await bob.user.get()).id).toBe(SANDBOX_USERS.bob);
    sandbox.expireTokens();
    expect((await bob.user.get({ cache: 'no-store' })).id).toBe(SANDBOX_USERS.bob);
    expect(stored?.access_token).not.toBe(grant.access_token);
    expect(await bob.auth.signedIn()).toBe(true);
    expect(() => app.forUser({} as never)).toThrow(/forUser/);
  });

  it('two user clients on one token store refresh once between them (the coordination lock)', async () => {
    const sandbox = newSandbox();
    const app = sandboxClient(sandbox, { cache: false });
    const grant = sandbox.issueUserToken({ userId: SANDBOX_USERS.carol });
    let stored: UserTokens | undefined = { ...grant, expires_at: Date.now() + grant.expires_in * 1000 };
    const store: TokenStore = {
      get: async () => stored,
      set: async (tokens) => {
        stored = tokens;
      },
    };
    const first = app.forUser({ tokenStore: store });
    const second = app.forUser({ tokenStore: store });
    await Promise.all([first.user.get(), second.user.get()]);
    sandbox.expireTokens();
    const before = sandbox.stats.tokenRequests;
    const users = await Promise.all([first.user.get(), second.user.get()]);
    expect(users.map((u) => u.id)).toEqual([SANDBOX_USERS.carol, SANDBOX_USERS.carol]);
    expect(sandbox.stats.tokenRequests - before).toBe(1);
    expect(stored?.access_token).not.toBe(grant.access_token);
  });

  it('two clients with one clientId share a budget only through one coordination; apart they count alone', async () => {
    const sandbox = newSandbox({ dailyLimit: 10 });
    const shared = memoryCoordination();
    const a = createClient({
      ...sandboxOptions(sandbox),
      dailyLimit: 10,
      cache: false,
      coordination: shared,
    });
    const b = createClient({
      ...sandboxOptions(sandbox),
      dailyLimit: 10,
      cache: false,
      coordination: shared,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 14 }, (_, i) => (i % 2 ? a : b).catalog.categories.root({ cache: 'no-store' })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(
      outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof DailyLimitError),
    ).toHaveLength(4);
    expect(sandbox.stats.dailyCalls).toBe(10);
    // One application token for both.
    expect(sandbox.stats.tokenRequests).toBe(1);
    expect(a.usage().calls).toBe(10);

    const alone = newSandbox();
    const c = sandboxClient(alone, { dailyLimit: 10, cache: false });
    const d = sandboxClient(alone, { dailyLimit: 10, cache: false });
    await c.catalog.categories.root();
    expect([c.usage().calls, d.usage().calls]).toEqual([1, 0]);
  });

  it('refuses a coordination that is not one', () => {
    const sandbox = newSandbox();
    expect(() => sandboxClient(sandbox, { coordination: {} as never })).toThrow(/coordination/);
  });
});

describe('never spend a call that is not needed', () => {
  it('10 concurrent identical GETs send one request; each caller gets its own copy', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    const all = await Promise.all(Array.from({ length: 10 }, () => api.categories.get(40)));
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
    expect(all.every((c) => c.id === 40)).toBe(true);
    expect(new Set(all).size).toBe(10);
    (all[0] as { name: string }).name = 'changed';
    expect(all[1]?.name).not.toBe('changed');
    // After they settle, the next call sends again (nothing is kept: cache off).
    await api.categories.get(40);
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(2);
  });

  it('GETs of different principals, versions or with no-store are not shared; an aborted caller leaves alone', async () => {
    const sandbox = newSandbox();
    const app = sandboxClient(sandbox, { cache: false });
    const user = app.forUser({ token: sandbox.issueUserToken({ userId: SANDBOX_USERS.alice }).access_token });
    const controller = new AbortController();
    const leaving = app.catalog.categories.get(40, { signal: controller.signal });
    const staying = app.catalog.categories.get(40);
    controller.abort();
    await Promise.all([
      expect(leaving).rejects.toMatchObject({ name: 'AbortError' }),
      staying,
      user.catalog.categories.get(40),
      app.catalog.categories.get(40, { apiVersion: '3.1' }),
      app.catalog.categories.get(40, { cache: 'no-store' }),
    ]);
    expect((await staying).id).toBe(40);
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(4);
  });

  it('a call made as soon as every caller of a flight has left sends its own request', async () => {
    const sandbox = newSandbox();
    // The first request to /categories/40 gets no answer: it ends only when its signal aborts.
    let held = 0;
    const fetch: typeof globalThis.fetch = (input, init) => {
      if (String(input).includes('/categories/40') && held++ === 0) {
        return new Promise((_, reject) => {
          const signal = init?.signal;
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      return sandbox.fetch(input, init);
    };
    const api = sandboxClient(sandbox, { cache: false, fetch }).catalog;
    const controller = new AbortController();
    const leaving = api.categories.get(40, { signal: controller.signal });
    await vi.waitFor(() => expect(held).toBe(1));
    controller.abort();
    // At once: the aborted flight is still in the table (its cleanup is microtasks away).
    const next = api.categories.get(40);
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    expect((await next).id).toBe(40);
    expect(held).toBe(2);
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
  });

  it('walking a list without per asks for the largest page: 340 SKUs in 4 calls; explicit per wins; await gives the default page', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    const all = await api.categories.skus(40).toArray();
    expect(all).toHaveLength(340);
    expect(new Set(all.map((s) => s.id)).size).toBe(340);
    const walk = sandbox.apiCalls({ path: '/categories/40/skus' });
    expect(walk).toHaveLength(4);
    expect(walk.map((c) => c.query.get('page') ?? '1')).toEqual(['1', '2', '3', '4']);

    let count = 0;
    for await (const _ of api.categories.skus(40)) count++;
    expect(count).toBe(340);
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(8);

    const explicit = await api.categories.skus(40, { per: 50 }).toArray();
    expect(explicit).toHaveLength(340);
    const perCalls = sandbox.apiCalls({ path: '/categories/40/skus' }).slice(8);
    expect(perCalls).toHaveLength(7);
    expect(perCalls.every((c) => c.query.get('per') === '50')).toBe(true);

    const first = await api.categories.skus(40);
    expect(first.items).toHaveLength(25);
    expect(sandbox.apiCalls({ path: '/categories/40/skus' }).at(-1)?.query.get('per')).toBeNull();
  });
});

describe('the in-memory window follows the server through out-of-order answers', () => {
  it('answers that come back out of order do not shrink the window', async () => {
    const { windows } = memoryCoordination();
    const limit = 20;
    const reset = Math.ceil((Date.now() + 30_000) / 1000);
    const acquire = () => windows.acquire('tok', 100, { maxWaitMs: 0, reason: 'window' });
    // The probe opens the window: limit 20, 19 left.
    const probe = await acquire();
    await probe.answered({ limit, remaining: 19, reset });
    // Ten calls go (seq 2..11). The server counts seq 3 before seq 2, so seq 2's answer says 16 left
    // and seq 3's says 17; the others come in order: 20 - seq.
    const slots = [];
    for (let i = 0; i < 10; i++) slots.push(await acquire());
    const remainingOf = (seq: number) => (seq === 2 ? 16 : seq === 3 ? 17 : limit - seq);
    for (const slot of [...slots].reverse())
      await slot.answered({ limit, remaining: remainingOf(slot.seq), reset });
    // The server has counted 11 calls: 9 are left, and all 9 go at once.
    const more = [];
    for (let i = 0; i < 9; i++) more.push(await acquire());
    expect(more.map((s) => s.seq)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
    // The 21st would go over the server's limit: refused, nothing waits 30 s.
    await expect(Promise.resolve().then(acquire)).rejects.toBeInstanceOf(RateLimitError);
  });
});
