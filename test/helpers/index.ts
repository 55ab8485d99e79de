import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { type ClientOptions, createClient, InvalidRequestError } from '../../src/index.js';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export const FIXTURES_DIR = new URL('../fixtures/recorded/', import.meta.url);

export interface Recording {
  name: string;
  request: { method: string; path: string; params: Record<string, string | number>; accept: string };
  response: { status: number; headers: Record<string, string>; body: unknown };
}

export function recordingNames(): string[] {
  return readdirSync(FIXTURES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.replace(/\.json$/, ''));
}

export function loadRecording(name: string): Recording {
  return JSON.parse(readFileSync(new URL(`${name}.json`, FIXTURES_DIR), 'utf8')) as Recording;
}

/**
 * A fetch that answers the recorded request's method and path with the recorded response and sends
 * everything else (the token endpoint) to the sandbox; `seen` collects the API URLs requested.
 */
export function replay(sandbox: Sandbox, recording: Recording) {
  const seen: URL[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (request.method === recording.request.method && url.pathname === recording.request.path) {
      seen.push(url);
      const { status, headers, body } = recording.response;
      const text = status === 204 || body === null || body === undefined ? null : JSON.stringify(body);
      return new Response(text, { status, headers });
    }
    return sandbox.fetch(request);
  };
  return { fetch, seen };
}

/** Client options for the sandbox with its application credentials. */
export function sandboxOptions(sandbox: Sandbox) {
  return {
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    fetch: sandbox.fetch,
  };
}

/** A client on the sandbox with its application credentials. */
export function sandboxClient(sandbox: Sandbox, options: Partial<ClientOptions> = {}) {
  return createClient({ ...sandboxOptions(sandbox), ...options });
}

/** A request a client sent, with its JSON body (the sandbox's log keeps no bodies). */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A fetch over `inner` that keeps, in `sent`, every request whose URL `keep` accepts. */
export function capturingFetch(inner: typeof globalThis.fetch, keep: (url: URL) => boolean) {
  const sent: SentRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (keep(url)) {
      const text = await request.clone().text();
      sent.push({
        method: request.method,
        url,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      });
    }
    return inner(request);
  };
  return { fetch, sent };
}

export function newSandbox(options?: SandboxOptions): Sandbox {
  return createSandbox(options);
}

/** Expects `call` to fail with an InvalidRequestError of `code` and to send no API request. */
export async function expectRefused(sandbox: Sandbox, call: () => PromiseLike<unknown>, code: string) {
  const before = sandbox.apiCalls().length;
  const error = await Promise.resolve(call()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidRequestError);
  expect(error).toMatchObject({ code });
  expect(sandbox.apiCalls()).toHaveLength(before);
}

/** A user-token client whose recorded request is answered with the recording `name`. */
export function replayAsUser(name: string) {
  const sandbox = newSandbox();
  const recording = loadRecording(name);
  const grant = sandbox.issueUserToken();
  const { fetch, seen } = replay(sandbox, recording);
  const api = sandboxClient(sandbox, {
    fetch,
    clientId: undefined,
    clientSecret: undefined,
    getToken: () => grant,
  });
  return { api, recording, seen };
}

/**
 * A user's and the application's clients on a fresh sandbox (no cache), whose every request, to
 * any origin (token endpoint included), is counted in `sent()`.
 */
export function countingClients() {
  const sandbox = createSandbox();
  const grant = sandbox.issueUserToken();
  let sent = 0;
  const fetch: typeof globalThis.fetch = (input, init) => {
    sent += 1;
    return sandbox.fetch(input, init);
  };
  const options = { baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, fetch, cache: false as const };
  const user = createClient({ ...options, getToken: () => grant });
  const app = createClient({ ...options, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret });
  return { user, app, sent: () => sent };
}
