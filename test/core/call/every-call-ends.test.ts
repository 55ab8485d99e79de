import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ConnectionError,
  DailyLimitError,
  InvalidRequestError,
  RateLimitError,
  RedirectError,
  ResponseValidationError,
  TimeoutError,
} from '../../../src/index.js';
import { SANDBOX_USERS, type Sandbox } from '../../../src/sandbox/index.js';
import { newSandbox, sandboxClient } from '../../helpers/index.js';
import { drive } from '../../helpers/timers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `work` settles within `ms` of fake time (a hang is `false`, not a stuck test). */
async function settles(work: Promise<unknown>, ms = 130_000): Promise<boolean> {
  let settled = false;
  work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let t = 0; t < ms && !settled; t += 500) await vi.advanceTimersByTimeAsync(500);
  return settled;
}

/** A fetch that passes API requests to the sandbox and lets `answer` change their answers. */
function rewriting(
  sandbox: Sandbox,
  answer: (response: Response, request: Request, n: number) => Response | Promise<Response>,
) {
  let n = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await sandbox.fetch(request);
    if (new URL(request.url).pathname.startsWith('/oauth2/')) return response;
    return answer(response, request, ++n);
  };
  return { fetch, count: () => n };
}

function withHeaders(response: Response, headers: Record<string, string>): Response {
  const copy = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) copy.set(name, value);
  return new Response(response.body, { status: response.status, headers: copy });
}

const rateLimited = (reset: number) =>
  Response.json(
    { message: 'Rate limit exceeded' },
    {
      status: 403,
      headers: {
        'x-ratelimit-limit': '100',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(reset),
      },
    },
  );

describe('no call ever hangs: every exit path leaves the window usable', () => {
  it('a budget refusal while the token window is unknown, then a new day and more calls', async () => {
    vi.setSystemTime(new Date('2026-03-01T23:59:00Z'));
    const sandbox = newSandbox({ dailyLimit: null });
    const app = sandboxClient(sandbox, { dailyLimit: 1, cache: false });
    await drive(app.catalog.categories.root());
    // A new token: its window is unknown, and its first call is refused by the budget.
    const user = app.forUser({ token: sandbox.issueUserToken({ userId: SANDBOX_USERS.alice }).access_token });
    await expect(drive(user.catalog.categories.root())).rejects.toBeInstanceOf(DailyLimitError);
    await expect(drive(user.catalog.categories.root())).rejects.toBeInstanceOf(DailyLimitError);
    vi.setSystemTime(new Date('2026-03-02T00:00:01Z'));
    const later = user.catalog.categories.get(40);
    expect(await settles(later)).toBe(true);
    expect((await later).id).toBe(40);
    expect(sandbox.apiCalls()).toHaveLength(2);
  });

  it('a scope refusal, bad input, an abort in flight and while queued, a token failure: the next calls go', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const [a, b, c] = sandbox.data.categories.map((category) => category.id);
    let failToken = true;
    const grant = sandbox.issueUserToken({ userId: SANDBOX_USERS.alice, scope: 'public' });
    const api = sandboxClient(sandbox, { cache: false }).forUser({
      getToken: () => {
        if (failToken) {
          failToken = false;
          throw new Error('token service down');
        }
        return grant;
      },
    });
    // Token failure on the very first call.
    await expect(api.catalog.categories.root()).rejects.toThrow(/token service down/);
    // Scope refusal (the token has public only) and bad input: refused before sending.
    await expect(api.favorites.lists.list()).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(api.catalog.categories.get(-1)).rejects.toBeInstanceOf(InvalidRequestError);
    // An abort of the first request (the one that tells the window), in flight.
    const inFlight = new AbortController();
    const probe = api.catalog.categories.get(40, { signal: inFlight.signal });
    inFlight.abort();
    await expect(probe).rejects.toMatchObject({ name: 'AbortError' });
    // Calls that wait for the window, one of them aborted while queued.
    const queued = new AbortController();
    const first = [api.catalog.categories.get(a ?? 0), api.catalog.categories.get(b ?? 0)];
    const leaving = api.catalog.categories.get(c ?? 0, { signal: queued.signal });
    queued.abort();
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' });
    const rest = Promise.all([...first, api.catalog.categories.get(c ?? 0), api.catalog.categories.root()]);
    expect(await settles(rest)).toBe(true);
    await rest;
    expect(sandbox.stats.overLimit).toBe(0);
  });
});

describe('rate-limit headers are input, not orders', () => {
  const hostile: Record<string, Record<string, string>> = {
    'Limit 0': { 'x-ratelimit-limit': '0', 'x-ratelimit-remaining': '0' },
    'negative Limit': { 'x-ratelimit-limit': '-5', 'x-ratelimit-remaining': '-5' },
    'Remaining above Limit': { 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '500' },
    'non-numeric values': {
      'x-ratelimit-limit': 'abc',
      'x-ratelimit-remaining': '1e',
      'x-ratelimit-reset': 'soon',
    },
    'Reset in the past': { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' },
    'Reset ten hours ahead': { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': 'FAR' },
  };
  for (const [name, headers] of Object.entries(hostile)) {
    it(`${name}: 12 calls all end, none waits past one window`, async () => {
      const sandbox = newSandbox();
      const { fetch } = rewriting(sandbox, (response) => {
        const far = String(Math.floor(Date.now() / 1000) + 36_000);
        const values = Object.fromEntries(
          Object.entries(headers).map(([k, v]) => [k, v === 'FAR' ? far : v]),
        );
        return withHeaders(response, values);
      });
      const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 0 }).catalog;
      const start = Date.now();
      for (let i = 0; i < 12; i++) {
        const call = api.categories.root();
        expect(await settles(call, 70_000)).toBe(true);
        expect((await call).parent_id).toBe(0);
      }
      expect(Date.now() - start).toBeLessThan(12 * 61_000);
    });
  }

  it('a reset far ahead costs one window even when two windows from now is a whole second', async () => {
    // The bound a far reset is cut to must not land exactly on two windows, which is believed.
    vi.setSystemTime(Date.UTC(2026, 10, 26, 12, 0, 0));
    const sandbox = newSandbox();
    const { fetch, count } = rewriting(sandbox, (response) =>
      withHeaders(response, {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 36_000),
      }),
    );
    const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 0 }).catalog;
    await api.categories.root();
    const start = Date.now();
    const second = api.categories.root();
    expect(await settles(second, 70_000)).toBe(true);
    expect((await second).parent_id).toBe(0);
    expect(Date.now() - start).toBeGreaterThanOrEqual(60_000);
    expect(Date.now() - start).toBeLessThan(61_000);
    expect(count()).toBe(2);
  });

  it('an answer that arrives just after its window reset does not hold the token for a minute', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 5, windowMs: 2_000 } });
    // The second call's answer is held 1.5 s, so it arrives after the reset it announces.
    const { fetch } = rewriting(sandbox, async (response, _request, n) => {
      if (n === 2) await new Promise((resolve) => setTimeout(resolve, 1_500));
      return response;
    });
    const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 0 }).catalog;
    await drive(api.categories.root());
    await vi.advanceTimersByTimeAsync(1_700);
    expect(await settles(api.categories.root(), 3_000)).toBe(true);
    const start = Date.now();
    for (let i = 0; i < 8; i++) {
      const call = api.categories.root();
      expect(await settles(call, 10_000)).toBe(true);
      expect((await call).parent_id).toBe(0);
    }
    // 8 calls on a 5-per-2 s window take two windows, not the minute a stale answer once cost.
    expect(Date.now() - start).toBeLessThan(10_000);
    expect(sandbox.apiCalls().length).toBe(10);
  });

  it('a 403 whose reset is hours away fails at once with RateLimitError carrying the bounded reset time', async () => {
    const sandbox = newSandbox();
    const reset = Math.floor(Date.now() / 1000) + 3 * 3600;
    const { fetch, count } = rewriting(sandbox, (response, _request, n) =>
      n === 1 ? rateLimited(reset) : response,
    );
    const api = sandboxClient(sandbox, { fetch, cache: false }).catalog;
    const start = Date.now();
    const error = await api.categories.root().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RateLimitError);
    // Believed two windows ahead at most, as the reset of any answer.
    const resetsAt = (error as RateLimitError).resetsAt?.getTime() ?? 0;
    expect(resetsAt).toBeGreaterThan(start + 65_000);
    expect(resetsAt).toBeLessThanOrEqual(start + 121_000);
    expect(Date.now() - start).toBe(0);
    expect(count()).toBe(1);
  });

  it('a 403 whose reset no Date can hold is a reset unknown: the call waits a window and ends with its answer', async () => {
    const sandbox = newSandbox();
    const { fetch, count } = rewriting(sandbox, (response, _request, n) =>
      n === 1
        ? Response.json(
            { message: 'API rate limit exceeded' },
            {
              status: 403,
              headers: {
                'x-ratelimit-limit': '1',
                'x-ratelimit-remaining': '0',
                'x-ratelimit-reset': '8640000000000.001',
              },
            },
          )
        : response,
    );
    const api = sandboxClient(sandbox, { fetch, cache: false }).catalog;
    const call = api.categories.root();
    expect(await settles(call, 70_000)).toBe(true);
    expect((await call).parent_id).toBe(0);
    expect(count()).toBe(2);
  });

  it('maxRateLimitWait per call and per client: a wait longer than allowed fails at once, without sending', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 2, windowMs: 60_000 } });
    const other = sandbox.data.categories.find((category) => category.id !== 40)?.id ?? 0;
    const api = sandboxClient(sandbox, { cache: false, maxRateLimitWait: 120_000 }).catalog;
    await api.categories.root();
    await api.categories.get(40);
    const refused = await api.categories.get(other, { maxRateLimitWait: 5_000 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RateLimitError);
    expect(refused).toMatchObject({ sent: false });
    expect((refused as RateLimitError).resetsAt?.getTime()).toBeGreaterThan(Date.now());
    expect(sandbox.apiCalls()).toHaveLength(2);
    // The client's 120 s allows the wait for the next window.
    expect((await drive(api.categories.get(other))).id).toBe(other);

    const strict = sandboxClient(newSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } }), {
      cache: false,
      maxRateLimitWait: 0,
    }).catalog;
    await strict.categories.root();
    await expect(strict.categories.get(40)).rejects.toBeInstanceOf(RateLimitError);
    expect(() => sandboxClient(sandbox, { maxRateLimitWait: -1 })).toThrow(/maxRateLimitWait/);
  });

  it('the first window follows the server: 150 calls on a 1000-call window go without waiting for a reset', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 1000, windowMs: 60_000 } });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    const start = Date.now();
    const all = await drive(
      Promise.all(
        Array.from({ length: 150 }, (_, i) =>
          api.categories.get(40, { cache: 'no-store', headers: { 'x-n': String(i) } }),
        ),
      ),
    );
    expect(all).toHaveLength(150);
    expect(Date.now() - start).toBeLessThan(1_000);
    expect(sandbox.stats.overLimit).toBe(0);
  });

  it("withResponse().rateLimit on an answer from the cache is the token's last known window", async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const sent = await api.categories.get(40).withResponse();
    const cached = await api.categories.get(40).withResponse();
    expect(cached.response.headers.get('x-price-catalog-cache')).toBe('HIT');
    expect(cached.rateLimit).toEqual(sent.rateLimit);
    expect(cached.rateLimit?.limit).toBe(100);
  });
});

describe('the per-attempt timeout covers the body', () => {
  it('headers, then a stalled body: TimeoutError at the timeout', async () => {
    const sandbox = newSandbox();
    const { fetch } = rewriting(sandbox, (response, request) => {
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"category":'));
          request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
        },
      });
      return new Response(stalled, { status: 200, headers: response.headers });
    });
    const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 0, timeout: 2_000 }).catalog;
    const start = Date.now();
    await expect(drive(api.categories.get(40))).rejects.toBeInstanceOf(TimeoutError);
    expect(Date.now() - start).toBeGreaterThanOrEqual(2_000);
    expect(Date.now() - start).toBeLessThan(3_000);
  });
});

describe("attempts' abort signals: each attempt its own, only a timed-out one aborted", () => {
  /**
   * A fetch that keeps the signal each API request was given. The API requests numbered in
   * `stalled` (from 1) get no answer, and those in `stalledBody` headers and half a body: both
   * wait for their signal, as a fetch does.
   */
  function signals(sandbox: Sandbox, stalled: number[] = [], stalledBody: number[] = []) {
    const given: (AbortSignal | undefined)[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.startsWith('/oauth2/')) return sandbox.fetch(input, init);
      const signal = init?.signal ?? undefined;
      given.push(signal);
      if (stalledBody.includes(given.length)) {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"category":'));
            signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true });
          },
        });
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
      }
      if (!stalled.includes(given.length)) return sandbox.fetch(input, init);
      return new Promise<Response>((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    };
    return { fetch, given };
  }

  it('every attempt, one after another or at once, has a signal of its own, never aborted', async () => {
    const sandbox = newSandbox();
    const { fetch, given } = signals(sandbox);
    const api = sandboxClient(sandbox, { fetch, cache: false }).catalog;
    for (let i = 0; i < 40; i++) await api.categories.get(40);
    expect(given).toHaveLength(40);
    expect(given[0]).toBeInstanceOf(AbortSignal);
    expect(new Set(given).size).toBe(40);
    expect(given.every((signal) => signal?.aborted === false)).toBe(true);

    given.length = 0;
    await Promise.all([api.categories.get(40), api.categories.root(), api.categories.skus(40, { per: 5 })]);
    expect(new Set(given).size).toBe(3);
    expect(given.every((signal) => signal?.aborted === false)).toBe(true);
  });

  it.each([
    ['no answer', [2], []],
    ['a stalled body', [], [2]],
  ])(
    'a timed-out attempt (%s) aborts only its own signal, and no later attempt is given it',
    async (_, stalled, stalledBody) => {
      const sandbox = newSandbox();
      const { fetch, given } = signals(sandbox, stalled, stalledBody);
      const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 0, timeout: 1_000 }).catalog;
      await api.categories.get(40);
      const timedOut = drive(api.categories.get(40));
      const other = api.categories.root();
      await expect(timedOut).rejects.toBeInstanceOf(TimeoutError);
      // The stalled attempt and the call sent meanwhile each had a signal of their own.
      expect(given[1]).not.toBe(given[0]);
      expect(given[2]).not.toBe(given[1]);
      expect((await other).parent_id).toBe(0);
      expect(given[1]?.aborted).toBe(true);
      expect(given[2]?.aborted).toBe(false);
      for (let i = 0; i < 3; i++) await api.categories.get(40);
      expect(given).toHaveLength(6);
      for (const later of given.slice(3)) {
        expect(later).not.toBe(given[1]);
        expect(later?.aborted).toBe(false);
      }
    },
  );

  it("with the caller's signal, each attempt gets a signal of its own that follows it", async () => {
    const sandbox = newSandbox();
    const { fetch, given } = signals(sandbox, [3]);
    const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 0 }).catalog;
    const caller = new AbortController();
    await api.categories.get(40, { signal: caller.signal });
    await api.categories.get(40, { signal: caller.signal });
    expect(given[1]).not.toBe(given[0]);
    const pending = api.categories.get(40, { signal: caller.signal });
    await vi.advanceTimersByTimeAsync(10);
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(given[2]?.aborted).toBe(true);
  });
});

describe('every failure is typed', () => {
  function resetMidBody(sandbox: Sandbox, every: number) {
    return rewriting(sandbox, async (response, _request, n) => {
      if (n % every !== 1) return response;
      const text = await response.text();
      const broken = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text.slice(0, Math.floor(text.length / 2))));
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(broken, { status: response.status, headers: response.headers });
    });
  }

  it('a connection reset while the body is read is a ConnectionError, retried for GET; a crawl goes on', async () => {
    const sandbox = newSandbox();
    const { fetch, count } = resetMidBody(sandbox, 3);
    const api = sandboxClient(sandbox, { fetch, cache: false }).catalog;
    expect((await drive(api.categories.get(40))).id).toBe(40);
    expect(count()).toBe(2);
    const skus = await drive(api.categories.skus(40, { per: 25 }).toArray());
    expect(skus).toHaveLength(340);

    const once = resetMidBody(newSandbox(), 1000);
    const strict = sandboxClient(newSandbox(), { fetch: once.fetch, cache: false, maxRetries: 0 });
    await expect(strict.catalog.categories.get(40)).rejects.toBeInstanceOf(ConnectionError);
  });

  it('an unparseable Location is a RedirectError', async () => {
    const sandbox = newSandbox();
    const { fetch } = rewriting(
      sandbox,
      () => new Response(null, { status: 302, headers: { location: 'http://[::1' } }),
    );
    const api = sandboxClient(sandbox, { fetch, cache: false }).catalog;
    await expect(api.categories.get(40)).rejects.toBeInstanceOf(RedirectError);
  });

  it.each([
    ['data:', 'data:application/json,{"category":{"id":40,"name":"forged"}}'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://files.example/categories/40'],
    ['plain HTTP', 'http://api.sandbox.test/categories/40'],
  ])('a Location to a %s URL is a RedirectError: never followed, nothing made up', async (_, location) => {
    const sandbox = newSandbox();
    const sent: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname.startsWith('/oauth2/')) return sandbox.fetch(request);
      sent.push(request.url);
      // A real fetch answers a `data:` URL without any network: the forged answer would be read.
      if (!request.url.startsWith(sandbox.baseUrl)) return globalThis.fetch(request);
      return new Response(null, { status: 302, headers: { location } });
    };
    const api = sandboxClient(sandbox, { fetch, cache: false }).catalog;
    const error = await api.categories.get(40).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(sent).toEqual([`${sandbox.baseUrl}/categories/40`]);
  });

  it('with validation off, an answer of the wrong shape is a ResponseValidationError, not a TypeError', async () => {
    const sandbox = newSandbox();
    const { fetch } = rewriting(sandbox, (response) =>
      Response.json({ unexpected: true }, { headers: response.headers }),
    );
    for (const validation of ['off', 'warn'] as const) {
      const api = sandboxClient(sandbox, {
        fetch,
        cache: false,
        validation,
        logger: { warn: () => {}, debug: () => {} },
      }).catalog;
      await expect(api.categories.skus(40)).rejects.toBeInstanceOf(ResponseValidationError);
      await expect(api.categories.skus(40).toArray()).rejects.toBeInstanceOf(ResponseValidationError);
    }
  });
});

describe('request() paths stay under the base path', () => {
  it('refuses #, ?, dot segments (also encoded), empty segments and bad params, before sending', async () => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox);
    for (const path of [
      '/categories#x',
      '/search?q=ab',
      '/categories/../oauth2/token',
      '/a/%2e%2e/b',
      '/a/%2E./b',
      '/a/./b',
      '//evil.example/x',
      '/categories/',
      '/a\\b',
      '/a/%2f/b',
    ]) {
      await expect(client.request({ method: 'GET', path }), path).rejects.toBeInstanceOf(InvalidRequestError);
    }
    await expect(
      client.request({ method: 'GET', path: '/shops/{id}', params: { id: '..' } }),
    ).rejects.toThrow(/\.\./);
    await expect(client.request({ method: 'GET', path: '/shops/{id}', params: {} })).rejects.toBeInstanceOf(
      InvalidRequestError,
    );
    await expect(
      client.request({ method: 'GET', path: '/shops/{id}', params: { id: 1, other: 2 } }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('a template puts each param in one segment, encoded', async () => {
    const sandbox = newSandbox();
    const seen: string[] = [];
    const client = sandboxClient(sandbox, {
      cache: false,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        seen.push(new URL(request.url).pathname);
        return sandbox.fetch(request);
      },
    });
    const shop = sandbox.data.shops[0]?.id ?? 0;
    const found = await client.request<{ locations: unknown[] }>({
      method: 'GET',
      path: '/shops/{id}/locations',
      params: { id: shop },
    });
    expect(Array.isArray(found.locations)).toBe(true);
    await client
      .request({ method: 'GET', path: '/shops/{id}/locations', params: { id: 'a/../b?c#d' } })
      .catch(() => {});
    expect(seen.filter((p) => p.startsWith('/shops/'))).toEqual([
      `/shops/${shop}/locations`,
      '/shops/a%2F..%2Fb%3Fc%23d/locations',
    ]);
  });
});

describe('a bound on requests per call: 1 + maxRetries + 1 token replay + 3 rate-limit waits, redirects included', () => {
  it('a server that answers 401, rate-limit 403s and 503s gets at most 7 requests for one call', async () => {
    const sandbox = newSandbox();
    const { fetch, count } = rewriting(sandbox, (response, _request, n) => {
      if (n === 1)
        return Response.json({ errors: [{ code: 'Unauthorized', messages: ['expired'] }] }, { status: 401 });
      if (n <= 4) return rateLimited(Math.floor(Date.now() / 1000) + 1);
      return new Response('unavailable', { status: 503, headers: response.headers });
    });
    const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 2 }).catalog;
    await expect(drive(api.categories.get(40))).rejects.toMatchObject({ status: 503 });
    expect(count()).toBe(7);
  });

  it('an endless chain of redirects to new URLs stops at the bound (maxRetries 0: 5 requests)', async () => {
    const sandbox = newSandbox();
    const { fetch, count } = rewriting(
      sandbox,
      (_response, request, n) =>
        new Response(null, { status: 307, headers: { location: `${new URL(request.url).origin}/hop/${n}` } }),
    );
    const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 0 }).catalog;
    await expect(api.categories.get(40)).rejects.toBeInstanceOf(RedirectError);
    expect(count()).toBe(5);
  });

  it('503 forever with maxRetries 10: exactly 11 requests', async () => {
    const sandbox = newSandbox();
    const { fetch, count } = rewriting(sandbox, () => new Response('no', { status: 503 }));
    const api = sandboxClient(sandbox, { fetch, cache: false, maxRetries: 10 }).catalog;
    await expect(drive(api.categories.get(40))).rejects.toMatchObject({ status: 503 });
    expect(count()).toBe(11);
  });
});
