import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  DailyLimitError,
  PermissionDeniedError,
  RateLimitError,
  type RateLimitEvent,
  TokenError,
} from '../../../src/index.js';
import { newSandbox, sandboxClient } from '../../helpers/index.js';
import { drive } from '../../helpers/timers.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rate limit', () => {
  it('calls with room in the window go at once, without any timer', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 10, windowMs: 10_000 } });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    // No fake time passes: every call must complete on its own.
    for (let i = 0; i < 10; i++) await api.categories.root();
    expect(sandbox.apiCalls()).toHaveLength(10);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for the reset instead of going over: 35 calls, limit 10, zero 403s', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 10, windowMs: 10_000 } });
    const events: RateLimitEvent[] = [];
    const api = sandboxClient(sandbox, { cache: false, onRateLimit: (e) => void events.push(e) }).catalog;
    const start = Date.now();
    const results = await drive(
      Promise.all(Array.from({ length: 35 }, () => api.categories.root({ cache: 'no-store' }))),
    );
    expect(results).toHaveLength(35);
    expect(sandbox.stats.overLimit).toBe(0);
    expect(sandbox.apiCalls({ status: 200 })).toHaveLength(35);
    expect(Date.now() - start).toBeGreaterThanOrEqual(30_000);
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]?.reason).toBe('window');
  });

  it('late answers from a window that ran out, and calls released from the queue, never open extra places', async () => {
    // Answers come back in a different order from the requests, some just after their window ended.
    const sandbox = newSandbox({ rateLimit: { limit: 5, windowMs: 1_000 }, latencyMs: [0, 60], seed: 3 });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    const pages = await drive(api.categories.skus(40, { per: 5 }).concurrency(8).toArray(), 10);
    expect(pages).toHaveLength(340);
    const results = await drive(Promise.all(Array.from({ length: 40 }, () => api.categories.root())), 10);
    expect(results).toHaveLength(40);
    expect(sandbox.stats.overLimit).toBe(0);
  });

  it('a call aborted while it waits leaves the queue unsent, and the next one takes its place', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 2, windowMs: 10_000 } });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    await api.categories.root();
    await api.categories.root();
    const start = Date.now();
    const controller = new AbortController();
    const aborted = api.categories.skus(40, {}, { signal: controller.signal }).catch((e: unknown) => e);
    const next = api.categories.get(76);
    const last = api.categories.get(40);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await aborted).toBeInstanceOf(AbortError);
    const [b, c] = await drive(Promise.all([next, last]));
    expect([b.id, c.id]).toEqual([76, 40]);
    // Both go when the first window resets: the aborted call holds no place in it.
    expect(Date.now() - start).toBeLessThan(15_000);
    expect(sandbox.apiCalls().map((r) => r.path)).toEqual([
      '/categories/root',
      '/categories/root',
      '/categories/76',
      '/categories/40',
    ]);
    expect(sandbox.stats.overLimit).toBe(0);
  });

  it('follows X-RateLimit-Remaining when another process spends the same window', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 10, windowMs: 10_000 } });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    const { rateLimit } = await api.categories.root().withResponse();
    expect(rateLimit?.remaining).toBe(9);
    // Someone else spends 8 calls of this token's window.
    const token = sandbox.apiCalls()[0]?.token as string;
    for (let i = 0; i < 8; i++) {
      await sandbox.fetch(`${sandbox.baseUrl}/categories/root`, {
        headers: { authorization: `Bearer ${token}` },
      });
    }
    // One after another, the SDK learns from each answer that the window is spent, and waits.
    await drive(
      (async () => {
        for (let i = 0; i < 3; i++) await api.categories.root();
      })(),
    );
    expect(sandbox.stats.overLimit).toBe(0);
    expect(sandbox.apiCalls({ status: 200 })).toHaveLength(12);
  });

  it('a 403 {message} waits until X-RateLimit-Reset and retries; other 403s are not retried', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 100, windowMs: 30_000 } });
    const events: RateLimitEvent[] = [];
    const api = sandboxClient(sandbox, { onRateLimit: (e) => void events.push(e) }).catalog;
    const { rateLimit } = await api.categories.root({ cache: 'no-store' }).withResponse();
    const reset = (rateLimit?.reset ?? 0) * 1000;
    sandbox.failNext(1, { status: 403, body: { message: 'Rate limit exceeded' } });
    const root = await drive(api.categories.root({ cache: 'no-store' }));
    expect(root.parent_id).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(reset);
    expect(Date.now()).toBeLessThan(reset + 1_000);
    expect(sandbox.apiCalls().map((r) => r.status)).toEqual([200, 403, 200]);
    expect(events.map((e) => e.reason)).toEqual(['403']);

    sandbox.failNext(1, { status: 403, body: { errors: [{ code: 'Forbidden', messages: ['no'] }] } });
    await expect(api.categories.root({ cache: 'no-store' })).rejects.toBeInstanceOf(PermissionDeniedError);
    expect(sandbox.apiCalls()).toHaveLength(4);
  });

  it('onRateLimit returning false fails the call with RateLimitError instead of waiting', async () => {
    const sandbox = newSandbox({ rateLimit: { limit: 2, windowMs: 10_000 } });
    const api = sandboxClient(sandbox, { cache: false, onRateLimit: () => false }).catalog;
    await api.categories.root();
    await api.categories.root();
    await expect(api.categories.root()).rejects.toBeInstanceOf(RateLimitError);
    expect(sandbox.apiCalls()).toHaveLength(2);
  });

  it('a 304 counts against the window', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    await api.categories.root();
    const again = await api.categories.root({ cache: 'no-cache' }).withResponse();
    expect(sandbox.apiCalls().map((r) => r.status)).toEqual([200, 304]);
    expect(again.rateLimit?.remaining).toBe(98);
  });
});

describe('daily budget', () => {
  it('refuses the call that would exceed the budget, before sending it', async () => {
    const sandbox = newSandbox();
    const client = sandboxClient(sandbox, { dailyLimit: 3, cache: false });
    for (let i = 0; i < 3; i++) await client.catalog.categories.root();
    const error = await client.catalog.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DailyLimitError);
    expect((error as DailyLimitError).resetsAt.toISOString()).toMatch(/T00:00:00.000Z$/);
    expect(sandbox.apiCalls()).toHaveLength(3);
    expect(client.usage()).toMatchObject({ calls: 3, limit: 3, remaining: 0 });
  });

  it('starts again on the next UTC day; null turns it off', async () => {
    vi.setSystemTime(new Date('2026-11-22T23:59:00Z'));
    const sandbox = newSandbox({ dailyLimit: null });
    const client = sandboxClient(sandbox, { dailyLimit: 1, cache: false });
    await client.catalog.categories.root();
    await expect(client.catalog.categories.root()).rejects.toBeInstanceOf(DailyLimitError);
    expect(client.usage()).toMatchObject({ day: '2026-11-22', calls: 1 });
    vi.setSystemTime(new Date('2026-11-23T00:00:01Z'));
    await client.catalog.categories.root();
    expect(client.usage()).toMatchObject({ day: '2026-11-23', calls: 1 });
    // A clock set back is in its own day again (the in-memory store keeps one day's count).
    vi.setSystemTime(new Date('2026-11-22T23:59:30Z'));
    expect(client.usage().day).toBe('2026-11-22');
    vi.setSystemTime(new Date('2026-11-23T00:00:02Z'));
    const unlimited = sandboxClient(sandbox, { dailyLimit: null, cache: false });
    for (let i = 0; i < 5; i++) await unlimited.catalog.categories.root();
    expect(unlimited.usage()).toMatchObject({ calls: 5, limit: null, remaining: null });
  });

  it('when the server locks the client out, the token refusal says so and nothing loops', async () => {
    const sandbox = newSandbox({ dailyLimit: 2 });
    const api = sandboxClient(sandbox, { dailyLimit: null, cache: false }).catalog;
    await api.categories.root();
    await api.categories.root();
    const error = await api.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).status).toBe(403);
    expect((error as Error).message).toMatch(/refused.*daily/i);
    expect(sandbox.requests.filter((r) => r.kind === 'oauth')).toHaveLength(2);
    expect(sandbox.apiCalls().map((r) => r.status)).toEqual([200, 200, 401]);
  });
});
