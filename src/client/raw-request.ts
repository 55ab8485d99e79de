/** `api.request()`: any API call by method and path, with the client's engine (auth, limits, retries, cache, errors). */
import { APIPromise } from '../core/api-promise.js';
import { describe } from '../core/call/describe.js';
import type { Engine, HttpMethod, RequestOptions } from '../core/call/engine.js';
import { safePath } from '../core/call/paths.js';
import type { QueryParams } from '../core/call/query-string.js';
import { InvalidRequestError, isRecord } from '../core/errors.js';
import { HTTP_METHODS } from '../internal/http-method.js';

export interface RawRequest {
  method: HttpMethod;
  /**
   * An API path such as `/categories/40`, or a template such as `/shops/{id}/locations` with
   * `params`. No `?`, `#`, dot segments or empty segments: the path never leaves the base path.
   */
  path: string;
  /** Values of the path's `{name}` placeholders, each encoded as exactly one path segment. */
  params?: Readonly<Record<string, string | number>> | undefined;
  query?: QueryParams | undefined;
  /** Sent as JSON. */
  body?: unknown;
}

/** The methods `request()` sends. */
const RAW_METHODS = new Set<string>(HTTP_METHODS);

/** @internal One raw request; bad input rejects the call before anything is sent. */
export function rawRequest<T>(
  engine: Engine,
  params: RawRequest,
  options: RequestOptions | undefined,
): APIPromise<T> {
  const raw: Partial<RawRequest> = isRecord(params) ? params : {};
  // Upper case, as the engine compares it (fetch itself leaves `patch` as it is).
  const method = typeof raw.method === 'string' ? raw.method.toUpperCase() : '';
  return new APIPromise<T>(
    engine.request<T>({
      method: method as HttpMethod,
      // Inside the call, so that bad input rejects it before anything is sent.
      path: () => {
        if (!RAW_METHODS.has(method)) {
          throw new InvalidRequestError(
            `request method must be GET, POST, PUT, PATCH or DELETE, got ${describe(raw.method)}`,
            'InvalidParam',
            'method',
          );
        }
        return safePath(raw.path, raw.params);
      },
      query: raw.query,
      // The engine calls a function body to get it: a caller's function is a body as is.
      body: typeof raw.body === 'function' ? () => raw.body : raw.body,
      options,
    }),
  );
}
