import { etagMatches, weakEtag } from '../http/etag.js';
import { JSON_CONTENT_TYPE } from '../http/json.js';
import { linkHeader } from '../http/pagination.js';
import type { RouteResult } from '../router.js';
import type { SandboxState } from '../state.js';

type CacheKind = NonNullable<RouteResult['cache']>;

function cacheControl(state: SandboxState, kind: CacheKind): string {
  const { short, long } = state.options.cacheMaxAge;
  switch (kind) {
    case 'short':
      return `private, max-age=${short}`;
    case 'long':
      // Written the other way round, as the recorded filter-group answers have it.
      return `max-age=${long}, private`;
    case 'revalidate':
      // A user's favorites, profile and notifications change with every write: always revalidated.
      return 'max-age=0, private, must-revalidate';
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
  out.set('Cache-Control', cacheControl(state, cacheable ? (result.cache ?? 'short') : 'none'));

  const mode = state.options.linkHeaders;
  if (result.pagination && (mode === 'always' || (mode === 'auto' && result.autoLink !== false))) {
    const link = linkHeader(url, result.pagination);
    if (link) out.set('Link', link);
  }

  if (result.body === null) return new Response(null, { status, headers: out });
  const text = JSON.stringify(result.body);
  out.set('Content-Type', JSON_CONTENT_TYPE);
  if (cacheable) {
    const etag = weakEtag(text);
    out.set('ETag', etag);
    if (etagMatches(request.headers.get('if-none-match'), etag)) {
      out.delete('Content-Type');
      return new Response(null, { status: 304, headers: out });
    }
  }
  return new Response(request.method === 'HEAD' ? null : text, { status, headers: out });
}
