import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  BadRequestError,
  ConnectionError,
  createClient,
  InternalServerError,
  lruCacheStore,
  NotFoundError,
  RedirectError,
  TimeoutError,
} from '../../../src/index.js';
import { newSandbox, sandboxClient } from '../../helpers/index.js';
import { drive } from '../../helpers/timers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it('retries 500/502/503/504 and resets on GET, up to maxRetries', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    sandbox.failNext(1, { status: 503 });
    sandbox.failNext(1, 'reset');
    const root = await drive(api.categories.root());
    expect(root.parent_id).toBe(0);
    expect(sandbox.apiCalls()).toHaveLength(3);

    sandbox.clearRequests();
    sandbox.failNext(3, { status: 502 });
    await expect(drive(api.categories.root())).rejects.toBeInstanceOf(InternalServerError);
    expect(sandbox.apiCalls()).toHaveLength(3); // 1 + maxRetries (2)

    sandbox.clearRequests();
    sandbox.failNext(1, 'reset');
    await expect(drive(api.categories.root({ maxRetries: 0 }))).rejects.toBeInstanceOf(ConnectionError);
    expect(sandbox.apiCalls()).toHaveLength(1);

    sandbox.clearRequests();
    sandbox.failNext(4, { status: 500 });
    const patient = sandboxClient(sandbox, { cache: false, maxRetries: 4 }).catalog;
    expect((await drive(patient.categories.root())).parent_id).toBe(0);
    expect(sandbox.apiCalls()).toHaveLength(5);
  });

  it('never retries 400, 404, 422 or 501', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    for (const status of [400, 404, 422, 501]) {
      sandbox.clearRequests();
      sandbox.failNext(1, { status, body: { errors: [{ code: 'X', messages: ['x'] }] } });
      await expect(drive(api.categories.root())).rejects.toMatchObject({ status });
      expect(sandbox.apiCalls()).toHaveLength(1);
    }
    await expect(api.categories.get(987_654_321)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('backs off with capped, jittered waits; an abort ends the wait at once', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false, maxRetries: 8 }).catalog;
    sandbox.failNext(8, { status: 503 });
    const start = Date.now();
    await drive(api.categories.root(), 10);
    const waited = Date.now() - start;
    expect(waited).toBeLessThanOrEqual(300 * (1 + 2 + 4 + 8 + 16) + 10_000 * 3 + 100);

    const controller = new AbortController();
    sandbox.failNext(1, { status: 503 });
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const pending = api.categories.root({ signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1);
    const calls = sandbox.apiCalls().length;
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sandbox.apiCalls()).toHaveLength(calls);
    vi.restoreAllMocks();
  });
});

describe('cache', () => {
  it('serves within max-age with no request, then revalidates with If-None-Match and takes the 304', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const first = await api.categories.root();
    const second = await api.categories.root().withResponse();
    expect(second.data).toEqual(first);
    expect(second.response.headers.get('x-price-catalog-cache')).toBe('HIT');
    expect(sandbox.apiCalls()).toHaveLength(1);
    vi.advanceTimersByTime(61_000);
    const third = await api.categories.root();
    expect(third).toEqual(first);
    const calls = sandbox.apiCalls();
    expect(calls.map((r) => r.status)).toEqual([200, 304]);
    expect(calls[1]?.headers.get('if-none-match')).toMatch(/^W\//);
  });

  it('filter groups stay fresh for 300 s', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const leaf = (await api.categories.list({ per: 100 }).toArray()).find((c) => c.children_count === 0);
    await api.categories.filterGroups(leaf?.id as number);
    vi.advanceTimersByTime(200_000);
    await api.categories.filterGroups(leaf?.id as number);
    expect(sandbox.apiCalls({ path: /filter_groups/ })).toHaveLength(1);
    vi.advanceTimersByTime(101_000);
    await api.categories.filterGroups(leaf?.id as number);
    expect(sandbox.apiCalls({ path: /filter_groups/ }).map((r) => r.status)).toEqual([200, 304]);
  });

  it("cache: 'no-cache' revalidates a fresh answer; 'no-store' neither reads nor writes", async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    await api.categories.root({ cache: 'no-store' });
    await api.categories.root();
    expect(sandbox.apiCalls()[1]?.headers.get('if-none-match')).toBeNull();
    await api.categories.root({ cache: 'no-cache' });
    expect(sandbox.apiCalls().map((r) => r.status)).toEqual([200, 200, 304]);
  });

  it('is keyed by token principal and API version', async () => {
    const sandbox = newSandbox();
    const store = lruCacheStore();
    const base = { baseUrl: sandbox.baseUrl, fetch: sandbox.fetch, cache: store };
    const alice = createClient({ ...base, token: sandbox.issueToken() }).catalog;
    const bob = createClient({ ...base, token: sandbox.issueToken() }).catalog;
    await alice.categories.root();
    await bob.categories.root();
    expect(sandbox.apiCalls().map((r) => r.status)).toEqual([200, 200]);
    await alice.categories.root({ apiVersion: '3.1' });
    expect(sandbox.apiCalls()).toHaveLength(3);
    await alice.categories.root();
    await bob.categories.root();
    expect(sandbox.apiCalls()).toHaveLength(3);
    expect([...(store.keys() as Iterable<string>)].join('\n')).not.toContain(sandbox.apiCalls()[0]?.token);
  });

  it('is bounded by entries', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: { maxEntries: 2 } }).catalog;
    const [a, b, c] = (await api.manufacturers.list({ per: 3 })).items;
    for (const m of [a, b, c, a]) await api.manufacturers.get(m?.id as number);
    expect(sandbox.apiCalls({ path: /^\/manufacturers\/\d+$/ })).toHaveLength(4);
  });

  it('drops the least recently used answer first', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: { maxEntries: 2 } }).catalog;
    // Categories, not manufacturers: those are answered `max-age=0` (as recorded), never fresh.
    const [a, b, c] = (await api.categories.list({ per: 3 })).items;
    // a is read again before c comes in, so b is the one c pushes out.
    for (const m of [a, b, a, c, a, b]) await api.categories.get(m?.id as number);
    expect(sandbox.apiCalls({ path: /^\/categories\/\d+$/ }).map((r) => r.path)).toEqual(
      [a, b, c, b].map((m) => `/categories/${m?.id}`),
    );
  });

  it('is bounded by bytes, and keeps no answer bigger than the whole store', () => {
    const store = lruCacheStore({ maxBytes: 100 });
    const answer = (size: number) => ({ body: {}, etag: '"e"', storedAt: 0, maxAgeMs: 0, headers: [], size });
    store.set('a', answer(60));
    store.set('b', answer(30));
    expect([...(store.keys() as Iterable<string>)]).toEqual(['a', 'b']);
    store.set('c', answer(50));
    expect([...(store.keys() as Iterable<string>)]).toEqual(['b', 'c']);
    store.set('d', answer(101));
    expect(store.get('d')).toBeUndefined();
    expect([...(store.keys() as Iterable<string>)]).toEqual(['b', 'c']);
    // Replacing an answer counts only its new size.
    store.set('b', answer(50));
    expect([...(store.keys() as Iterable<string>)]).toEqual(['c', 'b']);
  });
});

describe('redirects', () => {
  it('301: follows and remembers; later calls go to the new URI directly', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    const root = await api.categories.root();
    sandbox.addRedirect({ from: '/categories/77777', to: `/categories/${root.id}`, status: 301 });
    expect((await api.categories.get(77777)).id).toBe(root.id);
    expect((await api.categories.get(77777)).id).toBe(root.id);
    expect(sandbox.apiCalls().map((r) => r.path)).toEqual([
      '/categories/root',
      '/categories/77777',
      `/categories/${root.id}`,
      `/categories/${root.id}`,
    ]);
  });

  it('302 and 307: repeated at Location each time, the original URI kept; relative Location resolved', async () => {
    for (const status of [302, 307] as const) {
      const sandbox = newSandbox();
      const api = sandboxClient(sandbox, { cache: false }).catalog;
      sandbox.addRedirect({ from: '/categories/55555', to: '../categories/root', status });
      await api.categories.get(55555);
      await api.categories.get(55555);
      expect(sandbox.apiCalls().map((r) => r.path)).toEqual([
        '/categories/55555',
        '/categories/root',
        '/categories/55555',
        '/categories/root',
      ]);
    }
  });

  it('a loop or more than 5 hops is a RedirectError', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    sandbox.addRedirect({ from: '/categories/1001', to: '/categories/1002', status: 302 });
    sandbox.addRedirect({ from: '/categories/1002', to: '/categories/1001', status: 302 });
    const loop = await api.categories.get(1001).catch((e: unknown) => e);
    expect(loop).toBeInstanceOf(RedirectError);
    expect((loop as RedirectError).message).toMatch(/loop/);
    for (let i = 2001; i < 2008; i++)
      sandbox.addRedirect({ from: `/categories/${i}`, to: `/categories/${i + 1}`, status: 307 });
    await expect(api.categories.get(2001)).rejects.toThrow(/More than 5 redirects/);
  });

  it('sends the token to its own origin however the base URL spells it (host case, default port)', async () => {
    for (const baseUrl of ['https://API.Sandbox.test', 'https://api.sandbox.test:443']) {
      const sandbox = newSandbox();
      const api = sandboxClient(sandbox, { baseUrl, cache: false }).catalog;
      expect((await api.categories.root()).parent_id).toBe(0);
      const calls = sandbox.apiCalls();
      expect(calls).toHaveLength(1);
      expect(calls[0]?.status).toBe(200);
      expect(calls[0]?.headers.get('authorization')).toMatch(/^Bearer ./);
    }
  });

  it('never sends the token to another origin, by header or by query', async () => {
    for (const tokenTransport of ['header', 'query'] as const) {
      const sandbox = newSandbox();
      const api = sandboxClient(sandbox, { cache: false, tokenTransport, validation: 'off' }).catalog;
      sandbox.addRedirect({
        from: '/categories/31337',
        to: 'https://elsewhere.sandbox.test/categories/31337',
        status: 302,
      });
      await api.categories.get(31337);
      const foreign = sandbox.requests.filter((r) => r.kind === 'foreign');
      expect(foreign).toHaveLength(1);
      expect(foreign[0]?.headers.get('authorization')).toBeNull();
      expect(foreign[0]?.query.has('oauth_token')).toBe(false);
    }
  });
});

describe('versions', () => {
  it('answers validate for every version the SDK can ask for, with that version resolved', async () => {
    const sandbox = newSandbox();
    const expected = { '3': '3.0.23', '3.0': '3.0.23', '3.1': '3.1.3', '3.2': '3.2.1' } as const;
    for (const [asked, served] of Object.entries(expected)) {
      const api = sandboxClient(sandbox, { apiVersion: asked as '3', cache: false }).catalog;
      const { data, response } = await api.categories.root().withResponse();
      expect(response.headers.get('x-sandbox-version')).toBe(served);
      expect('family_id' in data).toBe(asked === '3.1' || asked === '3.2');
      const skus = await api.categories.skus(
        (await api.categories.list({ per: 100 }).toArray()).find((c) => c.children_count === 0)?.id as number,
        { per: 5 },
      );
      expect('comparable' in (skus.items[0] ?? {})).toBe(asked !== '3' && asked !== '3.0');
      await api.manufacturers.list().toArray({ limit: 30 });
      await api.search({ q: 'ab' });
    }
  });

  it('per-call apiVersion overrides the client; a bad one is refused before sending', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    await api.categories.root({ apiVersion: '3.1.9' });
    expect(sandbox.apiCalls()[0]?.headers.get('accept')).toMatch(/version=3\.1$/);
    // @ts-expect-error: not a version
    await expect(api.categories.root({ apiVersion: '4.0' })).rejects.toThrow(/apiVersion/);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });
});

describe('timeouts', () => {
  it('the per-attempt timeout is retried; the overall deadline ends the call', async () => {
    const sandbox = newSandbox({ latencyMs: 5_000 });
    const api = sandboxClient(sandbox, { cache: false, timeout: 1_000, maxRetries: 10 }).catalog;
    const error = await drive(api.categories.root({ deadline: 3_500 }), 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/deadline of 3500 ms/);
    expect(sandbox.apiCalls().length).toBeGreaterThanOrEqual(2);
  });

  it('a token sent both ways is refused by the server, never retried', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, {
      tokenTransport: 'query',
      headers: { authorization: 'Bearer x' },
    }).catalog;
    await expect(api.categories.root()).rejects.toBeInstanceOf(BadRequestError);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });
});

describe('a crawl under pressure', () => {
  it('300+ SKUs under 10 calls per window with 10% faults: every item once, zero over the limit', async () => {
    const sandbox = newSandbox({
      seed: 7,
      rateLimit: { limit: 10, windowMs: 5_000 },
      faults: { rate: 0.1, resetShare: 0.4 },
    });
    const api = sandboxClient(sandbox, { maxRetries: 5 }).catalog;
    const leaves = (await drive(api.categories.list({ per: 100 }).toArray())).filter(
      (c) => c.children_count === 0,
    );
    const sizes = await drive(
      Promise.all(
        leaves.map(async (c) => ({
          c,
          n: (await api.categories.skus(c.id, { per: 1 })).pagination?.total_results ?? 0,
        })),
      ),
    );
    const big = sizes.sort((a, b) => b.n - a.n)[0] as { c: { id: number }; n: number };
    expect(big.n).toBeGreaterThanOrEqual(300);

    const ids: number[] = [];
    await drive(
      (async () => {
        for await (const sku of api.categories.skus(big.c.id, { per: 10 })) ids.push(sku.id);
      })(),
    );
    expect(ids).toHaveLength(big.n);
    expect(new Set(ids).size).toBe(big.n);
    expect(sandbox.stats.overLimit).toBe(0);
    const failures = sandbox.apiCalls().filter((r) => r.status >= 500 || r.status === 0);
    expect(
      failures.length + sandbox.requests.filter((r) => r.kind === 'api' && r.status === -1).length,
    ).toBeGreaterThan(0);
    expect(sandbox.apiCalls({ status: 401 })).toHaveLength(0);
  });
});

describe('writes', () => {
  it('POST and PATCH are never retried after a 5xx or a reset; PUT and DELETE are', async () => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox, { cache: false });
    for (const method of ['POST', 'PATCH'] as const) {
      sandbox.clearRequests();
      sandbox.failNext(1, { status: 503 });
      await expect(
        drive(client.request({ method, path: '/categories/40', body: { x: 1 } })),
      ).rejects.toBeInstanceOf(InternalServerError);
      sandbox.failNext(1, 'reset');
      await expect(drive(client.request({ method, path: '/categories/40' }))).rejects.toBeInstanceOf(
        ConnectionError,
      );
      expect(sandbox.apiCalls({ method })).toHaveLength(2);
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      sandbox.clearRequests();
      sandbox.failNext(2, { status: 503 });
      sandbox.failNext(1, { status: 200, body: { done: true } });
      expect(await drive(client.request({ method, path: '/categories/40' }))).toEqual({ done: true });
      expect(sandbox.apiCalls({ method }).map((r) => r.status)).toEqual([503, 503, 200]);
    }
  });

  it("a write drops the principal's cached reads under the resource it changes", async () => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox);
    const [a, b] = (await client.catalog.manufacturers.list({ per: 2 })).items;
    await client.catalog.manufacturers.get(a?.id as number);
    await client.catalog.categories.root();
    sandbox.failNext(1, { status: 200, body: {} });
    await client.request({ method: 'PUT', path: `/manufacturers/${b?.id}`, body: { name: 'x' } });
    await client.catalog.manufacturers.get(a?.id as number);
    await client.catalog.categories.root();
    expect(sandbox.apiCalls({ path: `/manufacturers/${a?.id}` })).toHaveLength(2);
    expect(sandbox.apiCalls({ path: '/categories/root' })).toHaveLength(1);
  });

  it('request() refuses a path with a query or without a leading slash, before sending', async () => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox);
    await expect(client.request({ method: 'GET', path: 'categories' })).rejects.toThrow(/start with \//);
    await expect(client.request({ method: 'GET', path: '/search?q=ab' })).rejects.toThrow(/no query/);
    const found = await client.request<{ category: { id: number } }>({
      method: 'GET',
      path: '/categories/40',
    });
    expect(found.category.id).toBe(40);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });
});
