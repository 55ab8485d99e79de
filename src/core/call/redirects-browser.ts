/**
 * src/core/call/redirects.ts for browser bundles (package.json `browser` maps one to the other):
 * a browser never shows a script a redirect (with `redirect: 'manual'` its fetch answers an opaque
 * response, status 0, without Location), so the SDK has none to follow, remember or check there:
 * the browser follows them itself (`redirect: 'follow'`, the default in browsers).
 */
import { RedirectError } from '../errors.js';

/** Nothing is ever remembered: every URL is used as given. */
export class PermanentRedirects {
  resolve(url: string): string {
    return url;
  }

  remember(_from: string, _to: string): void {}
}

/** No status a browser's fetch answers is a redirect the SDK could follow. */
export const isRedirect = (_status: number): boolean => false;

/** Never called (no answer is a redirect to follow); refuses the hop if it were. */
export function nextHop(_location: string | null, current: string, visited: string[]): string {
  throw new RedirectError(`A redirect from ${current} is the browser's to follow`, visited);
}
