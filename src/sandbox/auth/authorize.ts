import type { SandboxState } from '../state.js';
import { type OAuthAnswer, oauthError } from './oauth-answer.js';
import { splitScopes, unknownScopes } from './scopes.js';

/**
 * `redirect_uri` with the answer appended to its query. Each value is percent-encoded exactly
 * once, so a client must decode exactly once (spec, step 1).
 */
function redirectTo(redirectUri: string, params: readonly (readonly [string, string | null])[]): OAuthAnswer {
  const query = params
    .filter((pair): pair is readonly [string, string] => pair[1] !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  const separator = redirectUri.includes('?') ? '&' : '?';
  return {
    status: 302,
    body: null,
    headers: { Location: `${redirectUri}${separator}${query}`, 'Cache-Control': 'no-store' },
  };
}

/** Absolute, and without a fragment (RFC 6749 §3.1.2): otherwise there is nowhere to redirect. */
function usableRedirect(uri: string): boolean {
  return URL.canParse(uri) && !uri.includes('#');
}

/**
 * Step 1, `GET /oauth2/authorizations/new`. A missing parameter, an unknown client or an unusable
 * redirect URI is told to the caller (400, 401), not redirected: until those hold there is no
 * trustworthy place to send the user (RFC 6749 §4.1.2.1). Any absolute `redirect_uri` is accepted,
 * the sandbox has no registered ones. Then every answer is a 302 to `redirect_uri`:
 * `error=invalid_scope` for an unknown scope, `error=access_denied` when the user refuses, else
 * `code`; each with `state` when one was sent.
 */
export async function authorizeEndpoint(
  state: SandboxState,
  request: Request,
  url: URL,
): Promise<OAuthAnswer> {
  if (request.method !== 'GET')
    return oauthError(405, 'invalid_request', 'The authorization endpoint accepts GET only');
  const query = url.searchParams;
  const required = ['client_id', 'redirect_uri', 'response_type', 'scope'];
  const missing = required.filter((name) => (query.get(name) ?? '').trim() === '');
  if (missing.length > 0)
    return oauthError(400, 'invalid_request', `Missing required parameter: ${missing.join(', ')}`);
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  if (!usableRedirect(redirectUri))
    return oauthError(400, 'invalid_request', 'redirect_uri must be an absolute URI without a fragment');
  if (clientId !== state.options.clientId)
    return oauthError(401, 'invalid_client', `Unknown client ${clientId}`);
  if (query.get('response_type') !== 'code')
    return oauthError(400, 'invalid_request', 'response_type must be code');

  const stateParam = query.get('state');
  const scopes = splitScopes(query.get('scope') ?? '');
  const unknown = unknownScopes(scopes);
  if (unknown.length > 0) {
    return redirectTo(redirectUri, [
      ['error', 'invalid_scope'],
      ['error_description', `Unknown scope: ${unknown.join(', ')}`],
      ['state', stateParam],
    ]);
  }
  const decision = state.authorization;
  if (!decision.approve)
    return redirectTo(redirectUri, [
      ['error', 'access_denied'],
      ['state', stateParam],
    ]);
  const code = state.codes.issue({ clientId, redirectUri, userId: decision.userId, scopes }, Date.now());
  return redirectTo(redirectUri, [
    ['code', code],
    ['state', stateParam],
  ]);
}
