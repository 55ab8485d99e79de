import type { RequestHandler } from 'msw';

/** Any host under `.sandbox.test` that is not one of the sandbox's own: the "foreign" hosts. */
export const FOREIGN_HOSTS = /^https?:\/\/[^/]+\.sandbox\.test(?::\d+)?(?:\/|$)/;

/** msw is an optional peer dependency: it is loaded only when handlers are asked for. */
export async function createMswHandlers(
  origins: { baseUrl: string; authUrl: string },
  handle: (request: Request) => Promise<Response>,
): Promise<RequestHandler[]> {
  const { http } = await import('msw');
  // msw turns `Response.error()` (a reset) into a network error for the client, as wanted.
  const resolver = ({ request }: { request: Request }): Promise<Response> => handle(request);
  return [
    http.all(`${origins.baseUrl}/*`, resolver),
    http.all(`${origins.authUrl}/*`, resolver),
    http.all(FOREIGN_HOSTS, resolver),
  ];
}
