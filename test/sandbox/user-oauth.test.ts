import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox, SANDBOX_USER_ID, SANDBOX_USERS } from '../../src/sandbox/index.js';
import {
  authorizationCode,
  authorize,
  errorOf,
  get,
  getJson,
  REDIRECT_URI,
  requestToken,
  send,
  signIn,
  type TokenPair,
} from './helpers.js';

afterEach(() => {
  vi.useRealTimers();
});

async function exchange(
  sandbox: ReturnType<typeof createSandbox>,
  code: string,
  redirectUri = REDIRECT_URI,
): Promise<Response> {
  return requestToken(sandbox, {
    grant_type: 'authorization_code',
    scope: undefined,
    code,
    redirect_uri: redirectUri,
  });
}

function refresh(sandbox: ReturnType<typeof createSandbox>, refreshToken: string): Promise<Response> {
  return requestToken(sandbox, {
    grant_type: 'refresh_token',
    scope: undefined,
    refresh_token: refreshToken,
  });
}

async function oauthErrorOf(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  return ((await response.json()) as { error: string }).error;
}

describe('authorize (step 1)', () => {
  it('approves as alice by default: 302 to redirect_uri with code and state', async () => {
    const sandbox = createSandbox();
    const response = await authorize(sandbox, { state: 'abc 123' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect([...location.searchParams.keys()]).toEqual(['code', 'state']);
    expect(location.searchParams.get('state')).toBe('abc 123');
    expect(sandbox.requests.at(-1)?.kind).toBe('oauth');
  });

  it('encodes the code exactly once: decoding once works, decoding twice breaks it', async () => {
    const sandbox = createSandbox();
    const response = await authorize(sandbox);
    const location = response.headers.get('location') ?? '';
    const raw = /[?&]code=([^&]+)/.exec(location)?.[1] ?? '';
    // The code needs URL-encoding: + / = and a % sequence, all percent-encoded in Location.
    expect(raw).toMatch(/%2B/);
    expect(raw).toMatch(/%2F/);
    expect(raw).toMatch(/%3D/);
    expect(raw).toMatch(/%25/);
    const once = decodeURIComponent(raw);
    expect(once).toMatch(/[+/=%]/);
    const twice = new URLSearchParams(`code=${once}`).get('code') ?? '';
    expect(twice).not.toBe(once);

    expect(await oauthErrorOf(await exchange(sandbox, twice), 400)).toBe('invalid_grant');
    // Still unused: the failed attempt did not spend it.
    expect((await exchange(sandbox, once)).status).toBe(200);
  });

  it('keeps an existing query of redirect_uri and leaves state out when none was sent', async () => {
    const sandbox = createSandbox();
    const response = await authorize(sandbox, { redirect_uri: `${REDIRECT_URI}?from=app`, state: undefined });
    const location = new URL(response.headers.get('location') ?? '');
    expect([...location.searchParams.keys()]).toEqual(['from', 'code']);
  });

  it('redirects with error=access_denied and the state when the user refuses', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ approve: false });
    const response = await authorize(sandbox, { state: 's-9' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${REDIRECT_URI}?error=access_denied&state=s-9`);
    // reset() brings approval back.
    sandbox.reset();
    expect(new URL((await authorize(sandbox)).headers.get('location') ?? '').searchParams.has('code')).toBe(
      true,
    );
  });

  it('redirects with error=invalid_scope for an unknown scope', async () => {
    const sandbox = createSandbox();
    const response = await authorize(sandbox, { scope: 'public admin' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('state')).toBe('st-1');
  });

  it.each(['client_id', 'redirect_uri', 'response_type', 'scope'])(
    'answers 400 invalid_request without %s',
    async (field) => {
      const sandbox = createSandbox();
      expect(await oauthErrorOf(await authorize(sandbox, { [field]: undefined }), 400)).toBe(
        'invalid_request',
      );
    },
  );

  it('refuses response_type other than code, a relative redirect_uri, and an unknown client', async () => {
    const sandbox = createSandbox();
    expect(await oauthErrorOf(await authorize(sandbox, { response_type: 'token' }), 400)).toBe(
      'invalid_request',
    );
    expect(await oauthErrorOf(await authorize(sandbox, { redirect_uri: '/callback' }), 400)).toBe(
      'invalid_request',
    );
    expect(await oauthErrorOf(await authorize(sandbox, { client_id: 'other' }), 401)).toBe('invalid_client');
  });

  it('signs in the user chosen by setAuthorization; unknown users throw', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ userId: SANDBOX_USERS.bob });
    const { access_token } = await signIn(sandbox);
    const { user } = await getJson<{ user: { id: number } }>(sandbox, access_token, '/user');
    expect(user.id).toBe(SANDBOX_USERS.bob);
    expect(() => sandbox.setAuthorization({ userId: 42 })).toThrow(/no user 42/);
  });
});

describe('code exchange (step 2)', () => {
  it('gives an access token, a refresh token, bearer type, lifetime and scope', async () => {
    const sandbox = createSandbox();
    const code = await authorizationCode(sandbox, 'public favorites');
    const response = await exchange(sandbox, code);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as TokenPair;
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: 'bearer',
      expires_in: 86_400,
      scope: 'public favorites',
    });
    const { user } = await getJson<{ user: { id: number } }>(sandbox, body.access_token, '/user');
    expect(user.id).toBe(SANDBOX_USER_ID);
  });

  it('takes a code once only', async () => {
    const sandbox = createSandbox();
    const code = await authorizationCode(sandbox);
    expect((await exchange(sandbox, code)).status).toBe(200);
    expect(await oauthErrorOf(await exchange(sandbox, code), 400)).toBe('invalid_grant');
  });

  it('refuses a code after 10 minutes', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox();
    const code = await authorizationCode(sandbox);
    vi.advanceTimersByTime(10 * 60_000);
    expect(await oauthErrorOf(await exchange(sandbox, code), 400)).toBe('invalid_grant');
  });

  it('refuses a made-up code and a redirect_uri other than step 1', async () => {
    const sandbox = createSandbox();
    expect(await oauthErrorOf(await exchange(sandbox, 'made-up'), 400)).toBe('invalid_grant');
    const code = await authorizationCode(sandbox);
    expect(await oauthErrorOf(await exchange(sandbox, code, 'https://elsewhere.test/cb'), 400)).toBe(
      'invalid_grant',
    );
  });

  it('needs code, redirect_uri and the client secret', async () => {
    const sandbox = createSandbox();
    const code = await authorizationCode(sandbox);
    const noCode = requestToken(sandbox, {
      grant_type: 'authorization_code',
      scope: undefined,
      redirect_uri: REDIRECT_URI,
    });
    expect(await oauthErrorOf(await noCode, 400)).toBe('invalid_request');
    const noRedirect = requestToken(sandbox, { grant_type: 'authorization_code', scope: undefined, code });
    expect(await oauthErrorOf(await noRedirect, 400)).toBe('invalid_request');
    const badSecret = requestToken(sandbox, {
      grant_type: 'authorization_code',
      scope: undefined,
      code,
      redirect_uri: REDIRECT_URI,
      client_secret: 'nope',
    });
    expect(await oauthErrorOf(await badSecret, 401)).toBe('invalid_client');
  });
});

describe('refresh', () => {
  it('gives a new access token and a rotated refresh token; the old refresh token stops working', async () => {
    const sandbox = createSandbox();
    const first = await signIn(sandbox);
    const response = await refresh(sandbox, first.refresh_token);
    expect(response.status).toBe(200);
    const second = (await response.json()) as TokenPair;
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.scope).toBe(first.scope);
    expect(await oauthErrorOf(await refresh(sandbox, first.refresh_token), 400)).toBe('invalid_grant');
    expect((await refresh(sandbox, second.refresh_token)).status).toBe(200);
  });

  it('leaves the old access token working until its own expiry', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox({ userTokenTtl: 600 });
    const first = await signIn(sandbox);
    vi.advanceTimersByTime(300_000);
    const second = (await (await refresh(sandbox, first.refresh_token)).json()) as TokenPair;
    expect((await get(sandbox, first.access_token, '/user')).status).toBe(200);
    vi.advanceTimersByTime(300_000);
    expect((await get(sandbox, first.access_token, '/user')).status).toBe(401);
    expect((await get(sandbox, second.access_token, '/user')).status).toBe(200);
  });

  it('needs refresh_token and refuses an unknown one', async () => {
    const sandbox = createSandbox();
    const missing = requestToken(sandbox, { grant_type: 'refresh_token', scope: undefined });
    expect(await oauthErrorOf(await missing, 400)).toBe('invalid_request');
    expect(await oauthErrorOf(await refresh(sandbox, 'made-up'), 400)).toBe('invalid_grant');
  });
});

describe('user tokens', () => {
  it('expire after userTokenTtl (default one day) with 401', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox();
    const { access_token, expires_in } = await signIn(sandbox);
    expect(expires_in).toBe(86_400);
    vi.advanceTimersByTime(86_399_000);
    expect((await get(sandbox, access_token, '/user')).status).toBe(200);
    vi.advanceTimersByTime(1_000);
    const late = await errorOf(await get(sandbox, access_token, '/user'), 401);
    expect(late.messages[0]).toMatch(/expired/);
  });

  it('expire with expireTokens(); their refresh token still renews them', async () => {
    const sandbox = createSandbox();
    const pair = await signIn(sandbox);
    sandbox.expireTokens();
    expect((await get(sandbox, pair.access_token, '/user')).status).toBe(401);
    const renewed = (await (await refresh(sandbox, pair.refresh_token)).json()) as TokenPair;
    expect((await get(sandbox, renewed.access_token, '/user')).status).toBe(200);
  });

  it('issueUserToken gives a working pair for any seeded user, scope and lifetime', async () => {
    vi.useFakeTimers();
    const sandbox = createSandbox();
    const all = sandbox.issueUserToken();
    expect(all).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 86_400,
      scope: 'public favorites notifications publish_sku_review_actions',
    });
    const bob = sandbox.issueUserToken({ userId: SANDBOX_USERS.bob, scope: 'notifications', ttl: 60 });
    expect(bob).toMatchObject({ expires_in: 60, scope: 'notifications' });
    const { user } = await getJson<{ user: { id: number } }>(sandbox, bob.access_token, '/user');
    expect(user.id).toBe(SANDBOX_USERS.bob);
    vi.advanceTimersByTime(60_000);
    expect((await get(sandbox, bob.access_token, '/user')).status).toBe(401);
    expect((await refresh(sandbox, bob.refresh_token)).status).toBe(200);
    expect(() => sandbox.issueUserToken({ userId: 1 })).toThrow(/no user 1/);
    expect(() => sandbox.issueUserToken({ scope: 'public admin' })).toThrow(/unknown scope admin/);
  });

  it('logout revokes the token, its sign-in and its refresh token, not other sign-ins', async () => {
    const sandbox = createSandbox();
    const first = await signIn(sandbox);
    const renewed = (await (await refresh(sandbox, first.refresh_token)).json()) as TokenPair;
    const other = sandbox.issueUserToken();
    const response = await send(sandbox, renewed.access_token, 'DELETE', '/user/logout');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect((await get(sandbox, renewed.access_token, '/user')).status).toBe(401);
    expect((await get(sandbox, first.access_token, '/user')).status).toBe(401);
    expect(await oauthErrorOf(await refresh(sandbox, renewed.refresh_token), 400)).toBe('invalid_grant');
    expect((await get(sandbox, other.access_token, '/user')).status).toBe(200);
  });

  it('get no new tokens while the daily limit is exhausted', async () => {
    const sandbox = createSandbox({ dailyLimit: 1 });
    const pair = await signIn(sandbox);
    await get(sandbox, pair.access_token, '/user');
    expect((await get(sandbox, pair.access_token, '/user')).status).toBe(401);
    expect(await oauthErrorOf(await refresh(sandbox, pair.refresh_token), 403)).toBe('daily_limit_exceeded');
    expect(await oauthErrorOf(await exchange(sandbox, await authorizationCode(sandbox)), 403)).toBe(
      'daily_limit_exceeded',
    );
  });
});

describe('the flow over a real server', () => {
  it('redirects with Location over HTTP, and the code exchanges there', async () => {
    const sandbox = createSandbox();
    const server = await sandbox.listen();
    try {
      const url = new URL(`${server.authUrl}/oauth2/authorizations/new`);
      url.search = new URLSearchParams({
        client_id: sandbox.clientId,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope: 'public',
      }).toString();
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const code = new URL(response.headers.get('location') ?? '').searchParams.get('code') ?? '';
      const token = await fetch(`${server.authUrl}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: sandbox.clientId,
          client_secret: sandbox.clientSecret,
          redirect_uri: REDIRECT_URI,
          code,
        }),
      });
      expect(token.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
