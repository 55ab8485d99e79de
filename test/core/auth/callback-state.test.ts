import { describe, expect, it } from 'vitest';
import { AccessDeniedError, createClient, InvalidRequestError } from '../../../src/index.js';
import { createSandbox, SANDBOX_USERS } from '../../../src/sandbox/index.js';

const REDIRECT = 'https://app.example/callback';

/** A client on the sandbox; `tokenPosts` lists every request that reached the token endpoint. */
function setup(sandbox = createSandbox()) {
  const tokenPosts: string[] = [];
  const api = createClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    cache: false,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname === '/oauth2/token') tokenPosts.push(await request.clone().text());
      return sandbox.fetch(request);
    },
  });
  return { sandbox, api, tokenPosts };
}

/** The user's browser: opens the authorization URL, returns the callback URL the sandbox sends back. */
async function approve(sandbox: ReturnType<typeof createSandbox>, url: string): Promise<URL> {
  const page = await sandbox.fetch(url, { redirect: 'manual' });
  return new URL(page.headers.get('location') as string);
}

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  return error as InvalidRequestError;
}

describe('handleCallback refuses a callback without the state this client issued', () => {
  it('a real code with its state stripped is refused, and no code exchange is sent', async () => {
    const { sandbox, api, tokenPosts } = setup();
    const { url } = api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const callback = await approve(sandbox, url);
    expect(callback.searchParams.get('code')).toBeTruthy();
    callback.searchParams.delete('state');
    const error = await refusal(api.auth.handleCallback(callback));
    expect(error.code).toBe('StateMismatch');
    expect(tokenPosts).toEqual([]);
    expect(sandbox.stats.tokenRequests).toBe(0);
    expect(await api.auth.signedIn()).toBe(false);
  });

  it('an injected code with no state, on a client that never started a sign-in, is refused', async () => {
    const { sandbox, api, tokenPosts } = setup();
    // The attacker's own code, from their own authorization.
    const attacker = setup(sandbox);
    const { url } = attacker.api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const code = (await approve(sandbox, url)).searchParams.get('code') as string;
    const error = await refusal(api.auth.handleCallback(`${REDIRECT}?code=${encodeURIComponent(code)}`));
    expect(error.code).toBe('StateMismatch');
    expect(tokenPosts).toEqual([]);
  });

  it('an error callback without state is refused the same way', async () => {
    const { api, tokenPosts } = setup();
    api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const error = await refusal(api.auth.handleCallback(`${REDIRECT}?error=access_denied`));
    expect(error.code).toBe('StateMismatch');
    expect(tokenPosts).toEqual([]);
  });

  it('a state is used once: the same callback again is refused without sending', async () => {
    const { sandbox, api, tokenPosts } = setup();
    const { url } = api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const callback = await approve(sandbox, url);
    await api.auth.handleCallback(callback);
    expect(tokenPosts).toHaveLength(1);
    expect((await refusal(api.auth.handleCallback(callback))).code).toBe('StateMismatch');
    expect(tokenPosts).toHaveLength(1);
  });

  it('with the expected state given explicitly (URL made by another process) the code is exchanged', async () => {
    const sandbox = createSandbox();
    const other = setup(sandbox);
    const { url, state } = other.api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const callback = await approve(sandbox, url);
    const { api, tokenPosts } = setup(sandbox);
    const tokens = await api.auth.handleCallback(callback, { state, redirectUri: REDIRECT });
    expect(tokens.access_token).toBeTruthy();
    expect(tokenPosts).toHaveLength(1);
    expect((await api.user.get()).id).toBe(SANDBOX_USERS.alice);
  });

  it('an explicit expected state does not let a callback without state through', async () => {
    const { sandbox, api, tokenPosts } = setup();
    const { url, state } = api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    const callback = await approve(sandbox, url);
    callback.searchParams.delete('state');
    expect((await refusal(api.auth.handleCallback(callback, { state }))).code).toBe('StateMismatch');
    expect((await refusal(api.auth.handleCallback(callback, { state: '' }))).code).toBe('InvalidParam');
    expect(tokenPosts).toEqual([]);
  });

  it('the state this client issued still works on its own, and a refusal after it is AccessDenied', async () => {
    const { sandbox, api } = setup();
    sandbox.setAuthorization({ approve: false });
    const { url } = api.auth.authorizationUrl({ redirectUri: REDIRECT, scopes: ['public'] });
    await expect(api.auth.handleCallback(await approve(sandbox, url))).rejects.toBeInstanceOf(
      AccessDeniedError,
    );
  });

  it('a callback that is not a URL is an InvalidRequestError, not a TypeError', async () => {
    const { api, tokenPosts } = setup();
    expect((await refusal(api.auth.handleCallback('not a url'))).code).toBe('InvalidCallback');
    expect(tokenPosts).toEqual([]);
  });
});
