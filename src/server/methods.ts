/**
 * The HTTP methods around the routes: `HEAD` of every GET route (its headers, no body), `OPTIONS`
 * with `Allow` (same origin only, never CORS), and 405 with `Allow` for a method a served path
 * does not take.
 */
import { HTTP_METHODS } from '../internal/http-method.js';
import { pathSegments } from './guard.js';
import { refusal } from './respond.js';
import { matchRoute } from './routes.js';
import { signInMethods } from './sign-in.js';

/** The methods a fetch-standard Request can carry (TRACE, TRACK and CONNECT cannot). */
export const FETCH_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

type Serve<C> = (request: Request, context?: C) => Promise<Response>;

/**
 * Wraps `serve`. `allowedMethods(url)` gives the methods a path takes (without HEAD and OPTIONS),
 * or undefined for a path not served (left to `serve`, which answers it).
 */
export function withMethods<C>(
  serve: Serve<C>,
  allowedMethods: (url: URL) => readonly string[] | undefined,
  isOtherOrigin: (request: Request, url: URL) => boolean,
): Serve<C> {
  return async (request, context) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return serve(request, context);
    }
    const methods = allowedMethods(url);
    if (!methods) return serve(request, context);
    const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    switch (request.method) {
      case 'OPTIONS': {
        if (isOtherOrigin(request, url)) {
          return refusal(
            403,
            'CrossSiteRequest',
            'This handler answers pages of its own site only (no CORS)',
          );
        }
        return new Response(null, { status: 204, headers: { allow, 'cache-control': 'no-store' } });
      }
      case 'HEAD': {
        if (!methods.includes('GET')) break;
        const answer = await serve(new Request(request, { method: 'GET' }), context);
        await answer.body?.cancel();
        return new Response(null, { status: answer.status, headers: answer.headers });
      }
      default:
        if (methods.includes(request.method)) return serve(request, context);
    }
    return refusal(
      405,
      'MethodNotAllowed',
      `${request.method} is not served here; this path takes ${allow}`,
      {
        allow,
      },
    );
  };
}

/** The methods each path under `mount` takes: the API's routes and the sign-in routes. */
export function allowedMethodsOf(mount: string): (url: URL) => readonly string[] | undefined {
  return (url) => {
    const segments = pathSegments(url, mount);
    if (!Array.isArray(segments)) return undefined;
    if (segments[0] === 'auth')
      return segments.length === 2 ? signInMethods(segments[1] as string) : undefined;
    const methods = HTTP_METHODS.filter((method) => matchRoute(method, segments));
    return methods.length > 0 ? methods : undefined;
  };
}

/** Whether a browser says the request comes from another site (a request without Origin does not). */
export function isOtherOrigin(request: Request, origins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.get('origin');
  return origin !== null && !origins.includes(origin);
}
