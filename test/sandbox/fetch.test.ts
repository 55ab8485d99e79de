import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { tokenRequestBody } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('sandbox.fetch', () => {
  it('accepts a URL, a string or a Request', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    const headers = { Authorization: `Bearer ${token}` };
    const url = `${sandbox.baseUrl}/categories/40`;
    expect((await sandbox.fetch(new URL(url), { headers })).status).toBe(200);
    expect((await sandbox.fetch(url, { headers })).status).toBe(200);
    expect((await sandbox.fetch(new Request(url, { headers }))).status).toBe(200);
  });

  it('reads a Request passed on its own as it is: its body, and its signal for an abort', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    const tokenResponse = await sandbox.fetch(
      new Request(`${sandbox.authUrl}/oauth2/token`, {
        method: 'POST',
        body: tokenRequestBody(sandbox),
      }),
      {},
    );
    expect(tokenResponse.status).toBe(200);
    const controller = new AbortController();
    controller.abort();
    const request = new Request(`${sandbox.baseUrl}/categories/40`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const error = await sandbox.fetch(request).catch((e: unknown) => e);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('rejects with the signal reason when aborted before the call', async () => {
    const sandbox = createSandbox();
    const controller = new AbortController();
    controller.abort();
    const error = await sandbox
      .fetch(`${sandbox.baseUrl}/categories/40`, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    const custom = new AbortController();
    const reason = new Error('mine');
    custom.abort(reason);
    await expect(sandbox.fetch(`${sandbox.baseUrl}/categories/40`, { signal: custom.signal })).rejects.toBe(
      reason,
    );
  });

  it('waits the configured latency on the timers, and an abort during it rejects', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox({ latencyMs: 1000 });
    const token = sandbox.issueToken();
    let settled = false;
    const pending = sandbox
      .fetch(`${sandbox.baseUrl}/categories/40`, { headers: { Authorization: `Bearer ${token}` } })
      .then((r) => {
        settled = true;
        return r;
      });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);

    const controller = new AbortController();
    const aborted = sandbox.fetch(`${sandbox.baseUrl}/categories/40`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    const outcome = aborted.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    expect(((await outcome) as DOMException).name).toBe('AbortError');
    expect(sandbox.stats.dailyCalls).toBe(1);
  });

  it('draws latencies from a range without touching token or OAuth requests', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox({ latencyMs: [100, 200] });
    const tokenResponse = await sandbox.fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      body: tokenRequestBody(sandbox),
    });
    expect(tokenResponse.status).toBe(200);
    const pending = sandbox.fetch(`${sandbox.baseUrl}/categories/40`, {
      headers: { Authorization: `Bearer ${sandbox.issueToken()}` },
    });
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).status).toBe(200);
  });
});
