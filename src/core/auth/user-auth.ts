import { AccessDeniedError, InvalidRequestError } from '../errors.js';
import type { Log } from '../observe/logger.js';
import type { LockStore } from '../stores/coordination.js';
import { requestToken, tokenCache } from './providers.js';
import {
  type AccessToken,
  fingerprint,
  invalidToken,
  isTokenValue,
  renewalTime,
  type TokenProvider,
} from './token.js';
import type { TokenStore, UserTokens } from './token-store.js';

export type { TokenStore, UserTokens };

/** Scopes a user can grant. */
export type UserScope = 'public' | 'favorites' | 'notifications' | 'publish_sku_review_actions';

export interface UserAuthConfig {
  /** Checked by the client: absolute http(s), without a trailing slash. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: typeof fetch;
  /** Where token requests are logged, at debug. */
  log?: Log | undefined;
  tokenStore?: TokenStore | undefined;
  onTokens?: ((tokens: UserTokens) => void) | undefined;
  /** Refreshes of one user's tokens run one at a time across every sharer of these locks. */
  locks?: LockStore | undefined;
}

/** Authorization requests this client remembers the state of, oldest dropped first. */
const MAX_PENDING_STATES = 100;

/**
 * The authorization-code flow and the user token it gives: the authorize URL, the callback, the
 * code exchange, and refreshes (before expiry and after a 401, one at a time, shared by every
 * caller; a rotated refresh token replaces the old one).
 * @internal Applications reach it through `client.auth`.
 */
export interface UserAuth extends TokenProvider {
  /**
   * Step 1: the URL to send the user to. `state` guards the callback against forgery; one is
   * generated when none is given, and `handleCallback` checks it.
   */
  authorizationUrl(params: { redirectUri: string; scopes: readonly UserScope[]; state?: string }): {
    url: string;
    state: string;
  };
  /**
   * Step 2: reads the redirect back (`?code=` or `?error=access_denied`), checks its state and
   * exchanges the code for the user's tokens. The callback must carry a state this client issued
   * (and has not used yet), or the one given as `expected.state`: a callback without it is refused
   * (`StateMismatch`) and nothing is sent, since an injected code would sign the user in as someone
   * else. `state` and `redirectUri` are needed only when the authorization URL was made by another
   * process.
   */
  handleCallback(
    callbackUrl: string | URL,
    expected?: { state?: string; redirectUri?: string },
  ): Promise<UserTokens>;
  /** Whether user tokens are at hand (signed in here, or in the token store). */
  signedIn(): Promise<boolean>;
  /** Forgets the user's tokens here and in the store. */
  signOut(): Promise<void>;
}

/** @internal The user's session of a client: see UserAuth. */
export function createUserAuth(config: UserAuthConfig): UserAuth {
  const { clientId, clientSecret, tokenStore } = config;
  let tokens: UserTokens | undefined;
  let loaded = false;
  const pending = new Map<string, { redirectUri: string }>();
  const cache = tokenCache((force) => current(force));

  /** The access token, refreshed first when it is (nearly) expired or when `force` after a 401. */
  async function current(force: boolean): Promise<AccessToken> {
    let held = await load();
    if (!held) {
      throw new InvalidRequestError(
        'No user is signed in: complete authorizationUrl() and handleCallback(), or give a tokenStore that has tokens',
        'NotSignedIn',
      );
    }
    if (force || expiresSoon(held)) held = await refreshOnce(held);
    // Tokens from the store are the application's records: one it cannot send fails typed here.
    if (!isTokenValue(held.access_token)) throw invalidToken();
    return {
      value: held.access_token,
      expiresAt: renewAt(held),
      scopes: held.scope?.split(/[\s,]+/).filter(Boolean),
      principal: `user:${fingerprint(held.access_token)}`,
    };
  }

  /**
   * One refresh at a time per user across every sharer of the lock store: a sharer that waited
   * for the lock reads the token store again and takes a pair refreshed meanwhile.
   */
  function refreshOnce(held: UserTokens): Promise<UserTokens> {
    const { locks } = config;
    if (!locks) return refresh(held);
    const name = `refresh:${fingerprint(held.refresh_token ?? held.access_token)}`;
    return locks.withLock(name, async () => {
      const now = tokenStore ? ((await tokenStore.get()) ?? undefined) : tokens;
      if (now && now.access_token !== held.access_token && !expiresSoon(now)) {
        tokens = now;
        return now;
      }
      return refresh(held);
    });
  }

  async function refresh(held: UserTokens): Promise<UserTokens> {
    if (!held.refresh_token) {
      throw new InvalidRequestError('The user token expired and there is no refresh token', 'NotSignedIn');
    }
    const answer = await requestToken(config, {
      client_id: clientId,
      client_secret: clientSecret,
      refresh_token: held.refresh_token,
      grant_type: 'refresh_token',
    });
    // A server that does not rotate refresh tokens leaves the old one valid.
    return save({ refresh_token: held.refresh_token, scope: held.scope, ...answer });
  }

  async function save(answer: {
    access_token: string;
    refresh_token?: string | undefined;
    expires_in?: number | undefined;
    scope?: string | undefined;
  }): Promise<UserTokens> {
    const saved: UserTokens = {
      access_token: answer.access_token,
      refresh_token: answer.refresh_token,
      expires_at: typeof answer.expires_in === 'number' ? Date.now() + answer.expires_in * 1000 : undefined,
      expires_in: answer.expires_in,
      scope: answer.scope,
    };
    tokens = saved;
    loaded = true;
    cache.clear();
    await tokenStore?.set(saved);
    config.onTokens?.(saved);
    return saved;
  }

  async function load(): Promise<UserTokens | undefined> {
    if (!loaded && tokenStore) {
      tokens = (await tokenStore.get()) ?? undefined;
    }
    loaded = true;
    return tokens;
  }

  return {
    authorizationUrl(params) {
      if (!URL.canParse(params.redirectUri)) {
        throw new InvalidRequestError('redirectUri must be an absolute URL', 'InvalidParam', 'redirectUri');
      }
      if (!Array.isArray(params.scopes) || params.scopes.length === 0) {
        throw new InvalidRequestError('scopes must name at least one scope', 'InvalidParam', 'scopes');
      }
      const state = params.state ?? randomState();
      pending.set(state, { redirectUri: params.redirectUri });
      if (pending.size > MAX_PENDING_STATES) pending.delete(pending.keys().next().value as string);
      const query = new URLSearchParams({
        client_id: clientId,
        redirect_uri: params.redirectUri,
        response_type: 'code',
        scope: params.scopes.join(' '),
        state,
      });
      return { url: new URL(`${config.authUrl}/oauth2/authorizations/new?${query}`).href, state };
    },

    async handleCallback(callbackUrl, expected = {}) {
      if (!URL.canParse(callbackUrl)) {
        throw new InvalidRequestError('The callback URL must be an absolute URL', 'InvalidCallback', 'url');
      }
      const url = new URL(callbackUrl);
      // URLSearchParams decodes once: the code goes into the form exactly as issued, never decoded twice.
      const params = url.searchParams;
      const returned = params.get('state') ?? undefined;
      const known = returned === undefined ? undefined : pending.get(returned);
      if (expected.state !== undefined && (typeof expected.state !== 'string' || expected.state === '')) {
        throw new InvalidRequestError('expected.state must be a non-empty string', 'InvalidParam', 'state');
      }
      if (expected.state !== undefined ? returned !== expected.state : !known) {
        throw new InvalidRequestError(
          'The callback state does not match the authorization request',
          'StateMismatch',
          'state',
        );
      }
      if (returned !== undefined) pending.delete(returned);
      const error = params.get('error');
      if (error) throw new AccessDeniedError(error, params.get('error_description') ?? undefined);
      const code = params.get('code');
      if (!code)
        throw new InvalidRequestError(
          'The callback URL has neither code nor error',
          'InvalidCallback',
          'code',
        );
      const redirectUri = expected.redirectUri ?? known?.redirectUri ?? `${url.origin}${url.pathname}`;
      const answer = await requestToken(config, {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: redirectUri,
        grant_type: 'authorization_code',
        code,
      });
      return save(answer);
    },

    signedIn: async () => (await load()) !== undefined,

    async signOut() {
      tokens = undefined;
      cache.clear();
      await tokenStore?.set(undefined);
    },

    get: (signal) => cache.get(signal),
    renew: (failed, signal) => cache.renew(failed, signal),
  };
}

/** When to renew the user's access token (a lifetime not told counts as long). */
function renewAt(tokens: UserTokens): number | undefined {
  if (tokens.expires_at === undefined) return undefined;
  return renewalTime(tokens.expires_at, (tokens.expires_in ?? Number.POSITIVE_INFINITY) * 1000);
}

function expiresSoon(tokens: UserTokens): boolean {
  const at = renewAt(tokens);
  return at !== undefined && Date.now() >= at;
}

/** 128 random bits, URL-safe. */
function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
