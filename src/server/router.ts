/**
 * One browser request, from its URL to the part of the handler that answers it: the sign-in
 * routes, a public read (the shared cache) or a user's call, after every check that needs no
 * API call (path, route, query, origin of a write, session).
 */
import { isSameOrigin, pathSegments, requestedVersion } from './guard.js';
import { notServed, notSignedIn } from './outcomes.js';
import type { PublicCache } from './public-cache.js';
import { queryOf } from './query-params.js';
import { refusal } from './respond.js';
import { lookupRoute, queryParamOf } from './routes.js';
import type { Settings } from './settings.js';
import { authRoute, type SignInContext } from './sign-in.js';
import type { UserCalls } from './user-calls.js';
import type { RequestContext, VisitorShares } from './visitors.js';

export interface RouterParts {
  settings: Settings;
  origins(url: URL): readonly string[];
  signedIn(request: Request): Promise<string | undefined>;
  signIn(url: URL, request: Request, context: RequestContext): SignInContext;
  publicCache: PublicCache;
  userCalls: UserCalls;
  visitors: VisitorShares;
}

export async function route(
  request: Request,
  context: RequestContext,
  parts: RouterParts,
): Promise<Response> {
  const { settings } = parts;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refusal(400, 'InvalidPath', 'The request URL cannot be read');
  }
  const segments = pathSegments(url, settings.mount);
  if (segments === undefined) return notServed();
  if (segments instanceof Response) return segments;
  if (segments[0] === 'auth') return authRoute(request, url, segments, parts.signIn(url, request, context));
  const lookup = lookupRoute(request.method, `/${segments.join('/')}`);
  if (!lookup) return notServed();
  const served = lookup.route;
  const query = queryOf(url, settings.limits, (name) => queryParamOf(lookup, name) !== undefined);
  if (query instanceof Response) return query;
  const write = served.method !== 'GET';
  if (write && !isSameOrigin(request, parts.origins(url))) {
    return refusal(
      403,
      'CrossSiteRequest',
      'A write must come from a page of this site (Origin or Sec-Fetch-Site)',
    );
  }
  const user = served.user ? await parts.signedIn(request) : undefined;
  if (served.user && !user) return notSignedIn('This endpoint needs a signed-in user: sign in first');
  // The session is looked up for a public read only when it is about to spend a call.
  const charge = parts.visitors.chargeFor(
    request,
    context,
    async () => user ?? (await parts.signedIn(request)),
  );
  const version = requestedVersion(request);
  const spec = { path: `/${segments.join('/')}`, query: query.params, version, schema: lookup.row.schema };
  if (write) return parts.userCalls.write(request, user as string, lookup, spec, charge);
  const key = `${version ?? ''}|${url.pathname}?${query.key}`;
  return user
    ? parts.userCalls.read(request, user, lookup.name, key, spec, charge)
    : parts.publicCache.serve(request, `p|${key}`, spec, charge);
}
