import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { get, requestToken } from './helpers.js';

describe('CORS', () => {
  it('answers a preflight with 204 and the allowed methods and headers, without a token', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(`${sandbox.baseUrl}/categories/40/skus`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining(['Authorization', 'Accept', 'Content-Type', 'If-None-Match']),
    );
    expect(sandbox.requests.at(-1)?.kind).toBe('preflight');
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it('exposes the headers a browser client reads, on every answer', async () => {
    const sandbox = createSandbox();
    const responses = [
      await get(sandbox, sandbox.issueToken(), '/categories/40'),
      await get(sandbox, 'bad', '/categories/40'),
      await requestToken(sandbox),
    ];
    for (const response of responses) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').split(/,\s*/);
      expect(exposed).toEqual(
        expect.arrayContaining([
          'ETag',
          'Link',
          'Location',
          'Cache-Control',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
        ]),
      );
    }
  });
});

describe('request log', () => {
  it('records every request in order, with kind, status, token and query', async () => {
    const sandbox = createSandbox();
    await requestToken(sandbox);
    await sandbox.fetch(`${sandbox.baseUrl}/x`, { method: 'OPTIONS' });
    const token = sandbox.issueToken();
    await get(sandbox, token, '/categories/40/skus?filter_ids[]=1&filter_ids[]=2');
    await sandbox.fetch('https://elsewhere.sandbox.test/y');
    expect(sandbox.requests.map((r) => r.kind)).toEqual(['oauth', 'preflight', 'api', 'foreign']);
    const [call] = sandbox.apiCalls();
    expect(call).toMatchObject({ method: 'GET', path: '/categories/40/skus', status: 200, token });
    expect(call?.query.getAll('filter_ids[]')).toEqual(['1', '2']);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(typeof call?.time).toBe('number');
    expect(sandbox.apiCalls({ path: /skus$/, method: 'get', status: 200 })).toHaveLength(1);
    expect(sandbox.apiCalls({ status: 404 })).toHaveLength(0);
    expect(sandbox.stats).toMatchObject({ tokenRequests: 1, apiCalls: 1, dailyCalls: 1, overLimit: 0 });
    sandbox.clearRequests();
    expect(sandbox.requests).toEqual([]);
    expect(sandbox.stats.apiCalls).toBe(1);
  });

  it('reset() clears the log, the stats and every token', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    await get(sandbox, token, '/categories/40');
    sandbox.reset();
    expect(sandbox.requests).toEqual([]);
    expect(sandbox.stats).toEqual({ tokenRequests: 0, apiCalls: 0, dailyCalls: 0, overLimit: 0 });
    expect((await get(sandbox, token, '/categories/40')).status).toBe(401);
  });
});
