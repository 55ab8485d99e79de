/**
 * The context every ```ts example of README.md and docs/*.md runs in (see test/docs-examples.test.ts).
 * Its exports are live bindings: `setup()` gives each example a fresh sandbox and fresh values.
 */
import {
  type BaseClient,
  type CatalogClient,
  type ClientAuth,
  createClient,
  type TokenStore,
  type UserTokens,
} from '../../src/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { cleanups } from './cleanups.js';
import { createSandbox } from './testing.js';

/** What an example's `console.log` printed (kept here, not printed). */
export const printed: unknown[][] = [];
export const console = {
  log: (...args: unknown[]) => void printed.push(args),
  info: (...args: unknown[]) => void printed.push(args),
  warn: (...args: unknown[]) => void printed.push(args),
  error: (...args: unknown[]) => void printed.push(args),
  debug: () => {},
};

/** The example host names the docs use, and where the sandbox serves them. */
export const EXAMPLE_API = 'https://api.example.com';
export const EXAMPLE_AUTH = 'https://auth.example.com';
/** The backend path the `getToken` example fetches its token from. */
export const BACKEND_TOKEN_PATH = '/my-backend/catalog-token';
/**
 * The code of the callback URL the context hands out (`callbackUrl`, `request.url`): the client
 * wrapper of ./price-catalog.ts swaps it for the sandbox's real answer to the last authorization URL.
 */
export const CONTEXT_CODE = 'code-from-the-docs-context';

export let sandbox: Sandbox;
export let api: CatalogClient;
export let baseUrl: string;
export let authUrl: string;
export let clientId: string;
export let clientSecret: string;
export let token: string;
export const redirectUri = 'https://myapp.example/callback';
export const callbackUrl = `${redirectUri}?code=${CONTEXT_CODE}&state=${CONTEXT_CODE}`;
/** The incoming request of a web framework, at the callback URL. */
export const request = { url: callbackUrl, method: 'GET' };
/** Ends long loops (`notifications.watch`): aborted 300 ms after the example starts. */
export let signal: AbortSignal;
export const userId = 1;
/** A make-believe database for the token-store example. */
export let db: {
  tokensOf(userId: number): UserTokens | undefined;
  saveTokens(userId: number, tokens: UserTokens | undefined): void;
};
export let tokenStore: TokenStore;
export let onTokens: (tokens: UserTokens) => void;

/**
 * fetch as the examples see it (also installed as globalThis.fetch while one runs): the sandbox's
 * origins, the docs' example hosts (rewritten to the sandbox) and the backend token path.
 * Anything else is refused, so an example cannot reach the network.
 */
export let fetch: typeof globalThis.fetch;

let timer: ReturnType<typeof setTimeout> | undefined;

export function setup(): void {
  sandbox = createSandbox();
  baseUrl = sandbox.baseUrl;
  authUrl = sandbox.authUrl;
  clientId = sandbox.clientId;
  clientSecret = sandbox.clientSecret;
  token = sandbox.issueToken();
  const saved = new Map<number, UserTokens>();
  db = {
    tokensOf: (id) => saved.get(id),
    saveTokens: (id, tokens) => (tokens ? saved.set(id, tokens) : saved.delete(id)),
  };
  tokenStore = { get: () => db.tokensOf(userId), set: (tokens) => db.saveTokens(userId, tokens) };
  onTokens = () => {};
  const controller = new AbortController();
  signal = controller.signal;
  timer = setTimeout(() => controller.abort(), 300);
  const current = sandbox;
  fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === BACKEND_TOKEN_PATH) return Response.json({ access_token: current.issueToken() });
    const routed = url.startsWith(EXAMPLE_API)
      ? current.baseUrl + url.slice(EXAMPLE_API.length)
      : url.startsWith(EXAMPLE_AUTH)
        ? current.authUrl + url.slice(EXAMPLE_AUTH.length)
        : url;
    if (!routed.startsWith(current.baseUrl) && !routed.startsWith(current.authUrl)) {
      throw new TypeError(`a docs example fetched ${url}, which the docs context does not serve`);
    }
    return current.fetch(new Request(routed, input instanceof Request ? input : init));
  };
  process.env.CLIENT_ID = clientId;
  process.env.CLIENT_SECRET = clientSecret;
  process.env.CATALOG_TOKEN = token;
  api = wrapClient(createClient({ baseUrl, authUrl, clientId, clientSecret, fetch }));
  printed.length = 0;
}

export async function teardown(): Promise<void> {
  clearTimeout(timer);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  delete process.env.CLIENT_ID;
  delete process.env.CLIENT_SECRET;
  delete process.env.CATALOG_TOKEN;
}

/**
 * The user's part of the authorization-code flow, for examples that hand over `callbackUrl` or
 * `request.url`: the client's last authorization URL is opened at the sandbox (which approves as
 * alice) and its redirect is the callback handed to the real `handleCallback`.
 */
export function wrapClient<C extends BaseClient>(client: C): C {
  const auth = client.auth;
  let issued: string | undefined;
  const wrapped: ClientAuth = {
    ...auth,
    authorizationUrl: (params) => {
      const step1 = auth.authorizationUrl(params);
      issued = step1.url;
      return step1;
    },
    handleCallback: async (url, expected) => {
      if (!String(url).includes(CONTEXT_CODE)) return auth.handleCallback(url, expected);
      if (!issued) throw new Error('the example handed over a callback before making an authorization URL');
      const page = await fetch(issued, { redirect: 'manual' });
      const location = page.headers.get('location');
      if (!location) throw new Error(`the sandbox's authorize page answered ${page.status} without Location`);
      return auth.handleCallback(location, expected);
    },
  };
  (client as { auth: ClientAuth }).auth = wrapped;
  return client;
}
