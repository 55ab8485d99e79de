/**
 * The transport: the ONE place where a request goes out and its answer comes back: fetch, the
 * per-attempt timeout (which covers reading the body, not just the headers), and the mapping of
 * every failure to a typed error. Nothing else in the SDK calls fetch for API requests.
 *
 * fetch itself, not a wrapper such as ky: the engine owns retries, redirects, errors and
 * timeouts, so a wrapper would only add its size.
 */
import { AbortError, ConnectionError, TimeoutError } from '../errors.js';
import { isTimeLimit, MAX_TIMER_MS } from '../options.js';
import { networkFailure } from './network-failure.js';
import { isRedirect } from './redirects.js';
import { abortError } from './signal.js';

/** One HTTP request as it goes out, token included. */
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

/** What came back, body read: JSON when it parses, the text otherwise, undefined when empty. */
export interface Received {
  response: Response;
  body: unknown;
  /** Length of the body text, for bounded caches. */
  size: number;
}

export type Transport = (request: Outgoing) => Promise<Received>;

/** The transport over a fetch implementation. */
export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (request) => {
    const { method, shownUrl, timeout } = request;
    const limit = isTimeLimit(timeout)
      ? new TimeLimit(
          request.signal,
          timeout,
          `${method} ${shownUrl} got no complete answer within ${timeout} ms`,
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
      throw failure(error, request, limit, networkFailure(error) ?? 'the server could not be reached');
    }
    try {
      const status = response.status;
      if (status === 204 || status === 304 || (request.redirect === 'manual' && isRedirect(status))) {
        await response.body?.cancel();
        return { response, body: undefined, size: 0 };
      }
      // The body is read inside the time limit: a stalled body ends the attempt too.
      const text = await response.text();
      if (!text) return { response, body: undefined, size: 0 };
      return { response, body: parseBody(text), size: text.length };
    } catch (error) {
      throw failure(error, request, limit, 'the connection broke while the answer was read');
    } finally {
      limit?.dispose();
    }
  };
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

  constructor(
    private readonly parent: AbortSignal | undefined,
    ms: number,
    message: string,
  ) {
    this.controller = new AbortController();
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
    return setTimeout(() => this.controller.abort(new TimeoutError(message)), ms);
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
