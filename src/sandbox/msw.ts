// `price-catalog/testing/msw`: the sandbox as msw request handlers. An entry of its own so that
// `price-catalog/testing` imports nothing of msw (an optional peer dependency): apps that do not
// use msw bundle and type-check the sandbox without it installed.
import { http, type RequestHandler } from 'msw';
import type { Sandbox } from './types.js';

/** Any host under `.sandbox.test` that is not one of the sandbox's own: the "foreign" hosts. */
const FOREIGN_HOSTS = /^https?:\/\/[^/]+\.sandbox\.test(?::\d+)?(?:\/|$)/;

/**
 * msw handlers for every origin the sandbox serves, plus foreign `*.sandbox.test` hosts:
 * `setupServer(...mswHandlers(sandbox))` (msw/node) or `setupWorker(...)` (msw/browser).
 */
export function mswHandlers(sandbox: Pick<Sandbox, 'baseUrl' | 'authUrl' | 'handle'>): RequestHandler[] {
  // msw turns `Response.error()` (a reset) into a network error for the client, as wanted.
  const resolver = ({ request }: { request: Request }): Promise<Response> => sandbox.handle(request);
  return [
    http.all(`${sandbox.baseUrl}/*`, resolver),
    http.all(`${sandbox.authUrl}/*`, resolver),
    http.all(FOREIGN_HOSTS, resolver),
  ];
}
