import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AccessDeniedError,
  createClient,
  InvalidRequestError,
  TokenError,
  type TokenStore,
  type UserTokens,
} from '../../../src/index.js';
import { createSandbox, SANDBOX_USERS } from '../../../src/sandbox/index.js';
import { sandboxOptions } from '../../helpers/index.js';

const REDIRECT = 'https://app.example/callback';

/** A client on the sandbox whose token requests are captured (forms) for assertions. */
function setup(
  options: { tokenStore?: TokenStore; onTokens?: (t: UserTokens) => void; userTokenTtl?: number } = {},
) {
  const sandbox = createSandbox({ userTokenTtl: options.userTokenTtl });
  const forms: URLSearchParams[] = [];
  const api = createClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    cache: false,
    tokenStore: options.tokenStore,
    onTokens: options.onTokens,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/oauth2/token')
        forms.push(new URLSearchParams(await request.clone().text()));
      return sandbox.fetch(request);
    },
  });
  return { sandbox, api, forms };
}

/** Plays the user's browser: opens the authorization URL and returns where the sandbox redirects. */
async function authorize(sandbox: ReturnType<typeof createSandbox>, url: string): Promise<string> {
  const response = await sandbox.fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return response.headers.get('location') as string;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('authorization code flow', () => {
  it('builds step 1 with space-separated scopes and a generated state', () => {
    const { api, sandbox } = setup();
    const { url, state } = api.auth.authorizationUrl({
      redirectUri: REDIRECT,
      scopes: ['public', 'favorites'],
    });
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`${sandbox.authUrl}/oauth2/authorizations/new`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      client_id: sandbox.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'public favorites',
      state,
    });
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(
      api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'], state: 'mine' }).state,
    ).toBe('mine');
    expect(() => api.auth.authorizationUrl({ redirectUri: 'nope', scopes: ['public'] })).toThrow(
      InvalidRequestError,
    );
  });

  it('exchanges the code (decoded once) and then calls as the user', async () => {
    const tokens: UserTokens[] = [];
    const { api, sandbox, forms } = setup({ onTokens: (t) => tokens.push(t) });
    const { url } = api.auth.authorizationUrl({
      redirectUri: REDIRECT,
      scopes: ['public', 'favorites', 'notifications'],
    });
    const location = await authorize(sandbox, url);
    const code = new URL(location).searchParams.get('code') as string;
    expect(location).toMatch(/code=[^&]*%/); // the code needs URL-encoding, and arrives encoded
    expect(await api.auth.signedIn()).toBe(false);
    // Signed out, calls go with the application token (the second one takes it from the cache).
    await api.catalog.categories.root();
    await api.catalog.categories.root({ cache: 'no-store' });
    const appCalls = sandbox.apiCalls({ path: '/categories/root' });
    expect(appCalls).toHaveLength(2);
    expect(appCalls[1]?.token).toBe(appCalls[0]?.token);
    const signedIn = await api.auth.handleCallback(location);
    expect(forms.at(-1) && Object.fromEntries(forms.at(-1) as URLSearchParams)).toEqual({
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
      redirect_uri: REDIRECT,
      grant_type: 'authorization_code',
      code,
    });
    expect(signedIn.refresh_token).toBeTruthy();
    expect(tokens).toEqual([signedIn]);
    const user = await api.user.get();
    expect(user.id).toBe(SANDBOX_USERS.alice);
    expect(sandbox.apiCalls({ path: '/user' })[0]?.token).toBe(signedIn.access_token);
    // A user token with `public` also serves catalog calls: once signed in, never the app's again.
    await api.catalog.categories.root({ cache: 'no-store' });
    await api.catalog.categories.root({ cache: 'no-store' });
    const calls = sandbox.apiCalls({ path: '/categories/root' });
    expect(calls.slice(2).map((call) => call.token)).toEqual([signedIn.access_token, signedIn.access_token]);
    expect(signedIn.access_token).not.toBe(appCalls[0]?.token);
  });

  it('a refusal is an AccessDeniedError; a foreign state is refused; neither sends a token request', async () => {
    const { api, sandbox, forms } = setup();
    sandbox.setAuthorization({ approve: false });
    const { url } = api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const refused = await api.auth.handleCallback(await authorize(sandbox, url)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AccessDeniedError);
    expect(refused).toMatchObject({ code: 'access_denied' });
    await expect(api.auth.handleCallback(`${REDIRECT}?code=abc&state=forged`)).rejects.toMatchObject({
      code: 'StateMismatch',
    });
    expect(forms).toHaveLength(0);
  });

  it('a used code is refused by the server as a TokenError', async () => {
    const { api, sandbox } = setup();
    const { url, state } = api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const location = await authorize(sandbox, url);
    await api.auth.handleCallback(location);
    const again = await api.auth
      .handleCallback(location, { state, redirectUri: REDIRECT })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(TokenError);
    expect((again as TokenError).code).toBe('invalid_grant');
  });
});

describe('user token refresh', () => {
  async function signedIn(options: Parameters<typeof setup>[0] = {}) {
    const s = setup(options);
    const { url } = s.api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public', 'favorites'] });
    const tokens = await s.api.auth.handleCallback(await authorize(s.sandbox, url));
    return { ...s, tokens };
  }

  it('renews before expiry with the refresh token; the rotated one replaces the old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const seen: UserTokens[] = [];
    const { api, sandbox, forms, tokens } = await signedIn({
      userTokenTtl: 3600,
      onTokens: (t) => seen.push(t),
    });
    await api.user.get();
    vi.advanceTimersByTime(3600_000 - 61_000);
    await api.user.get();
    expect(forms).toHaveLength(1);
    vi.advanceTimersByTime(2_000);
    await api.user.get();
    expect(forms).toHaveLength(2);
    expect(Object.fromEntries(forms[1] as URLSearchParams)).toEqual({
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
    });
    const renewed = seen.at(-1) as UserTokens;
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(sandbox.apiCalls({ path: '/user' }).at(-1)?.token).toBe(renewed.access_token);
  });

  it('a 401 gets one refresh shared by concurrent callers; those still waiting go with the new token', async () => {
    const { api, sandbox, forms } = await signedIn();
    sandbox.expireTokens();
    const own = { cache: 'no-store' } as const;
    const users = await Promise.all([api.user.get(own), api.user.get(own), api.user.get(own)]);
    expect(users.every((u) => u.id === SANDBOX_USERS.alice)).toBe(true);
    expect(forms.map((f) => f.get('grant_type'))).toEqual(['authorization_code', 'refresh_token']);
    // The first call probes the new token's window alone; the others wait for its answer, and
    // the 401 it got has replaced the token by the time they go.
    expect(sandbox.apiCalls({ path: '/user', status: 401 })).toHaveLength(1);
    expect(sandbox.apiCalls({ path: '/user', status: 200 })).toHaveLength(3);
  });

  it('a token store signs a new client in at once; sign-out empties it and calls go back to the app token', async () => {
    const { sandbox } = setup();
    const grant = sandbox.issueUserToken({ userId: SANDBOX_USERS.bob });
    let stored: UserTokens | undefined = { ...grant, expires_at: Date.now() + grant.expires_in * 1000 };
    const store: TokenStore = {
      get: async () => stored,
      set: async (tokens) => {
        stored = tokens;
      },
    };
    const api = createClient({ ...sandboxOptions(sandbox), tokenStore: store, cache: false });
    expect((await api.user.get()).id).toBe(SANDBOX_USERS.bob);
    await api.auth.signOut();
    expect(stored).toBeUndefined();
    await api.catalog.categories.root();
    expect(sandbox.apiCalls().at(-1)?.token).not.toBe(grant.access_token);
    expect(sandbox.requests.filter((r) => r.kind === 'oauth').map((r) => r.status)).toEqual([200]);
  });

  it('a user token without a scope is refused before sending', async () => {
    const { sandbox } = setup();
    const grant = sandbox.issueUserToken({ scope: 'public notifications' });
    const api = createClient({
      baseUrl: sandbox.baseUrl,
      fetch: sandbox.fetch,
      getToken: () => grant,
    });
    await expect(api.favorites.list()).rejects.toMatchObject({ code: 'InsufficientScope' });
    await expect(api.skus.reviews.vote(2161866, 150024, { helpful: true })).rejects.toMatchObject({
      code: 'InsufficientScope',
    });
    expect(sandbox.apiCalls()).toHaveLength(0);
    expect((await api.notifications.list()).items.length).toBeGreaterThan(0);
  });
});
