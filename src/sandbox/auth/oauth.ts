import { now } from '../clock.js';
import type { SandboxState } from '../state.js';
import { authorizeEndpoint } from './authorize.js';
import type { GrantRequest } from './grant.js';
import { GRANTS } from './grants.js';
import { type OAuthAnswer, oauthError } from './oauth-answer.js';
import { readParams } from './read-params.js';
import { redirectAnswer } from './redirect-token.js';

function oauthResponse(answer: OAuthAnswer): Response {
  const headers = new Headers({
    // Token answers must never be cached (RFC 6749 §5.1).
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
  });
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
  if (answer.html !== undefined) {
    headers.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(answer.html, { status: answer.status, headers });
  }
  if (answer.body === null) return new Response(null, { status: answer.status, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(answer.body), { status: answer.status, headers });
}

/** Client credentials may also come as HTTP Basic auth (RFC 6749 §2.3.1). */
function basicCredentials(request: Request): { id: string; secret: string } | null {
  const match = /^Basic\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
  if (!match?.[1]) return null;
  try {
    const decoded = atob(match[1]);
    const colon = decoded.indexOf(':');
    if (colon < 0) return null;
    return {
      id: decodeURIComponent(decoded.slice(0, colon)),
      secret: decodeURIComponent(decoded.slice(colon + 1)),
    };
  } catch {
    return null;
  }
}

async function tokenEndpoint(state: SandboxState, request: Request, url: URL): Promise<OAuthAnswer> {
  state.stats.tokenRequests += 1;
  if (request.method !== 'POST')
    return oauthError(405, 'invalid_request', 'The token endpoint accepts POST only');
  const params = await readParams(request, url);
  const basic = basicCredentials(request);
  const clientId = params.get('client_id') ?? basic?.id ?? '';
  const clientSecret = params.get('client_secret') ?? basic?.secret ?? '';
  const grantType = params.get('grant_type') ?? '';
  const missing = [
    ...(grantType === '' ? ['grant_type'] : []),
    ...(clientId === '' ? ['client_id'] : []),
    ...(clientSecret === '' ? ['client_secret'] : []),
  ];
  if (missing.length > 0)
    return oauthError(400, 'invalid_request', `Missing required parameter: ${missing.join(', ')}`);
  if (clientId !== state.options.clientId || clientSecret !== state.options.clientSecret) {
    return oauthError(401, 'invalid_client', 'Client authentication failed: unknown client or wrong secret');
  }
  const grant = GRANTS[grantType];
  if (!grant)
    return oauthError(400, 'unsupported_grant_type', `The grant type ${grantType} is not supported`);
  const grantRequest: GrantRequest = { state, params, clientId, now: now() };
  return grant(grantRequest);
}

type AuthEndpoint = (state: SandboxState, request: Request, url: URL) => Promise<OAuthAnswer>;

/** Paths of the authorization server: the token endpoint and the authorize page (step 1). */
export const AUTH_ENDPOINTS: Readonly<Record<string, AuthEndpoint>> = {
  '/oauth2/token': tokenEndpoint,
  '/oauth2/authorizations/new': authorizeEndpoint,
};

export async function handleOAuth(state: SandboxState, request: Request, url: URL): Promise<Response> {
  const redirect = redirectAnswer(state, url);
  if (redirect) return oauthResponse(redirect);
  const endpoint = AUTH_ENDPOINTS[url.pathname];
  const answer = endpoint
    ? await endpoint(state, request, url)
    : oauthError(404, 'not_found', `No such endpoint ${url.pathname}`);
  return oauthResponse(answer);
}
