import { etagMatches, weakEtag } from '../http/etag.js';
import { JSON_CONTENT_TYPE } from '../http/json.js';
import { linkHeader } from '../http/pagination.js';
import type { RouteResult } from '../router.js';
import type { SandboxState } from '../state.js';

type CacheKind = NonNullable<RouteResult['cache']>;

const REVALIDATE = 'max-age=0, private, must-revalidate';

function cacheControl(state: SandboxState, kind: CacheKind): string {
  const { short, long } = state.options.cacheMaxAge;
  switch (kind) {
    case 'short':
      return `private, max-age=${short}`;
    case 'long':
      // Written the other way round, as the recorded filter-group answers have it.
      return `max-age=${long}, private`;
    case 'fresh':
      // Lists the real service marks `max-age=0, private, must-revalidate` (category and
      // manufacturer SKUs, manufacturers, search, shop product search); `cacheMaxAge`, when set,
      // gives them its max-age so load tests can crawl them through a cache.
      return state.options.cacheMaxAgeSet ? `private, max-age=${short}` : REVALIDATE;
    case 'revalidate':
      // A user's favorites, profile and notifications change with every write: always revalidated.
      return REVALIDATE;
    default:
      return 'no-cache';
  }
}

/** Turns a route's result into the response: ETag and 304, Cache-Control, Link. */
export function finishRoute(
  state: SandboxState,
  request: Request,
  url: URL,
  headers: Headers,
  result: RouteResult,
): Response {
  const status = result.status ?? 200;
  const out = new Headers(headers);
  for (const [name, value] of Object.entries(result.headers ?? {})) out.set(name, value);
  const isGet = request.method === 'GET' || request.method === 'HEAD';
  const cacheable = isGet && status === 200;
  // A write answered with a body (201 create, 200 update, vote, flag) carries an ETag and
  // `max-age=0, private, must-revalidate`, as recorded; an empty answer (204, logout) `no-cache`.
  const writeWithBody = !isGet && result.body !== null && status >= 200 && status < 300;
  const kind = cacheable ? (result.cache ?? 'short') : writeWithBody ? 'revalidate' : 'none';
  out.set('Cache-Control', cacheControl(state, kind));

  const mode = state.options.linkHeaders;
  if (result.pagination && (mode === 'always' || (mode === 'auto' && result.autoLink !== false))) {
    const link = linkHeader(url, result.pagination);
    if (link) out.set('Link', link);
  }

  if (result.body === null) return new Response(null, { status, headers: out });
  const text = JSON.stringify(result.body);
  out.set('Content-Type', JSON_CONTENT_TYPE);
  if (cacheable || writeWithBody) out.set('ETag', weakEtag(text));
  if (cacheable) {
    const etag = out.get('ETag') ?? '';
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      out.delete('Content-Type');
      return new Response(null, { status: 304, headers: out });
    }
  }
  return new Response(request.method === 'HEAD' ? null : text, { status, headers: out });
}
