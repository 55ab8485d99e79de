/** `api.forUser()`: whose token a client for one user goes with, checked before the client is made. */
import { callbackTokenProvider, staticTokenProvider } from '../core/auth/providers.js';
import { isTokenValue, TOKEN_RULE, type TokenInput, type TokenProvider } from '../core/auth/token.js';
import type { TokenStore, UserAuth, UserTokens } from '../core/auth/user-auth.js';
import { unsetOption } from './option-names.js';
import { invalidOption } from './options.js';

/** Who a `forUser` client speaks for: a user's access token, their token store, or a callback. */
export type UserPrincipal =
  | { token: string }
  | { tokenStore: TokenStore; onTokens?: ((tokens: UserTokens) => void) | undefined }
  | { getToken: (context: { forceRefresh: boolean }) => TokenInput | Promise<TokenInput> };

/** @internal The tokens (and, for a token store, the session) of a `forUser` client. */
export function principalOf(
  user: UserPrincipal,
  userAuth: (
    tokenStore: TokenStore,
    onTokens: ((tokens: UserTokens) => void) | undefined,
  ) => UserAuth | undefined,
): { tokens: TokenProvider; session: UserAuth | undefined } {
  const needs = 'needs { token }, { tokenStore } or { getToken }';
  if (typeof user !== 'object' || user === null) throw invalidOption('forUser', needs);
  if ('token' in user) {
    if (!isTokenValue(user.token)) {
      throw invalidOption('forUser', `token ${user.token === undefined ? unsetOption('token') : TOKEN_RULE}`);
    }
    return { tokens: staticTokenProvider(user.token), session: undefined };
  }
  if ('getToken' in user) {
    if (typeof user.getToken !== 'function') throw invalidOption('forUser', 'getToken must be a function');
    return { tokens: callbackTokenProvider(user.getToken), session: undefined };
  }
  if ('tokenStore' in user && user.tokenStore) {
    const session = userAuth(user.tokenStore, user.onTokens);
    if (!session) {
      throw invalidOption(
        'forUser',
        '{ tokenStore } needs the client to have clientId, clientSecret and authUrl',
      );
    }
    return { tokens: session, session };
  }
  throw invalidOption('forUser', needs);
}
