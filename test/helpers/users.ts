import { type ClientOptions, createClient } from '../../src/index.js';
import { createSandbox, SANDBOX_USERS } from '../../src/sandbox/index.js';

/**
 * A sandbox and a client acting for one user with a sandbox-issued user token (every scope by
 * default); `bodies` collects the JSON bodies the client sent, by method and path.
 */
export function userClient(
  user: keyof typeof SANDBOX_USERS = 'carol',
  scope?: string,
  options: Partial<ClientOptions> = {},
) {
  const sandbox = createSandbox();
  const grant = sandbox.issueUserToken({ userId: SANDBOX_USERS[user], ...(scope && { scope }) });
  const bodies: { method: string; path: string; body: unknown }[] = [];
  const api = createClient({
    baseUrl: sandbox.baseUrl,
    getToken: () => grant,
    cache: false,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const text = await request.clone().text();
      if (text)
        bodies.push({ method: request.method, path: new URL(request.url).pathname, body: JSON.parse(text) });
      return sandbox.fetch(request);
    },
    ...options,
  });
  return { sandbox, api, grant, bodies, userId: SANDBOX_USERS[user] };
}
