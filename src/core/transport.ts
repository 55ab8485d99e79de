/**
 * Stage: transport. The ONE place where a request goes out and its answer comes back: fetch, the
 * per-attempt timeout (which covers reading the body, not just the headers), and the mapping of
 * every failure to a typed error. Nothing else in the SDK calls fetch for API requests.
 *
 * fetch itself, not a wrapper such as ky: the pipeline owns retries, redirects, errors and
 * timeouts, so a wrapper would only add its size and a Request copy per call (docs/architecture.md).
 */
import { AbortError, ConnectionError, TimeoutError } from './errors.js';
import type { RateLimitInfo } from './headers.js';
import { isTimeLimit, MAX_TIMER_MS } from './options.js';
import { isRedirect } from './redirects.js';
import { abortError } from './signal.js';

/** One HTTP request as the pipeline's stages have made it. */
export interface Outgoing {
  method: string;
  /** What is fetched (with `oauth_token` when the token goes in the query). */
  url: string;
  /** The same URL without any token: what errors and logs show. */
  shownUrl: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The caller's signal (deadline included). */
  signal: AbortSignal | undefined;
  /** Milliseconds for this attempt, body included; 0: none. */
  timeout: number;
  redirect: 'manual' | 'follow';
}

/** An answer with its body read: JSON when it parses, the text otherwise, undefined when empty. */
export interface Exchange {
  response: Response;
  body: unknown;
  /** Length of the body text, for bounded caches. */
  size: number;
  /**
   * The window the answer's X-RateLimit-* headers tell, parsed once by the loop (src/core/retry.ts);
   * the transport leaves it undefined. Present from the start so that setting it does not change
   * the object's shape.
   */
  rateLimit: RateLimitInfo | undefined;
}

export type Transport = (request: Outgoing) => Promise<Exchange>;

/** The transport stage over a fetch implementation. */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  const controllers = new ControllerPool();
  return async (request) => {
    const { method, shownUrl, timeout } = request;
    const limit = isTimeLimit(timeout)
      ? new TimeLimit(
          request.signal,
          timeout,
          `${method} ${shownUrl} got no complete answer within ${timeout} ms`,
          // With a caller's signal the attempt's signal is a new AbortSignal.any() anyway.
          request.signal ? undefined : controllers.take(),
        )
      : undefined;
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method,
        headers: request.headers,
        body: request.body,
        signal: limit ? limit.signal : request.signal,
        redirect: request.redirect,
      });
    } catch (error) {
      limit?.dispose();
      throw failure(error, request, limit, 'the server could not be reached');
    }
    try {
      const status = response.status;
      if (status === 204 || status === 304 || (request.redirect === 'manual' && isRedirect(status))) {
        await response.body?.cancel();
        return { response, body: undefined, size: 0, rateLimit: undefined };
      }
      // The body is read inside the time limit: a stalled body ends the attempt too.
      const text = await response.text();
      if (!text) return { response, body: undefined, size: 0, rateLimit: undefined };
      return { response, body: parseBody(text), size: text.length, rateLimit: undefined };
    } catch (error) {
      throw failure(error, request, limit, 'the connection broke while the answer was read');
    } finally {
      limit?.dispose();
      // The body was read or cancelled (or failed): nothing of this fetch is left to abort.
      if (limit?.lease) controllers.give(limit.lease);
    }
  };
}

/** Attempts one pooled controller serves before it retires. */
const CONTROLLER_USES = 32;
/** Idle controllers a transport keeps. */
const SPARE_CONTROLLERS = 8;

/** A pooled controller and the attempts it has served. */
interface Lease {
  controller: AbortController;
  uses: number;
  /**
   * Set when its time limit aborted it (nothing else can): read instead of `signal.aborted`, a
   * getter on an object whose shape V8 does not cache (a lookup miss on every call).
   */
  aborted: boolean;
}

/**
 * The AbortControllers of one transport's attempts, reused. Written by hand for Node 20, where
 * `new AbortController()` takes ~5 µs (its signal is an EventTarget whose prototype is swapped;
 * Node 22 makes one in 0.1 µs): the largest single piece of the SDK's own time per call
 * (docs/architecture.md, "What one call costs"). A controller goes back only after an attempt
 * that ended without it being aborted, and retires after CONTROLLER_USES attempts: fetch leaves a
 * listener on the signal it was given (Node's removes it when the request is collected), and
 * those must not pile up on one signal. When a reused signal aborts, the finished fetches it
 * served hear it too; their bodies were read or cancelled before their attempts ended, so for
 * them it changes nothing. Concurrent attempts never share a controller.
 */
class ControllerPool {
  private readonly spare: Lease[] = [];

  take(): Lease {
    const lease = this.spare.pop() ?? { controller: new AbortController(), uses: 0, aborted: false };
    lease.uses++;
    return lease;
  }

  give(lease: Lease): void {
    if (lease.aborted || lease.uses >= CONTROLLER_USES) return;
    if (this.spare.length < SPARE_CONTROLLERS) this.spare.push(lease);
  }
}

function failure(error: unknown, request: Outgoing, limit: TimeLimit | undefined, what: string): Error {
  if (request.signal?.aborted) return abortError(request.signal);
  const timedOut = limit?.explain(error);
  if (timedOut instanceof TimeoutError) return timedOut;
  if (error instanceof Error && error.name === 'AbortError') {
    return new AbortError(`${request.method} ${request.shownUrl} was aborted`, { cause: error });
  }
  return new ConnectionError(`${request.method} ${request.shownUrl} failed: ${what}`, { cause: error });
}

/** JSON when the text parses; otherwise the text itself (a proxy's HTML page), for the error. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A time limit (one attempt's timeout, or a whole call's deadline) as an AbortSignal that also
 * follows the caller's. A timer rather than AbortSignal.timeout(), which fake timers cannot drive.
 */
export class TimeLimit {
  private readonly controller: AbortController;
  private timer: ReturnType<typeof setTimeout>;
  readonly signal: AbortSignal;

  /** `lease`: a pooled controller to use (the transport's attempts), given back after dispose(). */
  constructor(
    private readonly parent: AbortSignal | undefined,
    ms: number,
    message: string,
    readonly lease?: Lease,
  ) {
    this.controller = lease ? lease.controller : new AbortController();
    // AbortSignal.any (slow on Node 20) only when there is a caller's signal to follow.
    this.signal = parent ? AbortSignal.any([parent, this.controller.signal]) : this.controller.signal;
    this.timer = this.wait(ms, message);
  }

  /** setTimeout waits at most MAX_TIMER_MS (Node fires a longer delay after 1 ms): longer, in steps. */
  private wait(ms: number, message: string): ReturnType<typeof setTimeout> {
    if (ms > MAX_TIMER_MS) {
      return setTimeout(() => {
        this.timer = this.wait(ms - MAX_TIMER_MS, message);
      }, MAX_TIMER_MS);
    }
    return setTimeout(() => {
      if (this.lease) this.lease.aborted = true;
      this.controller.abort(new TimeoutError(message));
    }, ms);
  }

  /** The TimeoutError when the time limit (not the caller) ended the call; otherwise `error`. */
  explain(error: unknown): unknown {
    const reason: unknown = this.controller.signal.reason;
    return reason instanceof TimeoutError && !this.parent?.aborted ? reason : error;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
