/**
 * A browser's request as the front door reads it: the Fetch-API handler makes one of its Request,
 * the node adapter one of the socket's request, building a Request only when a part needs it (a
 * write's body, a sign-in, a visitor's charge, a user's call), so a kept answer is served without one.
 */
import type { RequestContext } from '../options.js';

/** A header of the browser's request, as `Headers.get` reads it. */
export interface HeaderReader {
  get(name: string): string | null;
}

/** A browser's request as the front door reads it. */
export interface Target {
  /** Upper case. */
  readonly method: string;
  /** The whole URL, as a Request would spell it. */
  readonly url: string;
  /** The URL's origin, path and query (without `?`), as the URL parser gives them. */
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
  readonly headers: HeaderReader;
  readonly context: RequestContext;
  /** The request as a fetch Request, built on first need. */
  request(): Request;
}

/** The target of a Request. */
export function targetOf(request: Request, url: URL, context: RequestContext): Target {
  return {
    method: request.method,
    url: request.url,
    origin: url.origin,
    pathname: url.pathname,
    search: url.search.slice(1),
    headers: request.headers,
    context,
    request: () => request,
  };
}
