import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  InvalidRequestError,
  type RequestOptions,
  TimeoutError,
  TokenError,
  type UserTokens,
} from '../../../src/index.js';
import type { Sandbox } from '../../../src/sandbox/index.js';
import { newSandbox, sandboxClient, sandboxOptions } from '../../helpers/index.js';
import { drive } from '../../helpers/timers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that answers API requests `delayMs` (fake time) after the sandbox does. */
function slow(sandbox: Sandbox, delayMs: number): typeof fetch {
  return async (input, init) => {
    const response = await sandbox.fetch(input, init);
    if (new URL(new Request(input, init).url).pathname.startsWith('/oauth2/')) return response;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return response;
  };
}

/** A fetch whose API answers never come (until the request's signal aborts). */
function stalled(sandbox: Sandbox): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.startsWith('/oauth2/')) return sandbox.fetch(request);
    return new Promise<Response>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    });
  };
}

describe('Infinity and limits past setTimeout’s maximum are time limits, not a 1 ms timeout', () => {
  it('timeout: Infinity and deadline: Infinity (client or call) wait for a slow answer; one request', async () => {
    const sandbox = newSandbox();
    const tenMinutes = 600_000;
    const client = sandboxClient(sandbox, {
      fetch: slow(sandbox, tenMinutes),
      timeout: Number.POSITIVE_INFINITY,
      deadline: Number.POSITIVE_INFINITY,
      cache: false,
    });
    const category = await drive(client.catalog.categories.get(40), 60_000);
    expect(category.id).toBe(40);
    const perCall = sandboxClient(sandbox, { fetch: slow(sandbox, tenMinutes), cache: false });
    const options = { timeout: Number.POSITIVE_INFINITY, deadline: Number.POSITIVE_INFINITY };
    expect((await drive(perCall.catalog.categories.get(40, options), 60_000)).id).toBe(40);
    expect(sandbox.apiCalls()).toHaveLength(2);
  });

  it('a timeout longer than 2^31 - 1 ms ends the attempt at its own time, not 1 ms after it starts', async () => {
    const sandbox = newSandbox();
    const timeout = 2 ** 31 + 5_000;
    const client = sandboxClient(sandbox, { fetch: stalled(sandbox), timeout, maxRetries: 0, cache: false });
    let failure: unknown;
    const call = client.catalog.categories.get(40).catch((error: unknown) => {
      failure = error;
    });
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(failure).toBeUndefined();
    await vi.advanceTimersByTimeAsync(5_000);
    await call;
    expect(failure).toBeInstanceOf(TimeoutError);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe("a call's own options are checked before anything is sent", () => {
  const bad: [string, RequestOptions][] = [
    ['timeout', { timeout: -1 }],
    ['timeout', { timeout: Number.NaN }],
    ['deadline', { deadline: 0 }],
    ['deadline', { deadline: -5 }],
    ['maxRetries', { maxRetries: -1 }],
    ['maxRetries', { maxRetries: 1.5 }],
    ['maxRateLimitWait', { maxRateLimitWait: -1 }],
    ['validation', { validation: 'bogus' as never }],
    ['cache', { cache: 'reload' as never }],
    ['signal', { signal: {} as AbortSignal }],
    ['headers', { headers: { 'bad name': 'x' } }],
    ['headers', { headers: { 'x-trace': 'a\r\nx-evil: 1' } }],
    ['headers', { headers: { 'x-trace': 'Ω' } }],
    ['headers', { headers: { 'x-trace': 5 as never } }],
  ];

  it.each(bad)('%s: InvalidRequestError InvalidOption, no request, no budget', async (param, options) => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox);
    for (const call of [
      client.catalog.categories.get(40, options),
      client.catalog.categories.list({}, options),
    ]) {
      const error = await call.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ code: 'InvalidOption', param });
    }
    expect(sandbox.apiCalls()).toHaveLength(0);
    expect(client.usage().calls).toBe(0);
  });

  it('options or params that are not objects (a string, an array) are refused, not sent as `0=p&1=e…`', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const refused = async (call: Promise<unknown>) =>
      call.then(
        () => undefined,
        (e: unknown) => e,
      );
    for (const options of ['x', [1]] as never[]) {
      expect(await refused(api.categories.get(40, options))).toMatchObject({
        name: 'InvalidRequestError',
        code: 'InvalidOption',
        param: 'options',
      });
    }
    for (const params of ['per=5', [1, 2]] as never[]) {
      expect(await refused(api.categories.skus(40, params))).toMatchObject({
        name: 'InvalidRequestError',
        code: 'InvalidParam',
        param: 'params',
      });
    }
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('good values still go: 0 and Infinity timeouts, a deadline, an AbortSignal, Latin-1 header values, null as not given', async () => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox);
    const options: RequestOptions = {
      timeout: 0,
      deadline: 60_000,
      maxRetries: 0,
      maxRateLimitWait: Number.POSITIVE_INFINITY,
      validation: 'warn',
      cache: 'no-store',
      signal: new AbortController().signal,
      headers: { 'x-trace': 'café 1' },
    };
    expect((await drive(client.catalog.categories.get(40, options))).id).toBe(40);
    expect(sandbox.apiCalls().at(-1)?.headers.get('x-trace')).toBe('café 1');
    // null is "not given", as with fetch's `signal: null` and `??` defaults.
    const unset = { timeout: null, deadline: null, signal: null, headers: null } as unknown as RequestOptions;
    expect((await drive(client.catalog.categories.get(40, unset))).id).toBe(40);
    const defaults = sandboxClient(sandbox, { timeout: null, maxRetries: null } as never);
    expect((await drive(defaults.catalog.categories.get(40, { cache: 'no-store' }))).id).toBe(40);
  });

  it('a header value is never shown in the error: it may be a secret', async () => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox);
    const error = await client.catalog.categories
      .get(40, { headers: { 'x-api-key': 'hunter2-secret\n' } })
      .catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(String((error as Error).message)).toContain('x-api-key');
    expect(String((error as Error).message)).not.toContain('hunter2');
    expect(() =>
      createClient({ ...sandboxOptions(sandbox), headers: { 'x-api-key': 'hunter2-secret\n' } }),
    ).toThrow(expect.objectContaining({ code: 'InvalidOption', param: 'headers' }));
    try {
      createClient({ ...sandboxOptions(sandbox), headers: { 'x-api-key': 'hunter2-secret\n' } });
    } catch (e) {
      expect((e as Error).message).not.toContain('hunter2');
    }
  });
});

describe('a token the SDK could not send is a typed error, never a retried "connection" failure', () => {
  it('a static token or a forUser token with a line break: refused when the client is made', () => {
    const sandbox = newSandbox();
    const { baseUrl, fetch } = sandboxOptions(sandbox);
    const made = () => createClient({ baseUrl, fetch, token: 'tok\nen-secret' });
    expect(made).toThrow(InvalidRequestError);
    expect(made).toThrow(/token must be a non-empty string without line breaks/);
    expect(made).not.toThrow(/en-secret/);
    const app = sandboxClient(sandbox);
    expect(() => app.forUser({ token: 'a\r\nb' })).toThrow(
      expect.objectContaining({ code: 'InvalidOption' }),
    );
  });

  it.each([
    ['empty', ''],
    ['a line break', 'tok\nen'],
    ['a character beyond U+00FF', 'tokenΩ'],
  ])('getToken giving a token with %s: InvalidToken before any request', async (_, token) => {
    const sandbox = newSandbox();
    const { baseUrl, fetch } = sandboxOptions(sandbox);
    const client = createClient({ baseUrl, fetch, getToken: () => token });
    const error = await client.catalog.categories.get(40).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'InvalidToken' });
    expect(sandbox.requests).toHaveLength(0);
    expect(client.usage().calls).toBe(0);
  });

  it('a token endpoint answering an access_token with CR LF: TokenError, the token kept out of the error', async () => {
    const sandbox = newSandbox();
    const hostile: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/oauth2/token') {
        return Response.json({
          access_token: 'leaked-token\r\nx-evil: 1',
          refresh_token: 'leaked-refresh',
          expires_in: 3600,
        });
      }
      return sandbox.fetch(request);
    };
    const client = sandboxClient(sandbox, { fetch: hostile });
    const error = await drive(client.catalog.categories.get(40).catch((e: unknown) => e));
    expect(error).toBeInstanceOf(TokenError);
    expect(error).toMatchObject({
      status: 502,
      body: { access_token: '[redacted]', refresh_token: '[redacted]', expires_in: 3600 },
    });
    expect((error as Error).message).toContain('without a usable access_token');
    expect(
      JSON.stringify({ message: (error as Error).message, body: (error as TokenError).body }),
    ).not.toMatch(/leaked/);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it("a user's token store holding an access token with a line break: InvalidToken, nothing sent", async () => {
    const sandbox = newSandbox();
    const record: UserTokens = {
      access_token: 'user\ntoken',
      refresh_token: 'refresh',
      expires_at: Date.now() + 3_600_000,
    };
    const tokenStore = { get: () => record, set: () => {} };
    const user = sandboxClient(sandbox).forUser({ tokenStore });
    const error = await user.user.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'InvalidToken' });
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe('api.request(): its method and body are checked before sending', () => {
  it('a method other than GET, POST, PUT, PATCH or DELETE is InvalidParam; so is no request at all', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    for (const method of ['TRACE', 'CONNECT', {}, undefined]) {
      const error = await api
        .request({ method: method as never, path: '/categories/40' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'InvalidRequestError', code: 'InvalidParam', param: 'method' });
    }
    // Not a synchronous TypeError from reading `params.method`: a rejected call.
    await expect(api.request(null as never)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('a lower-case method is that method: `get` is a GET (shared in flight, cached)', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => api.request({ method: 'get' as never, path: '/categories/40' })),
    );
    expect(answers).toHaveLength(3);
    expect(sandbox.apiCalls().map((call) => call.method)).toEqual(['GET']);
    await api.request({ method: 'get' as never, path: '/categories/40' });
    expect(sandbox.apiCalls()).toHaveLength(1);
  });

  it.each([
    ['a BigInt', { price: 10n }],
    [
      'a cycle',
      (() => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        return cyclic;
      })(),
    ],
    ['a function', () => 1],
  ])('a body with %s is InvalidBody, nothing sent, no budget', async (_, body) => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox);
    const error = await api.request({ method: 'POST', path: '/favorites', body }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidRequestError', code: 'InvalidBody', param: 'body' });
    // Not even a token request.
    expect(sandbox.requests).toHaveLength(0);
    expect(api.usage().calls).toBe(0);
  });
});
