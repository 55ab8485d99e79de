/**
 * Redirects: 301/308 are followed and remembered; 302/307 repeat the request verbatim at
 * Location; 303 becomes a GET. Each hop is a request the server counts, so each is one request of
 * the call's bound (src/core/call/decide.ts). Credentials never go to another origin (src/core/call/attempt.ts).
 */
import { RedirectError } from '../errors.js';

export const MAX_REDIRECTS = 5;

/** 301 and 308 mean "use the new URI from now on": later calls to the old URI go straight to the new one. */
export class PermanentRedirects {
  private readonly moved = new Map<string, string>();

  resolve(url: string): string {
    if (this.moved.size === 0) return url;
    let current = url;
    // Follow remembered moves (a chain of them too), never around a cycle.
    for (let i = 0; i <= MAX_REDIRECTS && this.moved.has(current); i++)
      current = this.moved.get(current) as string;
    return current;
  }

  remember(from: string, to: string): void {
    if (from !== to) this.moved.set(from, to);
  }
}

export function isRedirect(status: number): boolean {
  return status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
}

/** The next hop of a redirect: relative Locations resolved, a stray oauth_token dropped, loops refused. */
export function nextHop(location: string | null, current: string, visited: string[]): string {
  if (!location) throw new RedirectError(`A redirect from ${current} carried no Location`, visited);
  let next: URL;
  try {
    next = new URL(location, current);
  } catch {
    throw new RedirectError(`A redirect from ${current} carried a Location that is not a URL`, visited);
  }
  // HTTP(S) only, as fetch's own redirect rules (a `data:` Location would make up an answer no
  // server sent); and, beyond them, never from HTTPS down to HTTP (the call would go on in clear).
  const { protocol } = next;
  if (
    (protocol !== 'https:' && protocol !== 'http:') ||
    (protocol === 'http:' && current.startsWith('https:'))
  ) {
    throw new RedirectError(
      `A redirect from ${current} to a ${protocol} URL is never followed (HTTP(S) only, never HTTPS to HTTP)`,
      [...visited, `${protocol}…`],
    );
  }
  next.searchParams.delete('oauth_token');
  const href = next.href;
  if (visited.includes(href)) {
    throw new RedirectError(`Redirect loop: ${[...visited, href].join(' -> ')}`, [...visited, href]);
  }
  if (visited.length > MAX_REDIRECTS) {
    throw new RedirectError(`More than ${MAX_REDIRECTS} redirects from ${visited[0]}`, [...visited, href]);
  }
  return href;
}
