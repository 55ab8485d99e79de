import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { get, requestToken } from './helpers.js';

describe('token endpoint', () => {
  it('grants an application token for client credentials with scope public', async () => {
    const sandbox = createSandbox();
    const response = await requestToken(sandbox);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 1209600 });
    expect(sandbox.stats.tokenRequests).toBe(1);
    expect(sandbox.requests.at(-1)?.kind).toBe('oauth');
  });

  it('issues a fresh token on every request, the same sequence for the same seed', async () => {
    const tokens = async (seed: number) => {
      const sandbox = createSandbox({ seed });
      const out: string[] = [];
      for (let i = 0; i < 3; i++)
        out.push(((await (await requestToken(sandbox)).json()) as { access_token: string }).access_token);
      return out;
    };
    const first = await tokens(7);
    expect(new Set(first).size).toBe(3);
    expect(await tokens(7)).toEqual(first);
    expect(await tokens(8)).not.toEqual(first);
  });

  it('accepts a JSON body and HTTP Basic client authentication', async () => {
    const sandbox = createSandbox();
    const json = await sandbox.fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: sandbox.clientId,
        client_secret: sandbox.clientSecret,
        scope: 'public',
      }),
    });
    expect(json.status).toBe(200);
    const basic = await sandbox.fetch(`${sandbox.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'public' }),
    });
    expect(basic.status).toBe(200);
  });

  it.each([
    ['grant_type', 'invalid_request'],
    ['client_id', 'invalid_request'],
    ['client_secret', 'invalid_request'],
    ['scope', 'invalid_request'],
  ])('refuses a request without %s', async (field, error) => {
    const sandbox = createSandbox();
    const response = await requestToken(sandbox, { [field]: undefined });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error, error_description: expect.stringContaining('') });
  });

  it('refuses a wrong client with 401 invalid_client', async () => {
    const sandbox = createSandbox();
    const response = await requestToken(sandbox, { client_secret: 'nope' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('refuses any scope but public, and unknown grant types', async () => {
    const sandbox = createSandbox();
    const scope = await requestToken(sandbox, { scope: 'favorites' });
    expect(scope.status).toBe(400);
    expect(((await scope.json()) as { error: string }).error).toBe('invalid_scope');
    const grant = await requestToken(sandbox, { grant_type: 'password' });
    expect(grant.status).toBe(400);
    expect(((await grant.json()) as { error: string }).error).toBe('unsupported_grant_type');
  });

  it('serves the token endpoint on any host of the sandbox, routing by path', async () => {
    const sandbox = createSandbox();
    const response = await sandbox.fetch(`${sandbox.baseUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: sandbox.clientId,
        client_secret: sandbox.clientSecret,
        scope: 'public',
      }),
    });
    expect(response.status).toBe(200);
  });

  it('respects a custom client and token lifetime', async () => {
    const sandbox = createSandbox({ clientId: 'app', clientSecret: 's3cret', appTokenTtl: 60 });
    const response = await requestToken(sandbox);
    const body = (await response.json()) as { access_token: string; expires_in: number };
    expect(body.expires_in).toBe(60);
    expect((await get(sandbox, body.access_token, '/categories/root')).status).toBe(200);
  });
});
