import { type ClientOptions, createClient } from '../../src/index.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import {
  type CatalogHandler,
  type CatalogHandlerOptions,
  createCatalogHandler,
} from '../../src/server/index.js';

export const ORIGIN = 'https://shop.test';
export const MOUNT = '/api/catalog';
export const PHONE = 2119391; // a SKU of category 40

/**
 * A sandbox, a handler over it, `call` to send the handler a Request as a browser would (same
 * origin), and `browser`: the SDK with no credentials, its fetch routed into the handler.
 */
export function setup(options: Partial<CatalogHandlerOptions> = {}, sandboxOptions?: SandboxOptions) {
  const sandbox = createSandbox(sandboxOptions);
  const handler = handlerOver(sandbox, options);
  const call = (path: string, init: RequestInit = {}) => handler(new Request(`${ORIGIN}${path}`, init));
  return { sandbox, handler, call, browser: browserClient(handler) };
}

/** A handler over `sandbox` (its API, credentials and fetch; logging off), `options` on top. */
export function handlerOver(sandbox: Sandbox, options: Partial<CatalogHandlerOptions> = {}): CatalogHandler {
  return createCatalogHandler({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    fetch: sandbox.fetch,
    logLevel: 'off',
    ...options,
  });
}

/** A fetch into `sandbox` that notes the path of every call to its API (not its token endpoint) in `calls`. */
export function notingFetch(sandbox: Sandbox, calls: string[]): typeof fetch {
  const api = new URL(sandbox.baseUrl).origin;
  return (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === api) calls.push(url.pathname);
    return sandbox.fetch(input, init);
  };
}

/** The SDK as a browser page uses it: `auth: 'none'`, pointed at the handler, a cookie jar of its own. */
export function browserClient(
  handler: (request: Request) => Promise<Response>,
  options: Partial<ClientOptions> = {},
  jar: CookieJar = new CookieJar(),
) {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const headers = new Headers(request.headers);
    headers.set('origin', ORIGIN);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await handler(new Request(request, { headers }));
    jar.take(response);
    return response;
  };
  const api = createClient({
    baseUrl: `${ORIGIN}${MOUNT}`,
    auth: 'none',
    fetch,
    logLevel: 'off',
    ...options,
  });
  return Object.assign(api, { jar, fetch });
}

/** The cookies a browser would keep for the handler's origin (name=value; attributes ignored). */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  readonly setCookies: string[] = [];
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      this.setCookies.push(line);
      const [pair] = line.split(';');
      const at = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, at);
      const value = (pair as string).slice(at + 1);
      if (value === '' || /max-age=0\b/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Signs a sandbox user in through the handler's login and callback, as a browser would. */
export async function signIn(
  sandbox: Sandbox,
  handler: (request: Request) => Promise<Response>,
  jar: CookieJar,
  userId?: number,
) {
  if (userId !== undefined) sandbox.setAuthorization({ userId });
  const send = async (url: string) => {
    const response = await handler(new Request(url, { headers: { cookie: jar.header() } }));
    jar.take(response);
    return response;
  };
  const login = await send(`${ORIGIN}${MOUNT}/auth/login?return_to=/account`);
  const authorize = login.headers.get('location') as string;
  const page = await sandbox.fetch(authorize);
  const callback = page.headers.get('location') as string;
  const done = await send(callback);
  return { login, authorize, callback, done };
}
