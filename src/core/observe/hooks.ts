import type { RateLimitInfo } from '../call/rate-limit.js';
import { abortable, abortError } from '../call/signal.js';
import { PriceCatalogError } from '../errors.js';

/**
 * Why a request goes out: the call's `first` request, a `retry` after a network error or a 5xx,
 * a `redirect` hop, the `replay` after a 401 with a renewed token, or a `rate-limit` resend after
 * the server's rate-limit 403 was waited out.
 */
export type HookRequestKind = 'first' | 'retry' | 'redirect' | 'replay' | 'rate-limit';

/** One HTTP request of an SDK call, as `onRequest` hooks see it. */
export interface HookRequest {
  readonly method: string;
  /** The absolute URL, never with a token: with `tokenTransport: 'query'` the SDK adds `oauth_token` after the hooks. */
  readonly url: string;
  /**
   * The request's headers so far, without `authorization` (the SDK adds the token after the
   * hooks, and only for the API's origin). `onRequest` may add, change or delete headers, except
   * `authorization`, `accept`, `if-none-match` and `content-type`, which the SDK owns.
   */
  readonly headers: Headers;
  readonly kind: HookRequestKind;
  /** 1 for the call's first try, 2 for its first retry, and so on (redirects and replays keep it). */
  readonly attempt: number;
  /** Epoch milliseconds when the hooks were called, before any rate-limit wait. */
  readonly startedAt: number;
}

/** An answer to a request, as `onResponse` hooks see it. The body is the SDK's, so it is not here. */
export interface HookResponse {
  /** The same object `onRequest` was given. */
  readonly request: HookRequest;
  readonly status: number;
  /** A copy of the answer's headers. */
  readonly headers: Headers;
  /** Milliseconds from sending the request (after any rate-limit wait) to its answer, body read. */
  readonly ms: number;
  /** Milliseconds the request waited for the rate-limit window before it was sent. */
  readonly waitedMs: number;
  readonly rateLimit: RateLimitInfo | undefined;
}

/** A request that got no answer, as `onError` hooks see it. */
export interface HookFailure {
  /** The same object `onRequest` was given. */
  readonly request: HookRequest;
  /**
   * Why: ConnectionError, TimeoutError, AbortError, or (before sending) DailyLimitError or a
   * RateLimitWaitError (a wait longer than `maxRateLimitWait`, or `onRateLimit` declined it). Error statuses are answers: see `onResponse`.
   */
  readonly error: PriceCatalogError;
  /** Milliseconds from `startedAt` to the failure. */
  readonly ms: number;
}

export type OnRequestHook = (request: HookRequest) => void | Promise<void>;
export type OnResponseHook = (response: HookResponse) => void | Promise<void>;
export type OnErrorHook = (failure: HookFailure) => void | Promise<void>;

/**
 * Functions the SDK calls for every HTTP request to the API (not for the token endpoint, whose
 * requests carry secrets, and not for answers served fresh from the cache, which send nothing).
 * For each request: `onRequest`, then the rate-limit window (which may wait) and the daily budget,
 * then the token is read and added and the request is sent, then exactly one of `onResponse` (any status)
 * or `onError` (no answer). Several functions of one kind run in the order given, each awaited.
 * A hook that throws ends the call with a HookError; no other hook runs for that request.
 */
export interface Hooks {
  onRequest?: OnRequestHook | readonly OnRequestHook[] | undefined;
  onResponse?: OnResponseHook | readonly OnResponseHook[] | undefined;
  onError?: OnErrorHook | readonly OnErrorHook[] | undefined;
}

export type HookName = 'onRequest' | 'onResponse' | 'onError';

/** A hook threw (or rejected), or `onRequest` touched a header the SDK owns. The call was ended. */
export class HookError extends PriceCatalogError {
  override name = 'HookError';
  readonly hook: HookName;
  constructor(hook: HookName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.hook = hook;
  }
}

/** Headers the SDK sets itself: a hook changing them would break tokens, versions or the cache. */
const OWNED = ['authorization', 'accept', 'if-none-match', 'content-type'] as const;

/** Runs the hooks of a client; made only when at least one hook is given. */
export interface HookRunner {
  /**
   * Calls `onRequest` with the request (headers without `authorization`) and returns it, with the
   * headers the hooks left, for the engine to send.
   */
  request(
    init: {
      method: string;
      url: string;
      headers: Record<string, string>;
      kind: HookRequestKind;
      attempt: number;
    },
    signal: AbortSignal | undefined,
  ): Promise<HookRequest>;
  response(
    request: HookRequest,
    response: Response,
    timing: { ms: number; waitedMs: number },
    rateLimit: RateLimitInfo | undefined,
    signal: AbortSignal | undefined,
  ): Promise<void>;
  failure(request: HookRequest, error: PriceCatalogError, signal: AbortSignal | undefined): Promise<void>;
}

/** The runner, or undefined when no hook is set (the engine then skips every hook step). */
export function hookRunner(hooks: Hooks | undefined): HookRunner | undefined {
  if (!hooks) return undefined;
  const onRequest = hookList(hooks.onRequest);
  const onResponse = hookList(hooks.onResponse);
  const onError = hookList(hooks.onError);
  if (onRequest.length + onResponse.length + onError.length === 0) return undefined;
  return {
    async request(init, signal) {
      const headers = new Headers();
      for (const [name, value] of Object.entries(init.headers))
        if (name.toLowerCase() !== 'authorization') headers.set(name, value);
      const owned = OWNED.map((name) => headers.get(name));
      const request: HookRequest = {
        method: init.method,
        url: init.url,
        headers,
        kind: init.kind,
        attempt: init.attempt,
        startedAt: Date.now(),
      };
      for (const hook of onRequest) await run('onRequest', hook, request, signal);
      OWNED.forEach((name, i) => {
        if (headers.get(name) !== owned[i]) {
          throw new HookError('onRequest', `An onRequest hook set the ${name} header, which the SDK owns`);
        }
      });
      return request;
    },

    async response(request, response, timing, rateLimit, signal) {
      if (onResponse.length === 0) return;
      const event: HookResponse = {
        request,
        status: response.status,
        headers: new Headers(response.headers),
        ms: timing.ms,
        waitedMs: timing.waitedMs,
        rateLimit,
      };
      for (const hook of onResponse) await run('onResponse', hook, event, signal);
    },

    async failure(request, error, signal) {
      if (onError.length === 0) return;
      const event: HookFailure = { request, error, ms: Date.now() - request.startedAt };
      // The call is failing already: the caller's signal must not turn the failure into another one.
      for (const hook of onError)
        await run('onError', hook, event, error.name === 'AbortError' ? undefined : signal);
    },
  };
}

/** A hook option as a list: one function, an array of them, or none. */
export function hookList<T>(value: T | readonly T[] | undefined): readonly T[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]) as readonly T[];
}

/** One hook, bounded by the call's signal; whatever it throws becomes a HookError. */
async function run<E>(
  name: HookName,
  hook: (event: E) => void | Promise<void>,
  event: E,
  signal: AbortSignal | undefined,
): Promise<void> {
  try {
    const result = hook(event);
    if (result && typeof (result as Promise<void>).then === 'function') await abortable(result, signal);
  } catch (error) {
    if (signal?.aborted) throw abortError(signal);
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new HookError(name, `An ${name} hook threw: ${detail}`, { cause: error });
  }
}
