import type { Grant } from './grant.js';
import { dailyLockRefusal, oauthError } from './oauth-answer.js';
import { issueUserTokens } from './user-tokens.js';

/**
 * Step 2: a code from the authorize endpoint, with the same `redirect_uri` as step 1, for an
 * access token and a refresh token. Anything wrong with the code is `invalid_grant`.
 */
export const authorizationCode: Grant = ({ state, params, clientId, now }) => {
  const code = params.get('code') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  const missing = [...(code === '' ? ['code'] : []), ...(redirectUri === '' ? ['redirect_uri'] : [])];
  if (missing.length > 0)
    return oauthError(400, 'invalid_request', `Missing required parameter: ${missing.join(', ')}`);
  const locked = dailyLockRefusal(state, clientId, now);
  if (locked) return locked;
  const redemption = state.codes.redeem(code, now);
  if (!redemption.ok) return oauthError(400, 'invalid_grant', redemption.reason);
  const { grant } = redemption;
  if (grant.clientId !== clientId)
    return oauthError(400, 'invalid_grant', 'The authorization code was issued to another client');
  if (grant.redirectUri !== redirectUri) {
    return oauthError(
      400,
      'invalid_grant',
      'The redirect_uri does not match the one of the authorization request',
    );
  }
  return {
    status: 200,
    body: {
      ...issueUserTokens(state, {
        clientId,
        userId: grant.userId,
        scopes: grant.scopes,
        ttl: state.options.userTokenTtl,
        grant: 'authorization_code',
        now,
      }),
    },
  };
};

/**
 * A new access token and a rotated refresh token: the refresh token sent stops working, while
 * access tokens already issued keep working until they expire. The scopes stay those granted.
 */
export const refreshToken: Grant = ({ state, params, clientId, now }) => {
  const token = params.get('refresh_token') ?? '';
  if (token === '') return oauthError(400, 'invalid_request', 'Missing required parameter: refresh_token');
  const locked = dailyLockRefusal(state, clientId, now);
  if (locked) return locked;
  const record = state.refreshTokens.use(token, clientId);
  if (!record) {
    return oauthError(400, 'invalid_grant', 'The refresh token is invalid, was already used, or was revoked');
  }
  return {
    status: 200,
    body: {
      ...issueUserTokens(state, {
        clientId,
        userId: record.userId,
        scopes: record.scopes,
        ttl: state.options.userTokenTtl,
        grant: 'refresh_token',
        now,
        session: record.session,
      }),
    },
  };
};
