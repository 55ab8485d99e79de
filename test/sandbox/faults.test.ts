import { describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { type ErrorsBody, get } from './helpers.js';

async function outcomes(sandbox: Sandbox, count: number): Promise<string[]> {
  const token = sandbox.issueToken();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    try {
      out.push(String((await get(sandbox, token, '/categories/root')).status));
    } catch (error) {
      out.push(error instanceof TypeError ? 'reset' : 'other');
    }
  }
  return out;
}

describe('faults', () => {
  it('fails a seeded share of requests, identically for the same seed', async () => {
    const options = { faults: { rate: 0.3, resetShare: 0.25 }, rateLimit: { limit: 1000 } };
    const first = await outcomes(createSandbox({ seed: 3, ...options }), 200);
    const again = await outcomes(createSandbox({ seed: 3, ...options }), 200);
    const other = await outcomes(createSandbox({ seed: 4, ...options }), 200);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    const failures = first.filter((o) => o !== '200');
    expect(failures.length).toBeGreaterThan(35);
    expect(failures.length).toBeLessThan(90);
    expect(new Set(failures)).toEqual(new Set(['500', '502', '503', '504', 'reset']));
  });

  it('answers faults in the errors format, with rate-limit headers, and counts them', async () => {
    const sandbox = createSandbox({ faults: { rate: 1, statuses: [503] } });
    const token = sandbox.issueToken();
    const response = await get(sandbox, token, '/categories/root');
    expect(response.status).toBe(503);
    expect(((await response.json()) as ErrorsBody).errors[0]?.code).toBe('ServiceUnavailable');
    expect(response.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(sandbox.stats.dailyCalls).toBe(1);
  });

  it('rejects like fetch on a connection reset', async () => {
    const sandbox = createSandbox();
    sandbox.failNext(1, 'reset');
    const error = await get(sandbox, sandbox.issueToken(), '/categories/root').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(((error as TypeError).cause as { code?: string }).code).toBe('ECONNRESET');
    expect(sandbox.apiCalls().at(-1)?.status).toBe(0);
  });

  it('failNext injects exact faults ahead of the seeded ones, then stops', async () => {
    const sandbox = createSandbox({ faults: { rate: 0 } });
    const token = sandbox.issueToken();
    sandbox.failNext(2, { status: 502 });
    sandbox.failNext(1, { status: 429, body: { custom: true }, headers: { 'Retry-After': '3' } });
    sandbox.failNext(1, { status: 403 });
    expect((await get(sandbox, token, '/categories/root')).status).toBe(502);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(502);
    const custom = await get(sandbox, token, '/categories/root');
    expect(custom.status).toBe(429);
    expect(custom.headers.get('retry-after')).toBe('3');
    expect(await custom.json()).toEqual({ custom: true });
    const forbidden = await get(sandbox, token, '/categories/root');
    expect(forbidden.status).toBe(403);
    expect(Object.keys((await forbidden.json()) as object)).toEqual(['message']);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(200);
  });

  it('never changes state: a failed call leaves the data and the next answers as they were', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    const before = await (await get(sandbox, token, '/categories/40/skus?per=5')).text();
    sandbox.failNext(1, { status: 500 });
    expect((await get(sandbox, token, '/categories/40/skus?per=5')).status).toBe(500);
    expect(await (await get(sandbox, token, '/categories/40/skus?per=5')).text()).toBe(before);
  });

  it('reset() restores the seeded fault sequence', async () => {
    const sandbox = createSandbox({ seed: 9, faults: { rate: 0.5 } });
    const first = await outcomes(sandbox, 20);
    sandbox.reset();
    expect(await outcomes(sandbox, 20)).toEqual(first);
  });
});
