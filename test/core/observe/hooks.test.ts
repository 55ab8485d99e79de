import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createClient,
  DailyLimitError,
  HookError,
  type HookFailure,
  type HookRequest,
  type HookResponse,
  type Hooks,
  InvalidRequestError,
} from '../../../src/index.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { sandboxOptions } from '../../helpers/index.js';
import { drive } from '../../helpers/timers.js';

/** Hooks that record every event in order, plus whatever `extra` hooks do. */
function recorder(extra: Hooks = {}) {
  const events: Array<
    | { type: 'request'; request: HookRequest }
    | { type: 'response'; response: HookResponse }
    | { type: 'error'; failure: HookFailure }
  > = [];
  const hooks: Hooks = {
    onRequest: [(request) => void events.push({ type: 'request', request }), ...list(extra.onRequest)],
    onResponse: [(response) => void events.push({ type: 'response', response }), ...list(extra.onResponse)],
    onError: [(failure) => void events.push({ type: 'error', failure }), ...list(extra.onError)],
  };
  const summary = () =>
    events.map((e) =>
      e.type === 'request'
        ? `request ${e.request.kind} ${e.request.attempt} ${e.request.method} ${new URL(e.request.url).pathname}`
        : e.type === 'response'
          ? `response ${e.response.status}`
          : `error ${e.failure.error.name}`,
    );
  return { events, hooks, summary };
}

function list<T>(value: T | readonly T[] | undefined): T[] {
  return value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];
}

function client(sandbox: Sandbox, hooks: Hooks, options: Parameters<typeof createClient>[0] | object = {}) {
  return createClient({ ...sandboxOptions(sandbox), cache: false, hooks, ...options });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hooks: order and what they see', () => {
  it('onRequest then onResponse per request; a header added by onRequest is sent; no token is visible', async () => {
    const sandbox = createSandbox();
    const { hooks, events, summary } = recorder({
      onRequest: (request) => {
        request.headers.set('x-trace-id', `trace-${request.attempt}`);
      },
    });
    const api = client(sandbox, hooks, { headers: { authorization: 'Bearer mine', 'x-app': 'demo' } });
    const category = await api.catalog.categories.get(40);

    expect(category.id).toBe(40);
    expect(summary()).toEqual(['request first 1 GET /categories/40', 'response 200']);
    const [sent] = sandbox.apiCalls();
    expect(sent?.headers.get('x-trace-id')).toBe('trace-1');
    expect(sent?.headers.get('x-app')).toBe('demo');
    expect(sent?.token).toBeTruthy();
    const request = events[0]?.type === 'request' ? events[0].request : undefined;
    const response = events[1]?.type === 'response' ? events[1].response : undefined;
    expect(request?.headers.has('authorization')).toBe(false);
    expect(request?.headers.get('accept')).toBe('application/vnd.skroutz+json; version=3.2');
    expect(response?.request).toBe(request);
    expect(response?.rateLimit).toMatchObject({ limit: 100, remaining: 99 });
    expect(response?.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(JSON.stringify(events)).not.toContain(sent?.token as string);
  });

  it('with query transport the URL hooks see has no oauth_token', async () => {
    const sandbox = createSandbox();
    const { hooks, events } = recorder();
    await client(sandbox, hooks, { tokenTransport: 'query' }).catalog.categories.get(40, {
      headers: { 'x-call': '1' },
    });
    const [sent] = sandbox.apiCalls();
    expect(sent?.query.get('oauth_token')).toBeTruthy();
    const request = events[0]?.type === 'request' ? events[0].request : undefined;
    expect(request?.url).toBe(`${sandbox.baseUrl}/categories/40`);
    expect(request?.headers.get('x-call')).toBe('1');
  });

  it('each request of a call: retry, 401 replay, redirect hop, rate-limit resend; cache hits send nothing', async () => {
    const sandbox = createSandbox();
    const { hooks, summary } = recorder();
    const api = client(sandbox, hooks, { cache: undefined });
    await drive(
      (async () => {
        sandbox.failNext(1, { status: 503 });
        await api.catalog.categories.get(40);
        await api.catalog.categories.get(40); // fresh in the cache: no request, no hook
        sandbox.failNext(1, { status: 401, body: { errors: [{ code: 'x', messages: ['expired'] }] } });
        await api.catalog.categories.get(40, { cache: 'no-store' });
        sandbox.addRedirect({ from: '/categories/41', to: '/categories/40', status: 302, times: 1 });
        await api.catalog.categories.get(41, { cache: 'no-store' });
        sandbox.failNext(1, {
          status: 403,
          body: { message: 'Rate limit exceeded' },
          headers: {
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': `${Math.ceil(Date.now() / 1000) + 1}`,
          },
        });
        await api.catalog.categories.get(40, { cache: 'no-cache' });
      })(),
    );
    expect(summary()).toEqual([
      'request first 1 GET /categories/40',
      'response 503',
      'request retry 2 GET /categories/40',
      'response 200',
      'request first 1 GET /categories/40',
      'response 401',
      'request replay 1 GET /categories/40',
      'response 200',
      'request first 1 GET /categories/41',
      'response 302',
      'request redirect 1 GET /categories/40',
      'response 200',
      'request first 1 GET /categories/40',
      'response 403',
      'request rate-limit 1 GET /categories/40',
      'response 304',
    ]);
  });

  it('onError for a request without an answer, then the retry; every onRequest gets exactly one outcome', async () => {
    const sandbox = createSandbox();
    const { hooks, summary, events } = recorder();
    const api = client(sandbox, hooks, { maxRetries: 1 });
    sandbox.failNext(1, 'reset');
    await drive(api.catalog.categories.get(40));
    sandbox.failNext(2, 'reset');
    const error = await drive(api.catalog.categories.get(40)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ConnectionError);
    expect(summary()).toEqual([
      'request first 1 GET /categories/40',
      'error ConnectionError',
      'request retry 2 GET /categories/40',
      'response 200',
      'request first 1 GET /categories/40',
      'error ConnectionError',
      'request retry 2 GET /categories/40',
      'error ConnectionError',
    ]);
    const failure = events[1]?.type === 'error' ? events[1].failure : undefined;
    expect(failure?.request).toBe(events[0]?.type === 'request' ? events[0].request : undefined);
    expect(failure?.ms).toBeGreaterThanOrEqual(0);
  });

  it('a request refused by the daily budget after onRequest gets onError, and is not sent', async () => {
    const sandbox = createSandbox();
    const { hooks, summary } = recorder();
    const api = client(sandbox, hooks, { dailyLimit: 1 });
    await api.catalog.categories.get(40);
    await expect(api.catalog.categories.get(40)).rejects.toBeInstanceOf(DailyLimitError);
    expect(summary()).toEqual([
      'request first 1 GET /categories/40',
      'response 200',
      'request first 1 GET /categories/40',
      'error DailyLimitError',
    ]);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });

  it('several hooks of a kind run in order, async ones awaited; timings include the rate-limit wait', async () => {
    const sandbox = createSandbox({ latencyMs: 40, rateLimit: { limit: 1, windowMs: 1_000 } });
    const order: string[] = [];
    const timings: Array<{ ms: number; waitedMs: number }> = [];
    const api = client(sandbox, {
      onRequest: [
        async (request) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          request.headers.set('x-step', 'one');
          order.push('first');
        },
        (request) => {
          request.headers.set('x-step', `${request.headers.get('x-step')}-two`);
          order.push('second');
        },
      ],
      onResponse: ({ ms, waitedMs }) => void timings.push({ ms, waitedMs }),
    });
    // no-store: identical GETs in flight would otherwise share one request.
    const get = () => api.catalog.categories.get(40, { cache: 'no-store' });
    await drive(Promise.all([get(), get()]), 10);

    expect(order).toEqual(['first', 'second', 'first', 'second']);
    expect(sandbox.apiCalls().map((c) => c.headers.get('x-step'))).toEqual(['one-two', 'one-two']);
    expect(timings).toHaveLength(2);
    for (const t of timings) expect(t.ms).toBeGreaterThanOrEqual(40);
    // The second call waited for the window (limit 1): the wait is told apart from the time on the wire.
    expect(Math.max(...timings.map((t) => t.waitedMs))).toBeGreaterThan(0);
  });
});

describe('hooks cannot break the SDK invariants', () => {
  it('setting authorization or changing an SDK header is a HookError, and nothing is sent or counted', async () => {
    const sandbox = createSandbox();
    for (const [name, value] of [
      ['authorization', 'Bearer stolen'],
      ['Authorization', 'Basic eDp5'],
      ['accept', 'application/json'],
      ['content-type', 'text/plain'],
    ] as const) {
      const api = client(sandbox, { onRequest: (request) => request.headers.set(name, value) });
      const error = await api.catalog.categories.get(40).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HookError);
      expect(error).toMatchObject({ hook: 'onRequest' });
      expect((error as Error).message).toMatch(new RegExp(`${name.toLowerCase()} header`));
      expect(api.usage().calls).toBe(0);
    }
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('a throwing onRequest is a HookError with its cause; the budget and the window stay exact', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 3, windowMs: 2_000 } });
    const cause = new Error('no trace context');
    let n = 0;
    const api = client(sandbox, {
      onRequest: () => {
        n++;
        if (n % 2 === 0) throw cause;
      },
    });
    const results = await drive(
      Promise.all(
        Array.from({ length: 10 }, () =>
          api.catalog.categories.get(40, { cache: 'no-store' }).then(
            (c) => c.id,
            (e: unknown) => e,
          ),
        ),
      ),
    );
    const failed = results.filter((r) => r instanceof HookError) as HookError[];
    expect(failed).toHaveLength(5);
    expect(failed[0]?.cause).toBe(cause);
    expect(failed[0]?.message).toBe('An onRequest hook threw: Error: no trace context');
    expect(results.filter((r) => r === 40)).toHaveLength(5);
    // Only requests that went out were counted, and the window was never overrun.
    expect(api.usage().calls).toBe(5);
    expect(sandbox.apiCalls()).toHaveLength(5);
    expect(sandbox.stats.overLimit).toBe(0);
  });

  it('a throwing onResponse is a HookError after the request was counted; the next call goes normally', async () => {
    const sandbox = createSandbox();
    let fail = true;
    const api = client(sandbox, {
      onResponse: () => {
        if (fail) throw new TypeError('metrics down');
      },
    });
    const error = await api.catalog.categories.get(40).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HookError);
    expect(error).toMatchObject({
      hook: 'onResponse',
      message: 'An onResponse hook threw: TypeError: metrics down',
    });
    expect(api.usage().calls).toBe(1);
    fail = false;
    expect((await api.catalog.categories.get(40)).id).toBe(40);
    expect(api.usage().calls).toBe(2);
    expect(sandbox.apiCalls()).toHaveLength(2);
  });

  it('a throwing onError is a HookError (not retried); a HookError is not retried either', async () => {
    const sandbox = createSandbox();
    const seen: string[] = [];
    const api = client(sandbox, {
      onError: (failure) => {
        seen.push(failure.error.name);
        throw new Error('alerting down');
      },
    });
    sandbox.failNext(1, 'reset');
    const error = await drive(api.catalog.categories.get(40)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HookError);
    expect(error).toMatchObject({ hook: 'onError' });
    expect(seen).toEqual(['ConnectionError']);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });

  it("a slow async hook is bounded by the call's signal", async () => {
    const sandbox = createSandbox();
    const api = client(sandbox, { onRequest: () => new Promise<void>(() => {}) });
    const controller = new AbortController();
    const call = api.catalog.categories.get(40, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await call).toBeInstanceOf(AbortError);
    const bounded = await drive(api.catalog.categories.get(40, { deadline: 1_000 }).catch((e: unknown) => e));
    expect(bounded).toMatchObject({ name: 'TimeoutError' });
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('refuses hooks that are not functions before any request', () => {
    const sandbox = createSandbox();
    const make = () => client(sandbox, { onRequest: 'log' as unknown as () => void });
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/hooks onRequest must be a function or an array of functions/);
    expect(sandbox.requests).toHaveLength(0);
  });
});
