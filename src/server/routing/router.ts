/**
 * One browser request, from its matched route to the part of the handler that answers it: the
 * sign-in routes, a public read (the shared cache) or a user's call, after every check that
 * needs no API call (query, origin of a write, session).
 */

import type { Answer, Maybe } from '../answers/answer.js';
import { notServed, notSignedIn, refusal } from '../answers/response.js';
import type { PublicCache } from '../cache/public-cache.js';
import { requestedVersion } from '../http/api-version.js';
import { isSameOrigin } from '../http/origin.js';
import type { Target } from '../http/target.js';
import type { Settings } from '../settings.js';
import { authRoute, type SignInContext } from '../users/sign-in.js';
import type { UserCalls } from '../users/user-calls.js';
import type { Charge, VisitorShares } from '../visitors/visitors.js';
import { type Query, queryOf } from './query-params.js';
import type { PathMatch } from './route-table.js';
import { queryParamOf, type RouteLookup } from './routes.js';

export interface RouterParts {
  settings: Settings;
  signedIn(request: Request): Promise<string | undefined>;
  signIn: SignInContext;
  publicCache: PublicCache;
  userCalls: UserCalls;
  visitors: VisitorShares;
}

/** At once for a public read the cache holds; a promise for anything that waits (a session, a call). */
export function route(
  target: Target,
  segments: readonly string[],
  match: PathMatch | undefined,
  parts: RouterParts,
): Maybe<Answer> {
  const { settings } = parts;
  if (segments[0] === 'auth') {
    const request = target.request();
    const url = new URL(request.url);
    return authRoute(request, url, segments, parts.signIn, target.context);
  }
  const lookup = match?.lookup(target.method);
  if (!lookup) return notServed();
  const served = lookup.route;
  const query = queryOf(
    target.search,
    settings.limits,
    (name) => queryParamOf(lookup, name) !== undefined,
    () => lookup.query.map((param) => param.name),
  );
  if (query instanceof Response) return query;
  const write = served.method !== 'GET';
  if (write && !isSameOrigin(target, settings.origins(target.origin))) {
    return refusal(
      403,
      'CrossSiteRequest',
      'A write must come from a page of this site (Origin or Sec-Fetch-Site)',
    );
  }
  if (served.user) return signedInRoute(target, segments, lookup, query, parts);
  return answer(target, segments, lookup, query, undefined, parts);
}

async function signedInRoute(
  target: Target,
  segments: readonly string[],
  lookup: RouteLookup,
  query: Query,
  parts: RouterParts,
): Promise<Answer> {
  const user = await parts.signedIn(target.request());
  if (!user) return notSignedIn('This endpoint needs a signed-in user: sign in first');
  return answer(target, segments, lookup, query, user, parts);
}

/** The public cache's answer, or the user's call (`user`: the signed-in session's key). */
function answer(
  target: Target,
  segments: readonly string[],
  lookup: RouteLookup,
  query: Query,
  user: string | undefined,
  parts: RouterParts,
): Maybe<Answer> {
  const { settings } = parts;
  const write = lookup.route.method !== 'GET';
  // The Request and the session are looked up only when a call is about to be spent.
  const charge: Charge = () =>
    parts.visitors.chargeFor(
      target.request(),
      target.context,
      async () => user ?? (await parts.signedIn(target.request())),
    )();
  const version = requestedVersion(target);
  const path = `/${segments.join('/')}`;
  const spec = { path, query: query.params, version, schema: lookup.row.schema };
  if (write) return parts.userCalls.write(target.request(), user as string, lookup, spec, charge);
  const key = `${version ?? ''}|${target.pathname}?${query.key}`;
  if (!user) {
    // Who views, for a view to count once per visitor: looked up only for a first fetch.
    const viewer = async () =>
      parts.visitors.viewerOf(target.request(), target.context, await parts.signedIn(target.request()));
    return parts.publicCache.serve(target, `p|${key}`, spec, charge, viewer);
  }
  return parts.userCalls.read(target.request(), user, lookup.name, key, spec, charge).then((read) => {
    // Behind a CDN a user's answer is stored nowhere but the handler: not even a cache told to keep everything.
    if (settings.cdn) read.headers.set('cache-control', 'private, no-store');
    return read;
  });
}
