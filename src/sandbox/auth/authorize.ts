import type { SandboxState } from '../state.js';
import { authorizationPage, authorizationPageHeaders } from './authorization-page.js';
import { type ConsentRequest, issueConsent, takeConsent } from './consents.js';
import { type OAuthAnswer, oauthError } from './oauth-answer.js';
import { readParams } from './read-params.js';
import { splitScopes, unknownScopes } from './scopes.js';

/**
 * `redirect_uri` with the answer appended to its query. Each value is percent-encoded exactly
 * once, so a client must decode exactly once (spec, step 1). A form's answer is a 303, so the
 * browser follows it with a GET.
 */
function redirectTo(
  redirectUri: string,
  params: readonly (readonly [string, string | null])[],
  status = 302,
): OAuthAnswer {
  const query = params
    .filter((pair): pair is readonly [string, string] => pair[1] !== null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  const separator = redirectUri.includes('?') ? '&' : '?';
  return {
    status,
    body: null,
    headers: { Location: `${redirectUri}${separator}${query}`, 'Cache-Control': 'no-store' },
  };
}

/** Absolute, and without a fragment (RFC 6749 §3.1.2): otherwise there is nowhere to redirect. */
function usableRedirect(uri: string): boolean {
  return URL.canParse(uri) && !uri.includes('#');
}

/** The user's answer: a code, or `error=access_denied` (RFC 6749 §4.1.2.1), each with `state`. */
function decide(
  state: SandboxState,
  request: ConsentRequest,
  approve: boolean,
  status?: number,
): OAuthAnswer {
  if (!approve)
    return redirectTo(
      request.redirectUri,
      [
        ['error', 'access_denied'],
        ['state', request.state],
      ],
      status,
    );
  const code = state.codes.issue(
    {
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      userId: state.authorization.userId,
      scopes: request.scopes,
    },
    Date.now(),
  );
  return redirectTo(
    request.redirectUri,
    [
      ['code', code],
      ['state', request.state],
    ],
    status,
  );
}

/**
 * A press of Approve or Deny on the authorization page. Only a form of a page this sandbox showed
 * counts, once, and only from that page's origin: another site cannot approve for the user.
 */
async function pageAnswer(state: SandboxState, request: Request, url: URL): Promise<OAuthAnswer> {
  // A browser says where the form came from in Sec-Fetch-Site (older ones in Origin only).
  const site = request.headers.get('sec-fetch-site');
  const origin = request.headers.get('origin');
  const sameOrigin = site !== null ? site === 'same-origin' : origin === null || origin === url.origin;
  if (!sameOrigin)
    return oauthError(
      403,
      'access_denied',
      'The authorization form must be sent from the authorization page',
    );
  const params = await readParams(request, url);
  const decision = params.get('decision');
  if (decision !== 'approve' && decision !== 'deny')
    return oauthError(400, 'invalid_request', 'decision must be approve or deny');
  const consent = takeConsent(state, params.get('consent') ?? '', Date.now());
  if (!consent)
    return oauthError(
      400,
      'invalid_request',
      'This authorization page expired or was already answered; sign in again',
    );
  return decide(state, consent, decision === 'approve', 303);
}

/**
 * Step 1, `GET /oauth2/authorizations/new`. A missing parameter, an unknown client or an unusable
 * redirect URI is told to the caller (400, 401), not redirected: until those hold there is no
 * trustworthy place to send the user (RFC 6749 §4.1.2.1). Any absolute `redirect_uri` is accepted,
 * the sandbox has no registered ones. Then every answer is a 302 to `redirect_uri`:
 * `error=invalid_scope` for an unknown scope, `error=access_denied` when the user refuses, else
 * `code`; each with `state` when one was sent. With `setAuthorization({ page: true })` the user
 * refuses or approves on a page first (a POST from it gets the redirect).
 */
export async function authorizeEndpoint(
  state: SandboxState,
  request: Request,
  url: URL,
): Promise<OAuthAnswer> {
  if (request.method === 'POST' && state.authorization.page) return pageAnswer(state, request, url);
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
  const consent: ConsentRequest = { clientId, redirectUri, scopes, state: stateParam };
  const decision = state.authorization;
  if (!decision.page) return decide(state, consent, decision.approve);
  const { username, email } = state.users.account(decision.userId).profile;
  return {
    status: 200,
    body: null,
    html: authorizationPage(consent, { username, email }, issueConsent(state, consent, Date.now())),
    headers: authorizationPageHeaders(consent),
  };
}
