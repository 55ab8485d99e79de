/**
 * What the handler checks of a browser's request before anything else: the path (plain segments
 * only), the body (bounded JSON) and, for writes, that the request comes from the app's own
 * origin (the query: query-params.ts). Anything else is a 4xx answered here, without an API call.
 */
import type { ApiVersion } from '../../index.js';
import { PLAIN_SEGMENT } from '../../internal/path-text.js';
import { API_VERSIONS } from '../../internal/versions.js';
import type { HeaderReader } from '../answers/prepared.js';
import { refusal } from '../answers/respond.js';

export interface RequestLimits {
  maxQueryLength: number;
  maxBodyBytes: number;
}

/**
 * The segments of the path under the mount path, or a refusal. The URL is checked as the browser
 * sent it (a URL parser already resolved `..`; the raw text also gets checked by the Node
 * adapter), so an escape (`%2f`, `%2e`, `%00`), a dot segment or an empty segment is a 400.
 */
export function pathSegments(url: { pathname: string }, mount: string): string[] | Response | undefined {
  const path = url.pathname;
  if (path !== mount && !path.startsWith(`${mount}/`)) return undefined;
  const rest = path.slice(mount.length);
  const segments = rest.split('/').slice(1);
  if (segments.length === 0) return undefined;
  if (segments.some((s) => !PLAIN_SEGMENT.test(s))) {
    return refusal(400, 'InvalidPath', 'The path may hold only plain segments: letters, digits, _ and -');
  }
  return segments;
}

/** The API version the browser's Accept header asks for, when it names one the API has. */
export function requestedVersion(request: { headers: HeaderReader }): ApiVersion | undefined {
  const accept = request.headers.get('accept') ?? '';
  const version = /version=([0-9.]+)/.exec(accept)?.[1];
  return version !== undefined && API_VERSIONS.has(version) ? (version as ApiVersion) : undefined;
}

/**
 * A write must come from the app's own pages: `Sec-Fetch-Site: same-origin`, or an `Origin` the
 * handler serves. A request that says neither is refused too (browsers send one of them).
 */
export function isSameOrigin(request: { headers: HeaderReader }, origins: readonly string[]): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin';
  const origin = request.headers.get('origin');
  return origin !== null && origins.includes(origin);
}

/** The JSON body of a write (undefined when empty), bounded in bytes, or a refusal. */
export async function jsonBody(
  request: Request,
  limits: RequestLimits,
): Promise<{ body: unknown } | Response> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limits.maxBodyBytes) return tooLarge(limits);
  if (!request.body) return { body: undefined };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limits.maxBodyBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge(limits);
    }
    chunks.push(value);
  }
  if (size === 0) return { body: undefined };
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    return refusal(
      415,
      'UnsupportedMediaType',
      'A request body must be JSON (Content-Type: application/json)',
    );
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  try {
    return { body: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) };
  } catch {
    return refusal(400, 'InvalidBody', 'The request body is not valid JSON');
  }
}

function tooLarge(limits: RequestLimits): Response {
  return refusal(413, 'BodyTooLarge', `The request body is larger than ${limits.maxBodyBytes} bytes`);
}
