/**
 * The context every ```ts example of README.md and docs/*.md runs in (see test/docs-examples.test.ts).
 * Its exports are live bindings: `setup()` starts a fresh sandbox on loopback for each example and
 * sets the environment `npx price-catalog-sandbox` prints for it, and nothing else of the app's.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaseClient, ClientAuth, TokenStore, UserTokens } from '../../src/index.js';
import { type SandboxEnvironment, sandboxEnvironment } from '../../src/sandbox/environment.js';
import { createSandbox, type Sandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { cleanups } from './cleanups.js';

/** What an example's `console.log` printed (kept here, not printed). */
export const printed: unknown[][] = [];
export const console = {
  log: (...args: unknown[]) => void printed.push(args),
  info: (...args: unknown[]) => void printed.push(args),
  warn: (...args: unknown[]) => void printed.push(args),
  error: (...args: unknown[]) => void printed.push(args),
  debug: () => {},
};

/**
 * The code of the callback URL the context hands out (`callbackUrl`, `request.url`): the client
 * wrapper of ./price-catalog.ts swaps it for the sandbox's real answer to the last authorization URL.
 */
export const CONTEXT_CODE = 'code-from-the-docs-context';

/**
 * Variables an example must not find set: the SDK's own (`PRICE_CATALOG_*`, set again from the
 * sandbox) and the names the docs used before they took the CLI's, so a page still on them fails.
 */
const FOREIGN =
  /^(PRICE_CATALOG_\w+|CLIENT_ID|CLIENT_SECRET|CATALOG_TOKEN|REDIS_URL|REDIS_PREFIX|API_BASE_URL|AUTH_URL)$/;

export let sandbox: Sandbox;
/** The environment of this example: the sandbox's variables and the page's extras (the Redis URL). */
export let environment: Record<string, string>;
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
 * The global fetch while an example runs: the real one, to the started sandbox only. Anything
 * else is refused, so an example cannot reach the network or a host the reader has not got.
 */
export let fetch: typeof globalThis.fetch;

/** Node's fetch, taken before any example or msw server replaced the global one. */
const realFetch = globalThis.fetch;
let timer: ReturnType<typeof setTimeout> | undefined;
let server: SandboxServer | undefined;
let saved: Record<string, string | undefined> = {};

/** Starts the example's sandbox and sets its environment (plus `extra`: the page's own variables). */
export async function setup(extra: Record<string, string> = {}): Promise<SandboxEnvironment> {
  sandbox = createSandbox();
  server = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  const stateDir = mkdtempSync(join(tmpdir(), 'price-catalog-docs-'));
  const env = sandboxEnvironment({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    token: sandbox.issueToken(),
    stateDir,
  });
  cleanups.push(() => removeStateDir(stateDir));
  saved = {};
  for (const name of Object.keys(process.env).filter((name) => FOREIGN.test(name))) {
    saved[name] = process.env[name];
    delete process.env[name];
  }
  environment = { ...env, ...extra };
  for (const [name, value] of Object.entries(environment)) {
    if (!(name in saved)) saved[name] = undefined;
    process.env[name] = value;
  }

  const saveTokens = new Map<number, UserTokens>();
  db = {
    tokensOf: (id) => saveTokens.get(id),
    saveTokens: (id, tokens) => (tokens ? saveTokens.set(id, tokens) : saveTokens.delete(id)),
  };
  tokenStore = { get: () => db.tokensOf(userId), set: (tokens) => db.saveTokens(userId, tokens) };
  onTokens = () => {};
  const controller = new AbortController();
  signal = controller.signal;
  timer = setTimeout(() => controller.abort(), 300);
  const origin = new URL(server.url).origin;
  fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!URL.canParse(url) || new URL(url).origin !== origin) {
      throw new TypeError(`a docs example fetched ${url}: only the started sandbox (${origin}) answers here`);
    }
    return realFetch(input, init);
  };
  printed.length = 0;
  return env;
}

export async function teardown(): Promise<void> {
  clearTimeout(timer);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await server?.close();
  server = undefined;
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  saved = {};
}

async function removeStateDir(dir: string): Promise<void> {
  // The last answer's window update may still hold the state lock: let it finish first.
  for (let i = 0; i < 40 && existsSync(join(dir, 'state.json.lock')); i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
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
