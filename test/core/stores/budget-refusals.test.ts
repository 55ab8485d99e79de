import { afterEach, describe, expect, it, vi } from 'vitest';
import { DailyLimitError } from '../../../src/index.js';
import { newSandbox, sandboxClient } from '../../helpers/index.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('calls the daily budget refuses before sending', () => {
  it('give their rate-window place back: with the day spent, every later call is refused at once, never queued', async () => {
    vi.useFakeTimers();
    const sandbox = newSandbox({ rateLimit: { limit: 10, windowMs: 60_000 } });
    const api = sandboxClient(sandbox, { dailyLimit: 5, cache: false });
    const waits: number[] = [];
    // 100 calls, one every 2 s (30 a minute, the window allows 10): 5 go out, 95 meet the spent budget.
    for (let i = 0; i < 100; i++) {
      const started = Date.now();
      const settled = api.catalog.categories.root().then(
        () => 'sent',
        (error: unknown) => (error instanceof DailyLimitError ? 'refused' : String(error)),
      );
      let outcome: string | undefined;
      void settled.then((o) => {
        outcome = o;
      });
      while (outcome === undefined && Date.now() - started < 120_000) await vi.advanceTimersByTimeAsync(10);
      waits.push(Date.now() - started);
      expect(outcome).toBe(i < 5 ? 'sent' : 'refused');
      await vi.advanceTimersByTimeAsync(Math.max(0, 2_000 - (Date.now() - started)));
    }
    expect(sandbox.apiCalls({ path: '/categories/root' })).toHaveLength(5);
    // The refused calls took no place in the window, so none waited for one.
    expect(Math.max(...waits.slice(5))).toBeLessThan(100);
  });
});
