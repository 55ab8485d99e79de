import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, createClient, InvalidRequestError, TokenError } from '../../../src/index.js';
import { newSandbox, sandboxClient } from '../../helpers/index.js';

const oauthCalls = (sandbox: ReturnType<typeof newSandbox>) =>
  sandbox.requests.filter((r) => r.kind === 'oauth');

afterEach(() => {
  vi.useRealTimers();
});

describe('application token (client credentials)', () => {
  it('sends the spec form once and reuses the token for later calls', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    await api.categories.root();
    await api.categories.list();
    await api.manufacturers.list();
    expect(oauthCalls(sandbox)).toHaveLength(1);
    expect(sandbox.apiCalls()).toHaveLength(3);
    const tokens = new Set(sandbox.apiCalls().map((r) => r.token));
    expect(tokens.size).toBe(1);
  });

  it('posts client_id, client_secret, grant_type=client_credentials and scope=public as a form', async () => {
    const sandbox = newSandbox();
    const forms: string[] = [];
    const api = sandboxClient(sandbox, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (new URL(request.url).pathname === '/oauth2/token') {
          expect(request.headers.get('content-type')).toMatch(/application\/x-www-form-urlencoded/);
          forms.push(await request.clone().text());
        }
        return sandbox.fetch(request);
      },
    }).catalog;
    await api.categories.root();
    const form = new URLSearchParams(forms[0]);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'client_credentials',
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
      scope: 'public',
    });
  });

  it('makes exactly one token request for N concurrent first calls', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    // no-store: each call sends its own request (identical GETs in flight would share one).
    const results = await Promise.all(
      Array.from({ length: 12 }, () => api.categories.root({ cache: 'no-store' })),
    );
    expect(results.every((c) => c.parent_id === 0)).toBe(true);
    expect(oauthCalls(sandbox)).toHaveLength(1);
    expect(sandbox.apiCalls()).toHaveLength(12);
  });

  it('renews shortly before expires_in runs out, not earlier', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sandbox = newSandbox({ appTokenTtl: 3600 });
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    await api.categories.root();
    vi.advanceTimersByTime(3600_000 - 61_000);
    await api.categories.root();
    expect(oauthCalls(sandbox)).toHaveLength(1);
    vi.advanceTimersByTime(2_000); // 59 s before expiry: inside the renewal margin
    await api.categories.root();
    expect(oauthCalls(sandbox)).toHaveLength(2);
    expect(sandbox.apiCalls().every((r) => r.status === 200)).toBe(true);
  });

  it('answers a 401 with one new token and one replay', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    await api.categories.root();
    sandbox.expireTokens();
    const root = await api.categories.root();
    expect(root.parent_id).toBe(0);
    expect(oauthCalls(sandbox)).toHaveLength(2);
    expect(sandbox.apiCalls().map((r) => r.status)).toEqual([200, 401, 200]);
  });

  it('shares one renewal between concurrent calls that all got a 401', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { cache: false }).catalog;
    await api.categories.root();
    sandbox.expireTokens();
    await Promise.all(Array.from({ length: 5 }, () => api.categories.root({ cache: 'no-store' })));
    expect(oauthCalls(sandbox)).toHaveLength(2);
    expect(sandbox.apiCalls({ status: 401 })).toHaveLength(5);
    expect(sandbox.apiCalls({ status: 200 })).toHaveLength(6);
  });

  it('never loops: a second 401 is thrown as AuthenticationError', async () => {
    const sandbox = newSandbox();
    let apiRequests = 0;
    const api = sandboxClient(sandbox, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (new URL(request.url).pathname.startsWith('/oauth2/')) return sandbox.fetch(request);
        apiRequests++;
        return Response.json({ errors: [{ code: 'Unauthorized', messages: ['expired'] }] }, { status: 401 });
      },
    }).catalog;
    await expect(api.categories.root()).rejects.toBeInstanceOf(AuthenticationError);
    expect(apiRequests).toBe(2);
    expect(oauthCalls(sandbox)).toHaveLength(2);
  });

  it('refused credentials give a TokenError that shows no secret', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { clientSecret: 'wrong-secret-value' }).catalog;
    const error = await api.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).status).toBe(401);
    expect(String((error as Error).message)).not.toContain('wrong-secret-value');
    expect(JSON.stringify(error)).not.toContain('wrong-secret-value');
    expect(sandbox.apiCalls()).toHaveLength(0);
  });
});

describe('static token and getToken callback', () => {
  it('uses a static token, and cannot replay after a 401', async () => {
    const sandbox = newSandbox();
    const token = sandbox.issueToken();
    const api = createClient({ baseUrl: sandbox.baseUrl, token, fetch: sandbox.fetch, cache: false }).catalog;
    expect((await api.categories.root()).parent_id).toBe(0);
    sandbox.expireTokens();
    await expect(api.categories.root()).rejects.toBeInstanceOf(AuthenticationError);
    expect(sandbox.apiCalls().map((r) => r.status)).toEqual([200, 401]);
    expect(oauthCalls(sandbox)).toHaveLength(0);
  });

  it('calls getToken once, then again with forceRefresh after a 401', async () => {
    const sandbox = newSandbox();
    const calls: boolean[] = [];
    const api = createClient({
      baseUrl: sandbox.baseUrl,
      fetch: sandbox.fetch,
      cache: false,
      getToken: async ({ forceRefresh }) => {
        calls.push(forceRefresh);
        return { access_token: sandbox.issueToken(), expires_in: 3600 };
      },
    }).catalog;
    await api.categories.root();
    await api.categories.root();
    expect(calls).toEqual([false]);
    sandbox.expireTokens();
    await api.categories.root();
    expect(calls).toEqual([false, true]);
  });
});

describe('token transport and Accept header', () => {
  it('header transport: Authorization bearer, no oauth_token', async () => {
    const sandbox = newSandbox();
    await sandboxClient(sandbox, { cache: false }).catalog.categories.root();
    const [call] = sandbox.apiCalls();
    expect(call?.headers.get('authorization')).toMatch(/^Bearer \S+$/);
    expect(call?.query.has('oauth_token')).toBe(false);
    expect(call?.headers.get('accept')).toBe('application/vnd.skroutz+json; version=3.2');
  });

  it('query transport: oauth_token, no Authorization header; errors never show the token', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, { tokenTransport: 'query' }).catalog;
    await api.categories.root();
    const [call] = sandbox.apiCalls();
    expect(call?.headers.get('authorization')).toBeNull();
    expect(call?.query.get('oauth_token')).toBe(call?.token);
    const error = await api.categories.get(999_999).catch((e: unknown) => e);
    expect(String((error as Error).message)).not.toContain(String(call?.token));
    expect(String((error as Error).message)).toContain('/categories/999999');
  });

  it('vendor word and apiVersion are configurable; a patch part is dropped', async () => {
    const sandbox = newSandbox({ vendor: 'acme' });
    await sandboxClient(sandbox, { vendor: 'acme', apiVersion: '3.1.2' }).catalog.categories.root();
    expect(sandbox.apiCalls()[0]?.headers.get('accept')).toBe('application/vnd.acme+json; version=3.1');
  });
});

describe('createClient option checks', () => {
  it('rejects missing or conflicting auth and bad options before any request', () => {
    const sandbox = newSandbox();
    const base = { baseUrl: sandbox.baseUrl, fetch: sandbox.fetch };
    expect(() => createClient({ ...base })).toThrow(InvalidRequestError);
    expect(() => createClient({ ...base, token: 't', clientId: 'x', clientSecret: 'y' })).toThrow(
      /clientId is given with token \(createClient takes exactly one of token, getToken, clientId with clientSecret, or auth: 'none'\)/,
    );
    expect(() => createClient({ ...base, clientId: 'x', clientSecret: 'y' })).toThrow(/authUrl/);
    expect(() => createClient({ ...base, token: 't', baseUrl: 'not a url' })).toThrow(/baseUrl/);
    // @ts-expect-error: not a version the SDK can ask for
    expect(() => createClient({ ...base, token: 't', apiVersion: '2.9' })).toThrow(/apiVersion/);
    // @ts-expect-error: not a transport
    expect(() => createClient({ ...base, token: 't', tokenTransport: 'both' })).toThrow(/tokenTransport/);
    expect(sandbox.requests).toHaveLength(0);
  });
});
