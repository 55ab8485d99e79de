/** The handler's own answers: JSON error bodies in the API's format, and no-store headers. */
import { JSON_TYPE } from '../http/security-headers.js';

/** The API's error format, `{errors: [{code, messages}]}`: every refusal of the handler's says it so. */
export function errorBody(code: string, message: string): { errors: [{ code: string; messages: [string] }] } {
  return { errors: [{ code, messages: [message] }] };
}

/** An answer in the API's error format, never cached by the browser. */
export function refusal(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { ...headers, 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
  });
}

/** A JSON answer that is never stored (sessions, sign-in state). */
export function privateJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
  });
}

/** A redirect that is never stored; `cookies` are Set-Cookie values. */
export function redirect(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** Whole seconds until `epochMs`, at least 1: a Retry-After value. */
export function secondsUntil(epochMs: number, now: number): string {
  return String(Math.max(1, Math.ceil((epochMs - now) / 1000)));
}
