import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { type ErrorsBody, get, obtainToken, requestToken } from './helpers.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2024-03-10T22:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('daily limit', () => {
  it('expires every token on the call over the limit and refuses new ones until the next UTC day', async () => {
    const sandbox = createSandbox({ dailyLimit: 3, rateLimit: { limit: 100 } });
    const a = await obtainToken(sandbox);
    const b = await obtainToken(sandbox);
    expect((await get(sandbox, a, '/categories/root')).status).toBe(200);
    expect((await get(sandbox, b, '/categories/root')).status).toBe(200);
    expect((await get(sandbox, a, '/categories/9999')).status).toBe(404);
    expect(sandbox.stats.dailyCalls).toBe(3);

    const over = await get(sandbox, b, '/categories/root');
    expect(over.status).toBe(401);
    expect(((await over.json()) as ErrorsBody).errors[0]?.code).toBe('DailyLimitExceeded');
    expect((await get(sandbox, a, '/categories/root')).status).toBe(401);

    const refused = await requestToken(sandbox);
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: string; error_description: string };
    expect(body.error).toBe('daily_limit_exceeded');
    expect(body.error_description).toContain('2024-03-11T00:00:00.000Z');

    vi.setSystemTime(new Date('2024-03-11T00:00:00Z'));
    expect(sandbox.stats.dailyCalls).toBe(0);
    const fresh = await obtainToken(sandbox);
    expect((await get(sandbox, fresh, '/categories/root')).status).toBe(200);
    expect((await get(sandbox, a, '/categories/root')).status).toBe(401);
  });

  it('startNextDay() simulates the next UTC day: the count starts over, the lockout ends, Date moves on', async () => {
    const sandbox = createSandbox({ dailyLimit: 1, rateLimit: { limit: 100 } });
    const a = await obtainToken(sandbox);
    const first = await get(sandbox, a, '/categories/root');
    expect(first.headers.get('date')).toBe('Sun, 10 Mar 2024 22:00:00 GMT');
    expect((await get(sandbox, a, '/categories/root')).status).toBe(401);
    expect((await requestToken(sandbox)).status).toBe(403);

    sandbox.startNextDay();
    expect(sandbox.stats.dailyCalls).toBe(0);
    const granted = await requestToken(sandbox);
    expect(granted.status).toBe(200);
    expect(granted.headers.get('date')).toBe('Mon, 11 Mar 2024 22:00:00 GMT');
    const fresh = await obtainToken(sandbox);
    expect((await get(sandbox, fresh, '/categories/root')).status).toBe(200);
    expect((await get(sandbox, fresh, '/categories/root')).status).toBe(401);

    sandbox.reset();
    expect((await get(sandbox, await obtainToken(sandbox), '/categories/root')).headers.get('date')).toBe(
      'Sun, 10 Mar 2024 22:00:00 GMT',
    );
  });

  it('counts rate-limited and failed calls too', async () => {
    const sandbox = createSandbox({ dailyLimit: 2, rateLimit: { limit: 1 } });
    const token = sandbox.issueToken();
    expect((await get(sandbox, token, '/categories/root')).status).toBe(200);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(403);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(401);
  });

  it('can be switched off', async () => {
    const sandbox = createSandbox({ dailyLimit: null, rateLimit: { limit: 10_000 } });
    const token = sandbox.issueToken();
    for (let i = 0; i < 1100; i++) await get(sandbox, token, '/categories/root');
    expect((await get(sandbox, token, '/categories/root')).status).toBe(200);
    expect(sandbox.stats.dailyCalls).toBe(1101);
  });
});
