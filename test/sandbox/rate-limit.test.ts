import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { get, requestToken } from './helpers.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2024-03-10T10:00:00.250Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('rate limit', () => {
  it('sends X-RateLimit-* on every API answer, counting down in a fixed window', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 5, windowMs: 10_000 } });
    const token = sandbox.issueToken();
    const resetAt = String(Math.ceil((Date.now() + 10_000) / 1000));
    const remaining: string[] = [];
    for (const path of ['/categories/40', '/categories/9999', '/nowhere']) {
      const response = await get(sandbox, token, path);
      expect(response.headers.get('x-ratelimit-limit')).toBe('5');
      expect(response.headers.get('x-ratelimit-reset')).toBe(resetAt);
      remaining.push(response.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['4', '3', '2']);
  });

  it('answers 403 {message} beyond the limit until the window ends', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 3, windowMs: 60_000 } });
    const token = sandbox.issueToken();
    for (let i = 0; i < 3; i++) expect((await get(sandbox, token, '/categories/root')).status).toBe(200);
    const refused = await get(sandbox, token, '/categories/root');
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    expect(String(body.message)).toMatch(/^Rate limit exceeded/);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(sandbox.stats.overLimit).toBe(1);

    vi.advanceTimersByTime(59_000);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(403);
    vi.advanceTimersByTime(1_000);
    const again = await get(sandbox, token, '/categories/root');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(sandbox.stats.overLimit).toBe(2);
  });

  it('keeps one window per token', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 1 } });
    const a = sandbox.issueToken();
    const b = sandbox.issueToken();
    expect((await get(sandbox, a, '/categories/root')).status).toBe(200);
    expect((await get(sandbox, a, '/categories/root')).status).toBe(403);
    expect((await get(sandbox, b, '/categories/root')).status).toBe(200);
  });

  it('does not count token requests, preflights or unauthenticated calls', async () => {
    const sandbox = createSandbox({ rateLimit: { limit: 2 } });
    await requestToken(sandbox);
    await sandbox.fetch(`${sandbox.baseUrl}/categories/root`, { method: 'OPTIONS' });
    await sandbox.fetch(`${sandbox.baseUrl}/categories/root`);
    const token = sandbox.issueToken();
    expect((await get(sandbox, token, '/categories/root')).headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('makes forbiddenBurst 403s look like rate-limit 403s', async () => {
    const sandbox = createSandbox({ faults: { forbiddenBurst: { every: 4, length: 2 } } });
    const token = sandbox.issueToken();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await get(sandbox, token, '/categories/root');
      statuses.push(response.status);
      if (response.status === 403) {
        expect(Object.keys((await response.json()) as object)).toEqual(['message']);
        expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
        expect(response.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
      }
    }
    expect(statuses).toEqual([200, 200, 403, 403, 200, 200, 403, 403]);
    expect(sandbox.stats.overLimit).toBe(0);
  });
});
