import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  type ApiError,
  BadRequestError,
  ConnectionError,
  InternalServerError,
  NotImplementedError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  TimeoutError,
} from '../../src/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Sends API requests to `answer`, the token endpoint to the sandbox. */
function answering(answer: (url: URL) => Response | Promise<Response>) {
  const sandbox = newSandbox();
  const api = sandboxClient(sandbox, {
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      return url.pathname.startsWith('/oauth2/') ? sandbox.fetch(request) : answer(url);
    },
  }).catalog;
  return { sandbox, api };
}

describe('server errors map to the hierarchy', () => {
  it('5xx, 501 and the rate-limit 403 from the sandbox', async () => {
    const sandbox = newSandbox();
    // No retries and no waiting: the errors themselves are under test.
    const api = sandboxClient(sandbox, { cache: false, maxRetries: 0, onRateLimit: () => false }).catalog;
    sandbox.failNext(1, { status: 503 });
    const e503 = await api.categories.root().catch((e: unknown) => e);
    expect(e503).toBeInstanceOf(InternalServerError);
    expect(e503).toMatchObject({ status: 503 });
    expect((e503 as ApiError).rateLimit?.limit).toBe(100);
    sandbox.failNext(1, { status: 501, body: { errors: [{ code: 'NotImplemented', messages: ['no'] }] } });
    await expect(api.categories.root()).rejects.toBeInstanceOf(NotImplementedError);
    sandbox.failNext(1, { status: 403, body: { message: 'Rate limit exceeded' } });
    const limited = await api.categories.root().catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).messages).toEqual(['Rate limit exceeded']);
  });

  it('a 403 with the errors array is PermissionDeniedError, not the rate limit', async () => {
    const { api } = answering(() =>
      Response.json({ errors: [{ code: 'Forbidden', messages: ['not for you'] }] }, { status: 403 }),
    );
    const error = await api.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ code: 'Forbidden', messages: ['not for you'] });
  });

  it('sending the token both ways gets the sandbox 400 as BadRequestError', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, {
      tokenTransport: 'query',
      headers: { authorization: 'Bearer also-here' },
    }).catalog;
    const error = await api.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).not.toContain('also-here');
  });

  it('a non-JSON error body (a proxy page) still gives a typed error', async () => {
    const { api } = answering(
      () =>
        new Response('<html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await api.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, code: undefined });
    expect((error as Error).message).toContain('502 Bad Gateway nginx');
    expect((error as ApiError).body).toMatch(/^<html>/);
  });

  it('a connection reset is a ConnectionError', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false, maxRetries: 0 }).catalog;
    sandbox.failNext(1, 'reset');
    const error = await api.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('/categories/root');
  });
});

describe('timeouts and aborts', () => {
  it('a slow answer ends in TimeoutError after the per-attempt timeout', async () => {
    vi.useFakeTimers();
    const sandbox = newSandbox({ latencyMs: 5_000 });
    const api = sandboxClient(sandbox, { timeout: 1_000, maxRetries: 0 }).catalog;
    const pending = api.categories.root().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1_001);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/1000 ms/);
  });

  it('the signal aborts a call in flight and one not yet sent', async () => {
    vi.useFakeTimers();
    const sandbox = newSandbox({ latencyMs: 5_000 });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    const controller = new AbortController();
    const pending = api.categories.root({ signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortError);
    const before = sandbox.apiCalls().length;
    await expect(api.categories.root({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(AbortError);
    expect(sandbox.apiCalls()).toHaveLength(before);
  });
});

describe('response validation', () => {
  const broken = () =>
    Response.json({
      category: { id: 'seven', name: 'x', extra_field: 1 },
    });

  it('strict (default) throws ResponseValidationError with the path', async () => {
    const { api } = answering(broken);
    const error = await api.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).path).toEqual(['category', 'id']);
    expect((error as ResponseValidationError).issues.length).toBeGreaterThan(1);
    expect((error as Error).message).toContain('GET /categories/root');
  });

  it('warn logs and returns the data; off returns it silently; unknown fields pass through', async () => {
    const warnings: string[] = [];
    const logger = { debug: () => {}, warn: (m: string) => warnings.push(m) };
    const sandbox = newSandbox();
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      return new URL(request.url).pathname.startsWith('/oauth2/') ? sandbox.fetch(request) : broken();
    };
    const warned = await sandboxClient(sandbox, {
      fetch,
      validation: 'warn',
      logger,
    }).catalog.categories.root();
    expect(warned).toEqual({ id: 'seven', name: 'x', extra_field: 1 });
    expect(warnings).toHaveLength(1);
    const off = sandboxClient(sandbox, { fetch, validation: 'strict', logger }).catalog;
    expect(await off.categories.root({ validation: 'off' })).toMatchObject({ extra_field: 1 });
    expect(warnings).toHaveLength(1);
    const real = await sandboxClient(sandbox).catalog.categories.root();
    expect(Object.keys(real)).toContain('reviewable');
  });
});
