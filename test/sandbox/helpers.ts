import type { Sandbox } from '../../src/testing/index.js';

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

export function tokenRequestBody(
  sandbox: Sandbox,
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
