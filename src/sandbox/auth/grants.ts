import type { Grant } from './grant.js';
import { dailyLockRefusal, oauthError } from './oauth-answer.js';
import { authorizationCode, refreshToken } from './user-grants.js';

const APPLICATION_SCOPES = ['public'];

const clientCredentials: Grant = ({ state, params, clientId, now }) => {
  const scope = params.get('scope');
  if (scope === null || scope.trim() === '')
    return oauthError(400, 'invalid_request', 'Missing required parameter: scope');
  const scopes = scope.split(/[\s+]+/).filter((s) => s !== '');
  if (scopes.some((s) => !APPLICATION_SCOPES.includes(s))) {
    return oauthError(400, 'invalid_scope', 'An application token can only have the scope public');
  }
  const locked = dailyLockRefusal(state, clientId, now);
  if (locked) return locked;
  const record = state.tokens.mint({
    clientId,
    kind: 'application',
    grant: 'client_credentials',
    scopes,
    ttlSeconds: state.options.appTokenTtl,
    now,
  });
  return {
    status: 200,
    body: { access_token: record.token, token_type: 'bearer', expires_in: state.options.appTokenTtl },
  };
};

/** Grants by `grant_type`. */
export const GRANTS: Readonly<Record<string, Grant>> = {
  client_credentials: clientCredentials,
  authorization_code: authorizationCode,
  refresh_token: refreshToken,
};
