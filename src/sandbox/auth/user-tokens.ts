import type { SandboxState } from '../state.js';
import type { TokenRecord } from './tokens.js';

/** The token endpoint's answer for a user: both tokens, as the spec's step 2 lists them. */
export interface UserTokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

export interface UserTokenInput {
  clientId: string;
  userId: number;
  scopes: readonly string[];
  /** Seconds. */
  ttl: number;
  /** The grant that minted it (authorization_code, refresh_token, direct). */
  grant: string;
  now: number;
  /** The sign-in a refresh continues; a new one when absent. */
  session?: number;
}

/** An access token of kind `user` and a refresh token, tied to one sign-in. */
export function issueUserTokens(state: SandboxState, input: UserTokenInput): UserTokenPair {
  const session = input.session ?? state.refreshTokens.newSession();
  const access = state.tokens.mint({
    clientId: input.clientId,
    kind: 'user',
    grant: input.grant,
    scopes: [...input.scopes],
    ttlSeconds: input.ttl,
    now: input.now,
    userId: input.userId,
    session,
  });
  const refresh = state.refreshTokens.issue({
    clientId: input.clientId,
    userId: input.userId,
    scopes: [...input.scopes],
    session,
  });
  return {
    access_token: access.token,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: input.ttl,
    scope: input.scopes.join(' '),
  };
}

/**
 * Logout: the token and every other token of its sign-in, refresh token included, stop working.
 * Other sign-ins of the same user are left alone, as on a real service.
 */
export function endSession(state: SandboxState, token: TokenRecord): void {
  token.revoked = true;
  if (token.session === undefined) return;
  state.tokens.revokeSession(token.session);
  state.refreshTokens.revokeSession(token.session);
}
