import type { SandboxState } from '../state.js';

export interface OAuthAnswer {
  status: number;
  body: Record<string, string | number>;
}

export interface GrantRequest {
  state: SandboxState;
  params: URLSearchParams;
  /** Already authenticated. */
  clientId: string;
  now: number;
}

export type Grant = (request: GrantRequest) => OAuthAnswer;

export function oauthError(status: number, error: string, description: string): OAuthAnswer {
  return { status, body: { error, error_description: description } };
}

const APPLICATION_SCOPES = ['public'];

const clientCredentials: Grant = ({ state, params, clientId, now }) => {
  const scope = params.get('scope');
  if (scope === null || scope.trim() === '')
    return oauthError(400, 'invalid_request', 'Missing required parameter: scope');
  const scopes = scope.split(/[\s+]+/).filter((s) => s !== '');
  if (scopes.some((s) => !APPLICATION_SCOPES.includes(s))) {
    return oauthError(400, 'invalid_scope', 'An application token can only have the scope public');
  }
  const lockedUntil = state.daily.lockedUntil(clientId, now);
  if (lockedUntil !== null) {
    return oauthError(
      403,
      'daily_limit_exceeded',
      `The daily call limit of this client is exhausted; no new tokens until ${new Date(lockedUntil).toISOString()}`,
    );
  }
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

/** Grants by `grant_type`; authorization_code and refresh_token join here with user tokens. */
export const GRANTS: Readonly<Record<string, Grant>> = {
  client_credentials: clientCredentials,
};
