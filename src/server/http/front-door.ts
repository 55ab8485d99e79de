/**
 * The one front door of every request: the path read once, matched once against the routes
 * compiled when the handler was created; OPTIONS, HEAD, 405 and the router all read that match.
 * A request arrives as a Target (target.ts), from a Request or straight from the node adapter.
 */

import { type Answer, isThenable, type Maybe } from '../answers/answer.js';
import { coordinationUnavailable, notServed, refusal, withoutBody } from '../answers/response.js';
import { compileRoutes, type PathMatch } from '../routing/route-table.js';
import { type RouterParts, route } from '../routing/router.js';
import { coordinationDown } from '../upstream/fetch-api.js';
import { signInMethods } from '../users/sign-in.js';
import { isOtherOrigin } from './origin.js';
import { pathSegments } from './path.js';
import type { Target } from './target.js';

/** The front door of the handler, as the node adapter reaches it (the property is internal). */
export const FRONT_DOOR: unique symbol = Symbol('price-catalog.server.front-door');

export function frontDoor(parts: RouterParts): (target: Target) => Maybe<Answer> {
  const routes = compileRoutes();
  const { mount } = parts.settings;

  const open = (target: Target): Maybe<Answer> => {
    const segments = pathSegments(target, mount);
    if (segments === undefined) return notServed();
    if (segments instanceof Response) return segments;
    let match: PathMatch | undefined;
    let methods: readonly string[] | undefined;
    if (segments[0] === 'auth')
      methods = segments.length === 2 ? signInMethods(segments[1] as string) : undefined;
    else {
      match = routes(segments);
      if (!match) return notServed();
      methods = match.methods;
    }
    // A path the sign-in routes do not name is theirs to answer.
    if (!methods) return route(target, segments, undefined, parts);
    switch (target.method) {
      case 'OPTIONS':
        if (isOtherOrigin(target, parts.settings.origins(target.origin))) {
          return refusal(
            403,
            'CrossSiteRequest',
            'This handler answers pages of its own site only (no CORS)',
          );
        }
        return new Response(null, {
          status: 204,
          headers: { allow: allowOf(methods), 'cache-control': 'no-store' },
        });
      case 'HEAD':
        if (!methods.includes('GET')) break;
        return withoutBody(route(asGet(target), segments, match, parts));
      default:
        if (methods.includes(target.method)) return route(target, segments, match, parts);
    }
    const allow = allowOf(methods);
    return refusal(405, 'MethodNotAllowed', `${target.method} is not served here; this path takes ${allow}`, {
      allow,
    });
  };

  const failed = (error: unknown): Answer => {
    // Redis away (a session, a visitor's count, a kept answer unread): a refusal to retry, not a failure.
    if (coordinationDown(error)) return coordinationUnavailable();
    // Never the error's text: it may name the API's URL or echo input.
    parts.settings.logger?.error?.(
      `price-catalog/server: the handler failed (${(error as Error)?.name ?? 'error'})`,
    );
    return refusal(500, 'HandlerError', 'The catalog handler failed');
  };
  return (target) => {
    try {
      const answer = open(target);
      return isThenable(answer) ? Promise.resolve(answer).then(undefined, failed) : answer;
    } catch (error) {
      return failed(error);
    }
  };
}

/** The `Allow` of a path's methods, made once per list (the route table's lists are made once). */
const ALLOWS = new WeakMap<readonly string[], string>();
function allowOf(methods: readonly string[]): string {
  let allow = ALLOWS.get(methods);
  if (allow === undefined) {
    allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
    ALLOWS.set(methods, allow);
  }
  return allow;
}

/** A HEAD served as the GET it asks the headers of. */
function asGet(target: Target): Target {
  let request: Request | undefined;
  return {
    ...target,
    method: 'GET',
    request: () => {
      request ??= new Request(target.request(), { method: 'GET' });
      return request;
    },
  };
}
