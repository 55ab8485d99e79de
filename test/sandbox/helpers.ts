import { expect } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';

export interface Pagination {
  total_results: number;
  total_pages: number;
  page: number;
  per: number;
}

export interface ErrorsBody {
  errors: { code: string; messages: string[] }[];
}

export type Json = Record<string, unknown>;

export const ACCEPT = (version = '3.2') => `application/vnd.skroutz+json; version=${version}`;

/** The client-credentials form, for the sandbox's (or the CLI's default) credentials. */
export function tokenRequestBody(
  sandbox: Pick<Sandbox, 'clientId' | 'clientSecret'>,
  overrides: Record<string, string | undefined> = {},
): URLSearchParams {
  const fields: Record<string, string | undefined> = {
    grant_type: 'client_credentials',
    client_id: sandbox.clientId,
    client_secret: sandbox.clientSecret,
    scope: 'public',
    ...overrides,
  };
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
  return body;
}

export function requestToken(
  sandbox: Sandbox,
  overrides: Record<string, string | undefined> = {},
): Promise<Response> {
  return sandbox.fetch(`${sandbox.authUrl}/oauth2/token`, {
    method: 'POST',
    body: tokenRequestBody(sandbox, overrides),
  });
}

export async function obtainToken(sandbox: Sandbox): Promise<string> {
  const response = await requestToken(sandbox);
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

/** A GET on the API with a Bearer token; `path` may carry a query. */
export function get(
  sandbox: Sandbox,
  token: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const url = path.startsWith('http') ? path : `${sandbox.baseUrl}${path}`;
  return sandbox.fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: ACCEPT(), ...headers } });
}

export async function getJson<T = Json>(
  sandbox: Sandbox,
  token: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await get(sandbox, token, path, headers);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The URL of a rel in a Link header. */
export function linkRel(link: string | null, rel: string): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="([^"]+)"/.exec(part.trim());
    if (match && match[2] === rel) return match[1];
  }
  return undefined;
}

/** A write on the API (POST, PUT, DELETE) with a Bearer token and an optional JSON body. */
export function send(
  sandbox: Sandbox,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return sandbox.fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: ACCEPT(),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The errors-format body of a refusal, with its status checked. */
export async function errorOf(response: Response, status: number): Promise<ErrorsBody['errors'][number]> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ErrorsBody;
  expect(body.errors).toHaveLength(1);
  return body.errors[0] as ErrorsBody['errors'][number];
}

export const REDIRECT_URI = 'https://app.sandbox.test/callback';

/** Step 1 of the authorization-code flow; `overrides` replace (or, when undefined, drop) params. */
export function authorize(
  sandbox: Sandbox,
  overrides: Record<string, string | undefined> = {},
): Promise<Response> {
  const fields: Record<string, string | undefined> = {
    client_id: sandbox.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'public favorites notifications',
    state: 'st-1',
    ...overrides,
  };
  const url = new URL(`${sandbox.authUrl}/oauth2/authorizations/new`);
  for (const [key, value] of Object.entries(fields))
    if (value !== undefined) url.searchParams.set(key, value);
  return sandbox.fetch(url);
}

/** The code of an approved step 1, decoded once, as a client must. */
export async function authorizationCode(sandbox: Sandbox, scope?: string): Promise<string> {
  const response = await authorize(sandbox, scope === undefined ? {} : { scope });
  const location = response.headers.get('location');
  if (response.status !== 302 || location === null) throw new Error(`authorize: ${response.status}`);
  const code = new URL(location).searchParams.get('code');
  if (code === null) throw new Error(`authorize: no code in ${location}`);
  return code;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

/** The authorization-code flow, both steps: a user token pair. */
export async function signIn(sandbox: Sandbox, scope?: string): Promise<TokenPair> {
  const code = await authorizationCode(sandbox, scope);
  const response = await requestToken(sandbox, {
    grant_type: 'authorization_code',
    scope: undefined,
    code,
    redirect_uri: REDIRECT_URI,
  });
  if (response.status !== 200) throw new Error(`token: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenPair;
}
