import { AUTH_ENDPOINTS, handleOAuth } from '../auth/oauth.js';
import { preflightResponse, withCors } from '../http/cors.js';
import { errorsBody, jsonResponse } from '../http/json.js';
import type { SandboxState } from '../state.js';
import type { RecordedRequest, RequestKind } from '../types.js';
import { handleApi } from './api.js';

export interface Origins {
  baseUrl: string;
  authUrl: string;
}

function classify(state: SandboxState, origins: Origins, url: URL, method: string): RequestKind {
  const known =
    url.host === new URL(origins.baseUrl).host ||
    url.host === new URL(origins.authUrl).host ||
    state.serverHosts.has(url.host);
  if (!known) return 'foreign';
  if (method === 'OPTIONS') return 'preflight';
  return Object.hasOwn(AUTH_ENDPOINTS, url.pathname) ? 'oauth' : 'api';
}

/** A host the sandbox does not own: it answers, so tests can see what a client sent there. */
function foreignResponse(request: Request, url: URL): Response {
  const authorization = request.headers.has('authorization') || url.searchParams.has('oauth_token');
  return jsonResponse(200, { foreign: true, path: url.pathname, authorization });
}

/** The single entry point: routes by path (and host, for foreign ones), records, adds CORS. */
export async function handleRequest(
  state: SandboxState,
  origins: Origins,
  request: Request,
): Promise<Response> {
  const url = new URL(request.url);
  const kind = classify(state, origins, url, request.method);
  const entry: RecordedRequest = {
    method: request.method,
    url: request.url,
    path: url.pathname,
    query: new URLSearchParams(url.search),
    headers: new Headers(request.headers),
    status: 0,
    time: Date.now(),
    kind,
  };
  state.log.push(entry);
  let response: Response;
  try {
    if (kind === 'foreign') response = foreignResponse(request, url);
    else if (kind === 'preflight') response = preflightResponse();
    else if (kind === 'oauth') response = await handleOAuth(state, request, url);
    else response = await handleApi(state, request, url, entry);
  } catch (error) {
    if (request.signal.aborted) throw error;
    // A bug in a route must show up as an answer, not as a hung or crashed test.
    const message = error instanceof Error ? error.message : String(error);
    response = jsonResponse(500, errorsBody('InternalServerError', `Sandbox error: ${message}`), {
      'Cache-Control': 'no-cache',
    });
  }
  entry.status = response.type === 'error' ? 0 : response.status;
  // The server's clock, as real servers send it: it follows startNextDay(), so a client can tell
  // the server's UTC day (the day its daily limit counts) from any answer.
  if (response.type !== 'error')
    response.headers.set('Date', new Date(state.daily.now(Date.now())).toUTCString());
  return withCors(response);
}
