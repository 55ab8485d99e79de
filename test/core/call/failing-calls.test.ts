import { execFile } from 'node:child_process';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimitError, RateLimitWaitError } from '../../../src/index.js';
import { newSandbox, sandboxClient } from '../../helpers/index.js';
import { nodeBundle } from '../../helpers/node-bundle.js';
import { drive } from '../../helpers/timers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a token the server rejected', () => {
  it('is never sent again after its 401, even by requests that waited for the window with it', async () => {
    // Two places in a token's window: a crawl 4 at a time leaves two requests waiting for the reset.
    const sandbox = newSandbox({ rateLimit: { limit: 2, windowMs: 10_000 } });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    await api.categories.root();
    await drive(Promise.resolve());
    sandbox.expireTokens();
    const pages = await drive(
      Promise.all([1, 2, 3, 4].map((page) => api.categories.skus(40, { page, per: 5 }))),
    );
    expect(pages.every((p) => p.items.length === 5)).toBe(true);
    const calls = sandbox.apiCalls();
    const first401 = calls.findIndex((r) => r.status === 401);
    expect(first401).toBeGreaterThan(0);
    const rejected = calls[first401]?.token;
    const after = calls.slice(first401 + 1).filter((r) => r.token === rejected);
    expect(after).toEqual([]);
    expect(calls.filter((r) => r.status === 401)).toHaveLength(1);
  });
});

describe("a rate-limit 403's X-RateLimit-Reset", () => {
  it('is bounded to two windows ahead, as any answer’s', async () => {
    const sandbox = newSandbox();
    let forbid = true;
    const api = sandboxClient(sandbox, {
      cache: false,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (forbid && new URL(request.url).host === new URL(sandbox.baseUrl).host) {
          forbid = false;
          const reset = Math.floor(Date.now() / 1000) + 1e9;
          return new Response(JSON.stringify({ message: 'API rate limit exceeded' }), {
            status: 403,
            headers: {
              'content-type': 'application/json',
              'x-ratelimit-limit': '100',
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset': String(reset),
            },
          });
        }
        return sandbox.fetch(request);
      },
    }).catalog;
    const start = Date.now();
    const refused = await drive(api.categories.root()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitError);
    const resetsAt = (refused as RateLimitError).resetsAt?.getTime() ?? Number.POSITIVE_INFINITY;
    expect(resetsAt).toBeLessThanOrEqual(start + 2 * 60_000 + 1_000);
    // Two windows later the token works again.
    await vi.advanceTimersByTimeAsync(2 * 60_000 + 1_000);
    const root = await drive(api.categories.root());
    expect(root.parent_id).toBe(0);
    expect(sandbox.apiCalls({ status: 200 })).toHaveLength(1);
  });
});

describe('a failed call nobody awaits', () => {
  let bundle = '';
  const run = (mode: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [bundle, mode], { timeout: 20_000 }, (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });

  beforeAll(async () => {
    bundle = await nodeBundle(new URL('../../helpers/unawaited-call.ts', import.meta.url), 'unawaited-call');
  });

  it('is an unhandled rejection, as any rejected promise', async () => {
    const { code, stderr } = await run('none');
    expect(code).not.toBe(0);
    expect(stderr).toContain('ConnectionError');
  });

  it.each([
    ['await', 'ConnectionError'],
    ['with-response', 'ConnectionError'],
    ['iterate', 'InvalidRequestError'],
  ])('consumed with %s, it is caught and the process ends well', async (mode, name) => {
    const { code, stdout, stderr } = await run(mode);
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe(`caught ${name}`);
    expect(code).toBe(0);
  });
});

describe('a wait the SDK refuses before sending', () => {
  it('is a RateLimitWaitError telling the call, not a made-up 403', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const api = sandboxClient(sandbox, { cache: false });
    await api.catalog.categories.root();
    const error = await api
      .request({ method: 'POST', path: '/favorites', body: { sku_id: 1 } }, { maxRateLimitWait: 1_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({
      method: 'POST',
      url: `${sandbox.baseUrl}/favorites`,
      sent: false,
      status: 0,
      body: undefined,
      refusedBy: 'maxRateLimitWait',
      maxWaitMs: 1_000,
    });
    const refused = error as RateLimitWaitError;
    expect(refused.message).toMatch(/^POST https:\/\/\S+\/favorites was not sent: /);
    expect(refused.resetsAt.getTime()).toBeGreaterThan(Date.now() + 1_000);
    expect(refused.resetsAt.getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
    expect(sandbox.apiCalls()).toHaveLength(1);
  });

  it('names onRateLimit when it declined the wait', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 1, windowMs: 60_000 } });
    const api = sandboxClient(sandbox, { cache: false, onRateLimit: () => false }).catalog;
    await api.categories.root();
    const error = await api.categories.get(40).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitWaitError);
    expect(error).toMatchObject({
      method: 'GET',
      url: `${sandbox.baseUrl}/categories/40`,
      refusedBy: 'onRateLimit',
      maxWaitMs: undefined,
    });
    expect(sandbox.apiCalls()).toHaveLength(1);
  });
});

describe('a failed list collected with toArray({ limit: 0 })', () => {
  it('rejects for its caller instead of failing unheard', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const error = await api.manufacturers
      .list({ per: 0 })
      .toArray({ limit: 0 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidRequestError', param: 'per' });
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});
