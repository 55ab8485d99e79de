import { SANDBOX_USER_ID } from '../data/users.js';
import type { SandboxState } from '../state.js';
import type { AuthorizationSetting, UserTokenGrant } from '../types.js';
import { splitScopes, USER_SCOPES, unknownScopes } from './scopes.js';
import { issueUserTokens } from './user-tokens.js';

function checkUser(state: SandboxState, userId: number, control: string): void {
  if (!state.users.exists(userId)) {
    throw new Error(
      `sandbox.${control}: no user ${userId}; the seeded users are ${state.users.userIds().join(', ')}`,
    );
  }
}

/** `sandbox.setAuthorization`: a whole new decision, so earlier calls leave nothing behind. */
export function setAuthorization(state: SandboxState, setting: AuthorizationSetting = {}): void {
  const userId = setting.userId ?? SANDBOX_USER_ID;
  checkUser(state, userId, 'setAuthorization');
  state.authorization = { approve: setting.approve ?? true, userId, page: setting.page ?? false };
}

/**
 * `sandbox.issueUserToken`: what the authorization-code flow would give, without it. A mistyped
 * scope or user throws rather than minting a token that fails in a confusing way later.
 */
export function issueUserToken(
  state: SandboxState,
  options: { userId?: number; scope?: string; ttl?: number } = {},
): UserTokenGrant {
  const userId = options.userId ?? SANDBOX_USER_ID;
  checkUser(state, userId, 'issueUserToken');
  const scopes = options.scope === undefined ? [...USER_SCOPES] : splitScopes(options.scope);
  const unknown = unknownScopes(scopes);
  if (unknown.length > 0)
    throw new Error(
      `sandbox.issueUserToken: unknown scope ${unknown.join(', ')}; known: ${USER_SCOPES.join(' ')}`,
    );
  const pair = issueUserTokens(state, {
    clientId: state.options.clientId,
    userId,
    scopes,
    ttl: options.ttl ?? state.options.userTokenTtl,
    grant: 'direct',
    now: Date.now(),
  });
  return {
    access_token: pair.access_token,
    refresh_token: pair.refresh_token,
    expires_in: pair.expires_in,
    scope: pair.scope,
  };
}
