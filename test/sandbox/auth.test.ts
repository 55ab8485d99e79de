import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { ACCEPT, type ErrorsBody, get, obtainToken } from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('API token rules', () => {
  it('needs a token', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(`${sandbox.baseUrl}/categories/root`);
    expect(response.status).toBe(401);
    const body = (await response.json()) as ErrorsBody;
    expect(body.errors[0]?.code).toBe('Unauthorized');
    expect(body.errors[0]?.messages.length).toBeGreaterThan(0);
  });

  it('accepts the token in the Authorization header or as oauth_token', async () => {
    const sandbox = createSandbox();
    const token = await obtainToken(sandbox);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(200);
    const query = await sandbox.fetch(`${sandbox.baseUrl}/categories/root?oauth_token=${token}`);
    expect(query.status).toBe(200);
    expect(sandbox.apiCalls().map((c) => c.token)).toEqual([token, token]);
  });

  it('refuses both transports at once with 400 in errors format', async () => {
    const sandbox = createSandbox();
    const token = await obtainToken(sandbox);
    const response = await sandbox.fetch(`${sandbox.baseUrl}/categories/root?oauth_token=${token}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorsBody).errors[0]?.code).toBe('InvalidRequest');
  });

  it('refuses unknown tokens', async () => {
    const sandbox = createSandbox();
    const response = await get(sandbox, 'made-up', '/categories/root');
    expect(response.status).toBe(401);
    expect(((await response.json()) as ErrorsBody).errors[0]?.messages[0]).toMatch(/invalid/);
  });

  it('refuses tokens after their lifetime and after expireTokens()', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox({ appTokenTtl: 60 });
    const token = await obtainToken(sandbox);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(200);
    vi.advanceTimersByTime(60_000);
    const late = await get(sandbox, token, '/categories/root');
    expect(late.status).toBe(401);
    expect(((await late.json()) as ErrorsBody).errors[0]?.messages[0]).toMatch(/expired/);

    const fresh = await obtainToken(sandbox);
    sandbox.expireTokens();
    expect((await get(sandbox, fresh, '/categories/root')).status).toBe(401);
    expect((await get(sandbox, await obtainToken(sandbox), '/categories/root')).status).toBe(200);
  });

  it('issueToken mints a token directly; a token without public cannot read the catalog', async () => {
    const sandbox = createSandbox();
    expect((await get(sandbox, sandbox.issueToken(), '/categories/root')).status).toBe(200);
    const narrow = await get(sandbox, sandbox.issueToken({ scope: 'favorites' }), '/categories/root');
    expect(narrow.status).toBe(403);
    expect(((await narrow.json()) as ErrorsBody).errors[0]?.code).toBe('InsufficientScope');
  });

  it('issueToken honours a ttl in seconds', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox();
    const token = sandbox.issueToken({ ttl: 5 });
    vi.advanceTimersByTime(5_000);
    expect((await get(sandbox, token, '/categories/root')).status).toBe(401);
  });

  it('answers 401s in the errors format with JSON content type', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(`${sandbox.baseUrl}/categories/40`, {
      headers: { Accept: ACCEPT() },
    });
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
});
