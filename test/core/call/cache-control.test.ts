/**
 * What an answer's Cache-Control lets the client's cache do, directive by directive, as the API
 * (or a proxy in front of it) may spell it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../src/index.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A client whose API answers every GET with `cacheControl` (and an ETag); the requests it got. */
function clientAnswering(cacheControl: string) {
  const sent: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(request);
    const headers = { 'content-type': 'application/json', 'cache-control': cacheControl, etag: '"v1"' };
    if (request.headers.get('if-none-match') === '"v1"') return new Response(null, { status: 304, headers });
    return new Response(JSON.stringify({ category: { id: 40, name: 'Phones' } }), { status: 200, headers });
  };
  const api = createClient({
    baseUrl: 'https://api.example.test',
    token: 'static',
    fetch,
    validation: 'off',
  });
  const get = () => api.request<{ category: { id: number } }>({ method: 'GET', path: '/categories/40' });
  return { get, sent };
}

describe('Cache-Control, read directive by directive', () => {
  it.each([
    ['max-age=60', 1],
    ['private, max-age = 60', 1],
    ['max-age="60"', 1],
    ['x-no-store, max-age=60', 1],
    ['no-store, max-age=60', 2],
    ['x-max-age=60', 2],
  ])('%s: two calls within a minute send %i request(s)', async (cacheControl, requests) => {
    const { get, sent } = clientAnswering(cacheControl);
    const first = await get();
    vi.advanceTimersByTime(30_000);
    const second = await get();
    expect(second).toEqual(first);
    expect(sent).toHaveLength(requests);
  });

  it('no-cache with a max-age: every call asks again, with the ETag, and a 304 gives the stored answer', async () => {
    const { get, sent } = clientAnswering('no-cache, max-age=60');
    const first = await get();
    const second = await get();
    expect(second).toEqual(first);
    expect(sent.map((r) => r.headers.get('if-none-match'))).toEqual([null, '"v1"']);
  });
});
