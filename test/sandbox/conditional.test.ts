import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { ACCEPT, get } from './helpers.js';

describe('conditional requests', () => {
  it('sends a weak ETag and answers 304 to a matching If-None-Match, counted as a call', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    const first = await get(sandbox, token, '/categories/40');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('max-age=300, private');

    const second = await get(sandbox, token, '/categories/40', { 'If-None-Match': etag ?? '' });
    expect(second.status).toBe(304);
    expect(await second.text()).toBe('');
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('x-ratelimit-remaining')).toBe('98');
    expect(sandbox.apiCalls({ status: 304 })).toHaveLength(1);

    const strong = await get(sandbox, token, '/categories/40', {
      'If-None-Match': (etag ?? '').replace('W/', ''),
    });
    expect(strong.status).toBe(304);
    const other = await get(sandbox, token, '/categories/40', { 'If-None-Match': 'W/"0000"' });
    expect(other.status).toBe(200);
  });

  it('gives equal bodies equal ETags, and different versions different ones', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    const a = (await get(sandbox, token, '/categories/40/skus?per=3')).headers.get('etag');
    const b = (await get(sandbox, token, '/categories/40/skus?per=3')).headers.get('etag');
    const old = (
      await get(sandbox, token, '/categories/40/skus?per=3', { Accept: ACCEPT('3.0') })
    ).headers.get('etag');
    expect(a).toBe(b);
    expect(old).not.toBe(a);
  });

  it('sends no ETag on errors, and no-cache', async () => {
    const sandbox = createSandbox();
    const response = await get(sandbox, sandbox.issueToken(), '/categories/9999');
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers HEAD like GET without a body', async () => {
    const sandbox = createSandbox();
    const token = sandbox.issueToken();
    const head = await sandbox.fetch(`${sandbox.baseUrl}/categories/40`, {
      method: 'HEAD',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe((await get(sandbox, token, '/categories/40')).headers.get('etag'));
    expect(await head.text()).toBe('');
  });
});
