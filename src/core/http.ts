import pRetry from 'p-retry';
import type { ApiResponse } from './api-promise.js';
import type { AccessToken, TokenProvider } from './auth.js';
import type { DailyBudget } from './budget.js';
import {
  type CacheMode,
  type CacheStore,
  cachedResponse,
  cacheKey,
  invalidate,
  isFresh,
  storableMaxAge,
  toCachedAnswer,
} from './cache.js';
import {
  AbortError,
  ConnectionError,
  createApiError,
  InternalServerError,
  InvalidRequestError,
  isRateLimitBody,
  PriceCatalogError,
  TimeoutError,
} from './errors.js';
import { parseRateLimit, type RateLimitInfo } from './headers.js';
import type { HookRequestKind, HookRunner } from './hooks.js';
import type { Log } from './logger.js';
import { encodeQuery, type QueryParams } from './query.js';
import { type OnRateLimit, type RateLimitEvent, TokenWindow } from './rate-limit.js';
import { isRedirect, nextHop, PermanentRedirects } from './redirects.js';
import { abortError, sleep } from './signal.js';
import { type Schema, type ValidationMode, validate } from './validate.js';
import { type ApiVersion, acceptHeader, normalizeApiVersion } from './version.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options every SDK method takes as its last argument. */
export interface RequestOptions {
  /** Ends the call (and any wait inside it) with an AbortError. */
  signal?: AbortSignal | undefined;
  /** Milliseconds to wait for an answer to one attempt; overrides the client's `timeout`. */
  timeout?: number | undefined;
  /** Milliseconds for the whole call, retries and waits included; overrides the client's `deadline`. */
  deadline?: number | undefined;
  /** API version for this call; overrides the client's `apiVersion`. */
  apiVersion?: ApiVersion | undefined;
  /** Extra request headers for this call. */
  headers?: Record<string, string> | undefined;
  /** Response validation for this call; overrides the client's `validation`. */
  validation?: ValidationMode | undefined;
  /** As in fetch: `default`, `no-cache` (always revalidate) or `no-store` (bypass the cache). */
  cache?: CacheMode | undefined;
  /** Retries after network errors and 500/502/503/504 (idempotent methods only); overrides the client's. */
  maxRetries?: number | undefined;
}

export interface CoreConfig {
  baseUrl: string;
  fetch: typeof fetch;
  timeout: number;
  deadline: number | undefined;
  apiVersion: string;
  vendor: string;
  tokenTransport: 'header' | 'query';
  validation: ValidationMode;
  /** The log at its level: a method is undefined while its level is off. */
  logger: Log;
  /** onRequest / onResponse / onError; undefined when none is set. */
  hooks: HookRunner | undefined;
  headers: Record<string, string>;
  tokens: TokenProvider;
  maxRetries: number;
  cache: CacheStore | undefined;
  budget: DailyBudget;
  /** The per-token limit assumed until an answer tells it. */
  rateLimit: number;
  onRateLimit: OnRateLimit | undefined;
  /** `manual` (Node): the SDK follows redirects itself; `follow` (browsers): the platform does. */
  redirect: 'manual' | 'follow';
}

export interface CallSpec<T> {
  method: HttpMethod;
  /**
   * The path, or a function giving it: a function runs inside the call, so input it rejects
   * (a bad id) becomes a rejected promise, and no request is sent.
   */
  path: string | (() => string);
  query?: QueryParams | undefined;
  /** Sent as JSON; a function runs inside the call (after `path`), so its checks reject the call. */
  body?: unknown;
  /** Validates the whole answer body. */
  schema?: Schema<unknown> | undefined;
  /** Picks the result out of the validated body (e.g. `body.category`). */
  select?: ((body: never) => T) | undefined;
  /** An OAuth scope the endpoint needs: refused before sending when the token is known to lack it. */
  scope?: string | undefined;
  options?: RequestOptions | undefined;
}

/** Everything one call needs, worked out once. */
interface Call {
  spec: CallSpec<unknown>;
  options: RequestOptions;
  method: HttpMethod;
  path: string;
  /** Absolute URL with query, no token: what is shown in errors and used as cache key. */
  url: string;
  version: string;
  signal: AbortSignal | undefined;
  /** The JSON body to send, if any. */
  body: string | undefined;
  token: AccessToken;
  replayed: boolean;
  etag: string | undefined;
  /** 1 for the first try, then one more per retry (for hooks and logs). */
  attempt: number;
}

const IDEMPOTENT = new Set<HttpMethod>(['GET', 'PUT', 'DELETE']);
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);
/** Rate-limit 403s a call may wait out before it gives up. */
const MAX_RATE_LIMIT_WAITS = 3;
const BACKOFF_BASE_MS = 300;
const BACKOFF_CAP_MS = 10_000;

/**
 * Sends API requests: version header, token transport and the one replay on 401, the per-token
 * rate limit and the daily budget, retries, the ETag cache, redirects, errors and validation.
 */
export class HttpCore {
  private readonly baseUrl: string;
  private readonly origin: string;
  private readonly windows = new WeakMap<AccessToken, TokenWindow>();
  private readonly permanent = new PermanentRedirects();

  constructor(readonly config: CoreConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
  }

  async request<T>(spec: CallSpec<T>): Promise<ApiResponse<T>> {
    const options = spec.options ?? {};
    const deadlineMs = options.deadline ?? this.config.deadline;
    const deadline = deadlineMs
      ? new TimeLimit(
          options.signal,
          deadlineMs,
          `The call took longer than its deadline of ${deadlineMs} ms`,
        )
      : undefined;
    try {
      return await this.run(spec, options, deadline?.signal ?? options.signal);
    } catch (error) {
      const failure = deadline?.explain(error) ?? error;
      if (this.config.logger.info) logFailure(this.config.logger, spec.method, failure);
      throw failure;
    } finally {
      deadline?.dispose();
    }
  }

  private async run<T>(
    spec: CallSpec<T>,
    options: RequestOptions,
    signal: AbortSignal | undefined,
  ): Promise<ApiResponse<T>> {
    if (signal?.aborted) throw abortError(signal);
    const path = typeof spec.path === 'function' ? spec.path() : spec.path;
    const version = normalizeApiVersion(options.apiVersion ?? this.config.apiVersion);
    const url = withQuery(`${this.baseUrl}${path}`, encodeQuery(spec.query));
    const payload = typeof spec.body === 'function' ? (spec.body as () => unknown)() : spec.body;
    const token = await this.config.tokens.get(signal);
    if (spec.scope && token.scopes && !token.scopes.includes(spec.scope)) {
      throw new InvalidRequestError(
        `${spec.method} ${path} needs the ${spec.scope} scope, which this token lacks (it has: ${token.scopes.join(' ') || 'none'})`,
        'InsufficientScope',
      );
    }
    const call: Call = {
      spec: spec as CallSpec<unknown>,
      options,
      method: spec.method,
      path,
      url,
      version,
      signal,
      body: payload === undefined ? undefined : JSON.stringify(payload),
      token,
      replayed: false,
      etag: undefined,
      attempt: 0,
    };

    const store = this.config.cache;
    const mode = options.cache ?? 'default';
    const key =
      store && spec.method === 'GET' && mode !== 'no-store'
        ? cacheKey(token.principal, version, url)
        : undefined;
    const stored = key ? await store?.get(key) : undefined;
    if (stored && mode === 'default' && isFresh(stored)) {
      // Within max-age: no request at all.
      this.config.logger.debug?.(`${call.method} ${url}: fresh in the cache, not sent`);
      return this.finish(call, stored.body, cachedResponse(stored, url, 'fresh'), undefined);
    }
    call.etag = stored?.etag;

    const retries = options.maxRetries ?? this.config.maxRetries;
    const { response, body, size } = await pRetry(() => this.attempt(call), {
      retries,
      minTimeout: 0,
      maxTimeout: 0,
      signal,
      shouldRetry: ({ error, attemptNumber }) => this.retryAfter(call, error, attemptNumber),
    }).catch((error: unknown) => {
      throw signal?.aborted && !(error instanceof TimeoutError) ? abortError(signal) : error;
    });
    const rateLimit = parseRateLimit(response.headers);

    if (response.status === 304 && stored && key && store) {
      // Unchanged: the stored answer, good for another max-age.
      const renewed = { ...stored, storedAt: Date.now(), maxAgeMs: storableMaxAge(response.headers) ?? 0 };
      await store.set(key, renewed);
      return this.finish(call, stored.body, cachedResponse(renewed, url, 'revalidated'), rateLimit);
    }
    const result = this.finish<T>(call, body, response, rateLimit);
    if (key && store) {
      const maxAge = storableMaxAge(response.headers);
      if (maxAge !== undefined) await store.set(key, toCachedAnswer(body, response.headers, maxAge, size));
    } else if (store && spec.method !== 'GET') {
      await invalidate(store, token.principal, path);
    }
    return result;
  }

  /**
   * One attempt: the exchange, a token renewal and replay on the first 401, the body read. An
   * error answer is thrown here, so that p-retry's shouldRetry (retryAfter) decides on it.
   */
  private async attempt(call: Call): Promise<{ response: Response; body: unknown; size: number }> {
    call.attempt++;
    let response = await this.exchange(call, call.attempt > 1 ? 'retry' : 'first');
    if (response.status === 401 && !call.replayed) {
      call.replayed = true;
      const renewed = await this.config.tokens.renew(call.token, call.signal);
      if (renewed) {
        await response.body?.cancel();
        call.token = renewed;
        this.config.logger.debug?.(`${call.method} ${call.url}: 401, replaying once with a renewed token`);
        response = await this.exchange(call, 'replay');
      }
    }
    const [body, size] = await readBody(response);
    const unchanged = response.status === 304 && call.etag !== undefined;
    if (!response.ok && !unchanged) {
      throw createApiError({
        status: response.status,
        method: call.method,
        url: call.url,
        headers: response.headers,
        body,
        rateLimit: parseRateLimit(response.headers),
      });
    }
    return { response, body, size };
  }

  /** p-retry's question: retry after this failure? If so, wait first (full jitter backoff). */
  private async retryAfter(call: Call, error: Error, attemptNumber: number): Promise<boolean> {
    const transient =
      error instanceof ConnectionError ||
      (error instanceof TimeoutError && !call.signal?.aborted) ||
      (error instanceof InternalServerError && RETRIED_STATUSES.has(error.status));
    if (!transient || !IDEMPOTENT.has(call.method)) {
      if (transient)
        this.config.logger.debug?.(
          `${call.method} ${call.url}: ${error.name}, not retried (${call.method} is not idempotent)`,
        );
      return false;
    }
    const delay = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attemptNumber - 1));
    this.config.logger.info?.(
      `${call.method} ${call.url}: ${error.name}${error instanceof InternalServerError ? ` ${error.status}` : ''}, retry ${attemptNumber} in ${Math.round(delay)} ms`,
    );
    await sleep(delay, call.signal);
    return true;
  }

  /**
   * Sends the call, following redirects, and waits out rate-limit 403s (up to a bound): the server's
   * `{ message }` 403 means this token's window is used up until X-RateLimit-Reset.
   */
  private async exchange(call: Call, kind: HookRequestKind): Promise<Response> {
    let reason: RateLimitEvent['reason'] = 'window';
    for (let waits = 0; ; waits++) {
      const response = await this.follow(call, reason, waits > 0 ? 'rate-limit' : kind);
      if (response.status !== 403 || waits >= MAX_RATE_LIMIT_WAITS) return response;
      if (!isRateLimitBody((await readBody(response.clone()))[0])) return response;
      const window = this.window(call.token);
      const rateLimit = parseRateLimit(response.headers);
      window.exhausted(rateLimit);
      const event = { reason: '403' as const, waitMs: window.waitMs(), rateLimit };
      if (this.config.onRateLimit?.(event) === false) return response;
      this.config.logger.info?.(
        `${call.method} ${call.url}: rate-limit 403, waiting ${Math.round(event.waitMs)} ms for the window (${waits + 1} of ${MAX_RATE_LIMIT_WAITS})`,
      );
      await response.body?.cancel();
      reason = '403';
    }
  }

  /**
   * 301/308: follow and remember; 302/307: repeat verbatim at Location; 303: GET. At most
   * MAX_REDIRECTS hops; a loop is a RedirectError. Each hop is a call the server counts.
   */
  private async follow(
    call: Call,
    reason: RateLimitEvent['reason'],
    kind: HookRequestKind,
  ): Promise<Response> {
    let method = call.method;
    let body = call.body;
    let current = this.permanent.resolve(call.url);
    const visited = [current];
    for (;;) {
      const response = await this.send(
        call,
        method,
        current,
        body,
        reason,
        visited.length > 1 ? 'redirect' : kind,
      );
      if (this.config.redirect !== 'manual' || !isRedirect(response.status)) return response;
      const next = nextHop(response.headers.get('location'), current, visited);
      await response.body?.cancel();
      if (response.status === 301 || response.status === 308) this.permanent.remember(current, next);
      if (response.status === 303) {
        method = 'GET';
        body = undefined;
      }
      visited.push(next);
      current = next;
    }
  }

  /**
   * One HTTP request: the onRequest hooks, then the budget, the rate-limit window and the token
   * (`transmit`), then the onResponse or onError hooks. The hooks run before the budget and the
   * window are taken, so a hook can skip neither, and one that throws has taken nothing.
   */
  private async send(
    call: Call,
    method: HttpMethod,
    url: string,
    body: string | undefined,
    reason: RateLimitEvent['reason'],
    kind: HookRequestKind,
  ): Promise<Response> {
    let headers: Record<string, string> = {
      ...this.config.headers,
      ...call.options.headers,
      accept: acceptHeader(this.config.vendor, call.version),
    };
    if (call.etag && method === 'GET') headers['if-none-match'] = call.etag;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const hooks = this.config.hooks;
    if (!hooks) return this.transmit(call, method, url, body, reason, kind, headers, undefined);

    const request = await hooks.request({ method, url, headers, kind, attempt: call.attempt }, call.signal);
    // The hooks' headers, and an authorization header of the caller's own (hooks never see it).
    const own = Object.entries(headers).filter(([name]) => name.toLowerCase() === 'authorization');
    headers = { ...Object.fromEntries(request.headers), ...Object.fromEntries(own) };
    const timing: Timing = { ms: 0, waitedMs: 0 };
    let response: Response;
    try {
      response = await this.transmit(call, method, url, body, reason, kind, headers, timing);
    } catch (error) {
      if (error instanceof PriceCatalogError) await hooks.failure(request, error, call.signal);
      throw error;
    }
    try {
      await hooks.response(request, response, timing, parseRateLimit(response.headers), call.signal);
    } catch (error) {
      await response.body?.cancel();
      throw error;
    }
    return response;
  }

  /** Sends one request: the budget, the rate-limit window, the token (same origin only), the timeout. */
  private async transmit(
    call: Call,
    method: HttpMethod,
    url: string,
    body: string | undefined,
    reason: RateLimitEvent['reason'],
    kind: HookRequestKind,
    headers: Record<string, string>,
    timing: Timing | undefined,
  ): Promise<Response> {
    const log = this.config.logger;
    const window = this.window(call.token);
    const ticket = window.acquire(call.signal, reason);
    let seq: number;
    if (typeof ticket === 'number') {
      seq = ticket;
    } else {
      log.info?.(`${method} ${url}: waiting ${Math.round(window.waitMs())} ms for the rate-limit window`);
      const waitedFrom = timing ? Date.now() : 0;
      seq = await ticket;
      if (timing) timing.waitedMs = Date.now() - waitedFrom;
    }
    this.config.budget.take();

    let target = url;
    if (new URL(url).origin === this.origin) {
      if (this.config.tokenTransport === 'query') {
        const withToken = new URL(url);
        withToken.searchParams.set('oauth_token', call.token.value);
        target = withToken.href;
      } else {
        headers.authorization = `Bearer ${call.token.value}`;
      }
    } else {
      // Credentials are for the API's origin only, never for where a redirect points.
      for (const name of Object.keys(headers))
        if (name.toLowerCase() === 'authorization') delete headers[name];
    }

    const timeout = call.options.timeout ?? this.config.timeout;
    // fetch itself, not a wrapper such as ky: the core owns retries, redirects, errors and
    // timeouts, so a wrapper would only add its size and a Request copy to every call (issue 6).
    const limit =
      timeout > 0
        ? new TimeLimit(call.signal, timeout, `${method} ${url} got no answer within ${timeout} ms`)
        : undefined;
    // `url` never has the token: it is added to `target` only.
    log.debug?.(`--> ${method} ${url} (${kind}, attempt ${call.attempt})`);
    const sentAt = timing || log.debug ? Date.now() : 0;
    let response: Response;
    try {
      response = await this.config.fetch(target, {
        method,
        headers,
        body,
        signal: limit?.signal ?? call.signal,
        redirect: this.config.redirect,
      });
    } catch (error) {
      window.failed();
      const failure = fetchFailure(error, method, url, call.signal, limit);
      log.debug?.(`<-- ${failure.name} ${method} ${url} ${Date.now() - sentAt} ms: ${failure.message}`);
      throw failure;
    } finally {
      limit?.dispose();
    }
    const rateLimit = parseRateLimit(response.headers);
    window.update(rateLimit, seq);
    if (timing) timing.ms = Date.now() - sentAt;
    log.debug?.(answerLine(method, url, response, Date.now() - sentAt, rateLimit, call.etag));
    return response;
  }

  private window(token: AccessToken): TokenWindow {
    let window = this.windows.get(token);
    if (!window) {
      window = new TokenWindow(this.config.rateLimit, this.config.onRateLimit);
      this.windows.set(token, window);
    }
    return window;
  }

  private finish<T>(
    call: Call,
    body: unknown,
    response: Response,
    rateLimit: ApiResponse<T>['rateLimit'],
  ): ApiResponse<T> {
    const mode = call.options.validation ?? this.config.validation;
    const valid = validate(call.spec.schema, body, mode, `${call.method} ${call.path}`, this.config.logger);
    const select = call.spec.select as ((body: unknown) => T) | undefined;
    return { data: select ? select(valid) : (valid as T), response, rateLimit };
  }
}

/**
 * A time limit (one attempt's timeout, or a whole call's deadline) as an AbortSignal that also
 * follows the caller's. A timer rather than AbortSignal.timeout(), which fake timers cannot drive.
 */
class TimeLimit {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout>;
  readonly signal: AbortSignal;

  constructor(
    private readonly parent: AbortSignal | undefined,
    ms: number,
    message: string,
  ) {
    this.signal = parent ? AbortSignal.any([parent, this.controller.signal]) : this.controller.signal;
    this.timer = setTimeout(() => this.controller.abort(new TimeoutError(message)), ms);
  }

  /** The TimeoutError when the time limit (not the caller) ended the call; otherwise `error`. */
  explain(error: unknown): unknown {
    const reason: unknown = this.controller.signal.reason;
    return reason instanceof TimeoutError && !this.parent?.aborted ? reason : error;
  }

  /** Stops the clock; the signal still follows the caller's (e.g. while the body is read). */
  dispose(): void {
    clearTimeout(this.timer);
  }
}

function withQuery(url: string, query: URLSearchParams): string {
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

/**
 * The body and its length: JSON when it parses, the text otherwise (a proxy's HTML page),
 * undefined when empty.
 */
async function readBody(response: Response): Promise<[unknown, number]> {
  if (response.status === 204 || response.status === 304) return [undefined, 0];
  const text = await response.text();
  if (!text) return [undefined, 0];
  try {
    return [JSON.parse(text), text.length];
  } catch {
    return [text, text.length];
  }
}

/** How long a request waited for the rate-limit window and then for its answer (for hooks). */
interface Timing {
  ms: number;
  waitedMs: number;
}

/** The typed error for a fetch that threw: the caller's abort, the attempt's timeout, or no connection. */
function fetchFailure(
  error: unknown,
  method: HttpMethod,
  url: string,
  signal: AbortSignal | undefined,
  limit: TimeLimit | undefined,
): PriceCatalogError {
  if (signal?.aborted) return abortError(signal);
  const timedOut = limit?.explain(error);
  if (timedOut instanceof TimeoutError) return timedOut;
  if (error instanceof Error && error.name === 'AbortError') {
    return new AbortError(`${method} ${url} was aborted`, { cause: error });
  }
  return new ConnectionError(`${method} ${url} failed: the server could not be reached`, { cause: error });
}

/** The debug line of an answer: status, method, URL (never with a token), time, cache and window. */
function answerLine(
  method: HttpMethod,
  url: string,
  response: Response,
  ms: number,
  rateLimit: RateLimitInfo | undefined,
  etag: string | undefined,
): string {
  const cache = response.status === 304 && etag ? ' (not modified: the cached answer is used)' : '';
  const window = rateLimit
    ? `; window ${rateLimit.remaining}/${rateLimit.limit} left, resets in ${Math.max(0, Math.round(rateLimit.reset - Date.now() / 1000))} s`
    : '';
  return `<-- ${response.status} ${method} ${url} ${ms} ms${cache}${window}`;
}

/**
 * A call that failed for good: server or network trouble and hook failures at info, the rest at
 * debug. Not at error or warn: the caller gets the error thrown, and may well expect it.
 */
function logFailure(log: Log, method: HttpMethod, error: unknown): void {
  if (!(error instanceof Error)) return;
  const trouble =
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof InternalServerError ||
    error.name === 'HookError';
  (trouble ? log.info : log.debug)?.(`${method} call failed: ${error.name}: ${error.message}`);
}
