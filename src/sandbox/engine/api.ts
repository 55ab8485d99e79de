import { authenticate } from '../auth/access.js';
import type { TokenRecord } from '../auth/tokens.js';
import { sleep } from '../clock.js';
import type { Fault } from '../faults.js';
import { HttpError } from '../http/http-error.js';
import { rateLimitHeaders } from '../limits/rate-limit.js';
import { Router } from '../router.js';
import { API_ROUTES } from '../routes/index.js';
import type { SandboxState } from '../state.js';
import type { RecordedRequest } from '../types.js';
import { resolveAccept } from '../versions/resolve.js';
import { atLeast, formatVersion, type Version } from '../versions/version.js';
import { finishRoute } from './finish.js';
import { codeForStatus, errorWith, jsonWith, rateLimitedWith } from './respond.js';

const router = new Router(API_ROUTES);

async function applyLatency(state: SandboxState, signal: AbortSignal): Promise<void> {
  const [min, max] = state.options.latencyMs;
  const ms = Math.round(min === max ? min : min + state.latencyRng.next() * (max - min));
  if (ms > 0) await sleep(ms, signal);
}

/**
 * One API request, in the order the service applies things: token, rate window and daily count
 * (every authenticated request counts, whatever follows), version, injected faults, redirects,
 * and only then the route.
 */
export async function handleApi(
  state: SandboxState,
  request: Request,
  url: URL,
  entry: RecordedRequest,
): Promise<Response> {
  state.stats.apiCalls += 1;
  await applyLatency(state, request.signal);
  const now = Date.now();
  const access = authenticate(state, request, url, now);
  if (access.raw !== undefined) entry.token = access.raw;
  if (!access.ok) return jsonWith(new Headers(), access.status, access.body);
  const token = access.token;

  const rate = state.rate.hit(token.token, now);
  const headers = new Headers(rateLimitHeaders(rate));
  if (state.daily.count(token.clientId, now)) {
    state.tokens.revokeClient(token.clientId);
    return errorWith(
      headers,
      401,
      'DailyLimitExceeded',
      'The daily call limit was exceeded: every token of this client expired',
    );
  }
  if (rate.exceeded) {
    state.stats.overLimit += 1;
    return rateLimitedWith(headers, rate);
  }

  const resolution = resolveAccept(request.headers.get('accept'), state.options.vendor);
  if (!resolution.ok) return errorWith(headers, 406, 'NotAcceptable', resolution.message);
  const version = resolution.version;
  headers.set('X-Sandbox-Version', formatVersion(version));

  const fault = state.faults.next();
  if (fault) return faultResponse(state, fault, headers, token, now);

  const redirect = state.redirects.take(url);
  if (redirect) {
    headers.set('Location', redirect.to);
    headers.set('Cache-Control', 'no-cache');
    return new Response(null, { status: redirect.status, headers });
  }
  return route(state, request, url, headers, token, version);
}

function faultResponse(
  state: SandboxState,
  fault: Fault,
  headers: Headers,
  token: TokenRecord,
  now: number,
): Response {
  if (fault.kind === 'reset') return Response.error();
  if (fault.kind === 'burst') {
    const rate = state.rate.exhausted(token.token, now);
    const out = new Headers(headers);
    for (const [name, value] of Object.entries(rateLimitHeaders(rate))) out.set(name, value);
    return rateLimitedWith(out, rate);
  }
  const out = new Headers(headers);
  for (const [name, value] of Object.entries(fault.headers ?? {})) out.set(name, value);
  if (fault.body !== undefined) return jsonWith(out, fault.status, fault.body);
  if (fault.status === 403) {
    return rateLimitedWith(out, {
      limit: state.options.rateLimit.limit,
      remaining: 0,
      reset: Math.ceil(now / 1000),
      exceeded: true,
    });
  }
  return errorWith(out, fault.status, codeForStatus(fault.status), `Injected fault: ${fault.status}`);
}

async function route(
  state: SandboxState,
  request: Request,
  url: URL,
  headers: Headers,
  token: TokenRecord,
  version: Version,
): Promise<Response> {
  // HEAD is answered like GET, without the body.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const match = router.match(method, url.pathname);
  if (
    match.kind === 'none' ||
    (match.kind === 'found' && match.route.since && !atLeast(version, match.route.since))
  ) {
    return errorWith(headers, 404, 'RoutingError', `No route matches [${request.method}] "${url.pathname}"`);
  }
  if (match.kind === 'wrong-method') {
    headers.set('Allow', match.allowed.join(', '));
    return errorWith(headers, 501, 'NotImplemented', `${request.method} ${url.pathname} is not implemented`);
  }
  // A user resource has no user behind an application token, whatever its scopes.
  if (match.route.userToken && token.kind !== 'user') {
    return errorWith(
      headers,
      403,
      'UserTokenRequired',
      'This resource needs a user token (the authorization-code flow); an application token has no user',
    );
  }
  const scope = match.route.scope === undefined ? 'public' : match.route.scope;
  if (scope !== null && !token.scopes.includes(scope)) {
    return errorWith(
      headers,
      403,
      'InsufficientScope',
      `This resource needs a token with the scope ${scope}`,
    );
  }
  try {
    const result = await match.route.handler({
      request,
      url,
      params: match.params,
      query: url.searchParams,
      version,
      token,
      catalog: state.catalog,
      state,
    });
    return finishRoute(state, request, url, headers, result);
  } catch (error) {
    if (error instanceof HttpError) return jsonWith(headers, error.status, error.body);
    throw error;
  }
}
