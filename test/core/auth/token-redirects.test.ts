import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, TokenError } from '../../../src/index.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';

const REDIRECT_URI = 'https://app.example/callback';
const STATUSES = [301, 302, 307, 308] as const;
/** Where a hostile redirect points: another origin, or the auth server's own origin (relative). */
const TARGETS = [
  { name: 'another origin', location: 'https://evil.example/steal?keep=1', origin: 'https://evil.example' },
  { name: 'the same origin', location: '/oauth2/elsewhere', origin: 'https://auth.sandbox.test' },
] as const;

interface Sent {
  method: string;
  url: string;
  body: string;
}

/**
 * A fetch that behaves like the platform's (it follows a redirect unless the request says
 * `redirect: 'manual'`, re-sending the body on 307/308 as browsers and undici do) over the sandbox,
 * and records every request that reaches anyone.
 */
function platformFetch(sandbox: Sandbox) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let request = new Request(input, init);
    for (let hop = 0; hop < 5; hop++) {
      const body = await request.clone().text();
      sent.push({ method: request.method, url: request.url, body });
      const response = await sandbox.fetch(request);
      const location = response.headers.get('location');
      if (request.redirect === 'manual' || response.status < 300 || response.status >= 400 || !location) {
        return response;
      }
      const next = new URL(location, request.url).href;
      const keepsBody = response.status === 307 || response.status === 308;
      request = new Request(next, {
        method: keepsBody ? request.method : 'GET',
        headers: request.headers,
        ...(keepsBody && request.method !== 'GET' ? { body } : {}),
      });
    }
    throw new TypeError('too many redirects');
  };
  return { fetch, sent };
}

function setup() {
  const sandbox = createSandbox();
  const { fetch, sent } = platformFetch(sandbox);
  const api = createClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    cache: false,
    maxRetries: 0,
    fetch,
  });
  return { sandbox, api, sent };
}

/** Signs the sandbox's default user in through the real code exchange. */
async function signIn(sandbox: Sandbox, api: ReturnType<typeof setup>['api']) {
  const { url } = api.auth.authorizationUrl({ redirectUri: REDIRECT_URI, scopes: ['public', 'favorites'] });
  const page = await sandbox.fetch(url, { redirect: 'manual' });
  return page.headers.get('location') as string;
}

function expectRedirectRefused(
  error: unknown,
  status: number,
  origin: string,
  secrets: readonly string[],
): asserts error is TokenError {
  expect(error).toBeInstanceOf(TokenError);
  const tokenError = error as TokenError;
  expect(tokenError.status).toBe(status);
  expect(tokenError.redirect?.location).toBe(origin);
  expect(tokenError.message).toContain(String(status));
  expect(tokenError.message).toContain(origin);
  expect(tokenError.message).not.toContain('/steal');
  expect(tokenError.body).toBeUndefined();
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(3);
    expect(tokenError.message).not.toContain(secret);
    expect(String(tokenError.stack)).not.toContain(secret);
    expect(tokenError.url).not.toContain(secret);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token requests never follow a redirect', () => {
  for (const status of STATUSES) {
    for (const target of TARGETS) {
      it(`client credentials: ${status} to ${target.name}`, async () => {
        const { sandbox, api, sent } = setup();
        sandbox.addRedirect({ from: '/oauth2/token', to: target.location, status, times: 1 });
        const error = await api.catalog.categories.root().catch((e: unknown) => e);
        expectRedirectRefused(error, status, target.origin, [sandbox.clientSecret]);
        // One request in all: the token POST. Nothing re-sent, no API call with any token.
        expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`POST ${sandbox.authUrl}/oauth2/token`]);
        expect(sandbox.requests.map((r) => r.kind)).toEqual(['oauth']);
        expect(sandbox.stats.tokenRequests).toBe(1);
      });

      it(`authorization code: ${status} to ${target.name}`, async () => {
        const { sandbox, api, sent } = setup();
        const callback = await signIn(sandbox, api);
        const code = new URL(callback).searchParams.get('code') as string;
        sandbox.addRedirect({ from: '/oauth2/token', to: target.location, status, times: 1 });
        const error = await api.auth.handleCallback(callback).catch((e: unknown) => e);
        expectRedirectRefused(error, status, target.origin, [sandbox.clientSecret, code]);
        expect(sent).toHaveLength(1);
        expect(sent[0]?.url).toBe(`${sandbox.authUrl}/oauth2/token`);
        expect(new URLSearchParams(sent[0]?.body).get('grant_type')).toBe('authorization_code');
        expect(sandbox.requests.filter((r) => r.kind === 'foreign')).toEqual([]);
        expect(await api.auth.signedIn()).toBe(false);
      });

      it(`refresh token: ${status} to ${target.name}`, async () => {
        const { sandbox, api, sent } = setup();
        const tokens = await api.auth.handleCallback(await signIn(sandbox, api));
        const refreshToken = tokens.refresh_token as string;
        sandbox.expireTokens();
        sandbox.addRedirect({ from: '/oauth2/token', to: target.location, status, times: 1 });
        sent.length = 0;
        const error = await api.user.get().catch((e: unknown) => e);
        expectRedirectRefused(error, status, target.origin, [
          sandbox.clientSecret,
          refreshToken,
          tokens.access_token,
        ]);
        // The 401 that asked for a refresh, then the one refresh POST: nothing else, nowhere else.
        expect(sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
          'GET /user',
          'POST /oauth2/token',
        ]);
        expect(new URLSearchParams(sent[1]?.body).get('grant_type')).toBe('refresh_token');
        expect(sandbox.requests.filter((r) => r.kind === 'foreign')).toEqual([]);
        // No token came from the redirect: the next call refreshes again, at the token endpoint.
        const user = await api.user.get();
        expect(user.id).toBeGreaterThan(0);
        expect(sent.slice(2).map((s) => `${s.method} ${s.url.replace(/\?.*$/, '')}`)).toEqual([
          `GET ${sandbox.baseUrl}/user`,
          `POST ${sandbox.authUrl}/oauth2/token`,
          `GET ${sandbox.baseUrl}/user`,
        ]);
      });
    }
  }
});

/** A fetch answering every token request with `answer()`, recording what was sent. */
function hostileFetch(answer: () => Response) {
  const sent: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push(`${request.method} ${request.url} redirect=${request.redirect}`);
    return answer();
  };
  return { fetch, sent };
}

function hostileClient(answer: () => Response) {
  const { fetch, sent } = hostileFetch(answer);
  const api = createClient({
    baseUrl: 'https://api.example',
    authUrl: 'https://auth.example',
    clientId: 'id',
    clientSecret: 'top-secret-value',
    maxRetries: 0,
    fetch,
  });
  return { api, sent };
}

describe('what a redirecting token endpoint says is never used', () => {
  it('a 307 whose body holds a token: no token taken, the body stays out of the error', async () => {
    const { api, sent } = hostileClient(
      () =>
        new Response(JSON.stringify({ access_token: 'stolen', echoed: 'top-secret-value' }), {
          status: 307,
          headers: { location: 'https://evil.example/x', 'content-type': 'application/json' },
        }),
    );
    const error = await api.catalog.categories.root().catch((e: unknown) => e);
    expectRedirectRefused(error, 307, 'https://evil.example', ['top-secret-value', 'stolen']);
    expect(sent).toEqual(['POST https://auth.example/oauth2/token redirect=manual']);
  });

  it("a browser's opaqueredirect (status 0) is refused too", async () => {
    const { api, sent } = hostileClient(() => {
      const response = new Response(null, { status: 200 });
      Object.defineProperties(response, {
        type: { value: 'opaqueredirect' },
        status: { value: 0 },
        ok: { value: false },
      });
      return response;
    });
    const error = await api.catalog.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).status).toBe(0);
    expect((error as TokenError).message).toMatch(/redirect/);
    expect((error as TokenError).message).not.toContain('top-secret-value');
    expect(sent).toHaveLength(1);
  });

  it('a fetch that followed a redirect anyway: its answer is not taken', async () => {
    const { api } = hostileClient(() => {
      const response = new Response(JSON.stringify({ access_token: 'stolen', expires_in: 3600 }), {
        status: 200,
      });
      Object.defineProperties(response, {
        redirected: { value: true },
        url: { value: 'https://evil.example/token' },
      });
      return response;
    });
    const error = await api.catalog.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).redirect).toEqual({ location: 'https://evil.example', followed: true });
  });

  it('an unparseable Location is named as such, still a TokenError', async () => {
    const { api } = hostileClient(
      () => new Response(null, { status: 302, headers: { location: 'http://[bad' } }),
    );
    const error = await api.catalog.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TokenError);
    expect((error as TokenError).redirect?.location).toBe('an unparseable Location');
  });
});
