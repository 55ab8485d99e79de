/**
 * The pipeline of one call (docs/architecture.md):
 *
 *   request()   deadline, then run()
 *   run()       input checks, token, scope, cache policy (fresh answer, ETag), single flight
 *   exchange()  src/core/retry.ts: the one loop, with the bound on requests per call
 *     limits      src/core/limits.ts: rate-limit window, daily budget (Coordination stores)
 *     authorize   src/core/authorize.ts: token transport; the 401 replay
 *     transport   src/core/transport.ts: fetch, timeout (body included), typed failures
 *     redirects   src/core/redirects.ts: next hop, permanent moves
 *   finish()    errors, validation, selection; cache store or invalidation
 */
import type { ApiResponse } from './api-promise.js';
import type { AccessToken, TokenProvider } from './auth.js';
import {
  type CachedAnswer,
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
  ConnectionError,
  createApiError,
  handlerBudgetRefusal,
  InternalServerError,
  InvalidRequestError,
  ResponseValidationError,
  TimeoutError,
} from './errors.js';
import type { RateLimitInfo } from './headers.js';
import type { HookRunner } from './hooks.js';
import { isPromise, type Limits } from './limits.js';
import type { Log } from './logger.js';
import { checkCallOptions, isTimeLimit } from './options.js';
import { encodeQuery, type QueryParams } from './query.js';
import type { OnRateLimit } from './rate-limit.js';
import { PermanentRedirects } from './redirects.js';
import { exchange, type HttpMethod, type LoopCall, type LoopConfig } from './retry.js';
import { abortable, abortError } from './signal.js';
import { fetchTransport, TimeLimit, type Transport } from './transport.js';
import { type Schema, type ValidationMode, validate } from './validate.js';
import { type ApiVersion, normalizeApiVersion } from './version.js';

export type { HttpMethod };

/** Options every SDK method takes as its last argument. */
export interface RequestOptions {
  /** Ends the call (and any wait inside it) with an AbortError. */
  signal?: AbortSignal | undefined;
  /** Milliseconds for one attempt, reading the answer's body included (0 or Infinity: none); overrides the client's `timeout`. */
  timeout?: number | undefined;
  /** Milliseconds for the whole call, retries and waits included (Infinity: none); overrides the client's `deadline`. */
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
  /**
   * Longest rate-limit wait this call accepts, in ms; a longer one fails at once with
   * RateLimitError (its `resetsAt` says when the window opens). Overrides the client's.
   */
  maxRateLimitWait?: number | undefined;
}

export interface CoreConfig {
  baseUrl: string;
  fetch: typeof fetch;
  timeout: number;
  deadline: number | undefined;
  /** Normalized (normalizeApiVersion) by the client. */
  apiVersion: string;
  vendor: string;
  tokenTransport: 'header' | 'query';
  validation: ValidationMode;
  /** The log at its level: a method is undefined while its level is off. */
  logger: Log;
  /** onRequest / onResponse / onError; undefined when none is set. */
  hooks?: HookRunner | undefined;
  headers: Record<string, string>;
  tokens: TokenProvider;
  maxRetries: number;
  maxRateLimitWait: number;
  cache: CacheStore | undefined;
  limits: Limits;
  onRateLimit: OnRateLimit | undefined;
  /** `manual` (Node): the SDK follows redirects itself; `follow` (browsers): the platform does. */
  redirect: 'manual' | 'follow';
  /** Shared with `forUser` clients: 301/308 moves are the same for every principal. */
  permanent?: PermanentRedirects | undefined;
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
  /**
   * For writes: the top-level path segments (besides the write's own) whose cached reads the write
   * makes stale. Endpoint knowledge: the resources give it.
   */
  invalidates?: ((path: string) => readonly string[]) | undefined;
  options?: RequestOptions | undefined;
}

/** The answer of one exchange, before validation: shared by every caller of a single flight. */
interface Answer {
  body: unknown;
  response: Response;
  rateLimit: RateLimitInfo | undefined;
  /** Body length; 0 for an answer from the cache (nothing to store). */
  size: number;
  /** Whether this answer is new (not the stored one revalidated). */
  fresh: boolean;
}

interface Flight {
  promise: Promise<Answer>;
  /** Present when the leader can abort: aborted once every caller has left. */
  controller: AbortController | undefined;
  callers: number;
}

const EMPTY: RequestOptions = {};

export class HttpCore {
  private readonly baseUrl: string;
  private readonly loop: LoopConfig;
  private readonly flights = new Map<string, Flight>();

  constructor(
    readonly config: CoreConfig,
    transport: Transport = fetchTransport(config.fetch),
  ) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.loop = {
      auth: {
        origin: new URL(this.baseUrl).origin,
        tokenTransport: config.tokenTransport,
        vendor: config.vendor,
        headers: config.headers,
      },
      tokens: config.tokens,
      limits: config.limits,
      transport,
      permanent: config.permanent ?? new PermanentRedirects(),
      redirect: config.redirect,
      onRateLimit: config.onRateLimit,
      logger: config.logger,
      hooks: config.hooks,
    };
  }

  /** The 301/308 moves this core remembers (shared with its `forUser` cores). */
  get permanent(): PermanentRedirects {
    return this.loop.permanent;
  }

  /**
   * Not an async function: without a deadline it hands back run()'s own promise (an async wrapper
   * returning it would cost the call two more microtask hops). Nothing here throws: run() is async,
   * so every failure of the call is a rejection.
   */
  request<T>(spec: CallSpec<T>): Promise<ApiResponse<T>> {
    const options = spec.options ?? EMPTY;
    const deadlineMs = options.deadline ?? this.config.deadline;
    if (isTimeLimit(deadlineMs)) return this.runWithin(spec, options, deadlineMs);
    const log = this.config.logger;
    if (!log.info) return this.run(spec, options, options.signal);
    return this.run(spec, options, options.signal).catch((error: unknown) => {
      throw logFailure(log, spec.method, error);
    });
  }

  /** The call under its deadline: one time limit over every attempt, wait and retry. */
  private async runWithin<T>(
    spec: CallSpec<T>,
    options: RequestOptions,
    deadlineMs: number,
  ): Promise<ApiResponse<T>> {
    const log = this.config.logger;
    const deadline = new TimeLimit(
      options.signal,
      deadlineMs,
      `The call took longer than its deadline of ${deadlineMs} ms`,
    );
    try {
      return await this.run(spec, options, deadline.signal);
    } catch (error) {
      throw logFailure(log, spec.method, deadline.explain(error));
    } finally {
      deadline.dispose();
    }
  }

  private async run<T>(
    spec: CallSpec<T>,
    options: RequestOptions,
    signal: AbortSignal | undefined,
  ): Promise<ApiResponse<T>> {
    // The call's own options, checked before anything is sent (the client's were when it was made).
    if (options !== EMPTY) checkCallOptions(options);
    if (signal?.aborted) throw abortError(signal);
    const path = typeof spec.path === 'function' ? spec.path() : spec.path;
    // The client's version was checked and normalized when it was made.
    const version =
      options.apiVersion == null ? this.config.apiVersion : normalizeApiVersion(options.apiVersion);
    const search = encodeQuery(spec.query);
    const url = search ? `${this.baseUrl}${path}?${search}` : `${this.baseUrl}${path}`;
    const payload = typeof spec.body === 'function' ? (spec.body as () => unknown)() : spec.body;
    const json = payload === undefined ? undefined : jsonBody(payload);
    // A fresh cached token without a wait (an await is a microtask hop on every call).
    const token = this.config.tokens.peek?.() ?? (await this.config.tokens.get(signal));
    if (spec.scope && token.scopes && !token.scopes.includes(spec.scope)) {
      throw new InvalidRequestError(
        `${spec.method} ${path} needs the ${spec.scope} scope, which this token lacks (it has: ${token.scopes.join(' ') || 'none'})`,
        'InsufficientScope',
      );
    }
    const call: LoopCall = {
      method: spec.method,
      url,
      version,
      body: json,
      headers: options.headers,
      etag: undefined,
      signal,
      timeout: options.timeout ?? this.config.timeout,
      maxRetries: options.maxRetries ?? this.config.maxRetries,
      maxRateLimitWait: options.maxRateLimitWait ?? this.config.maxRateLimitWait,
      token,
    };
    const endpoint = `${spec.method} ${path}`;
    if (spec.method !== 'GET') {
      const answer = await this.send(call, undefined, undefined);
      const store = this.config.cache;
      if (store) {
        const root = path.split('/')[1] ?? '';
        await invalidate(store, token.principal, [root, ...(spec.invalidates?.(path) ?? [])]);
      }
      return this.finish(spec, options, endpoint, answer.body, answer);
    }

    const store = this.config.cache;
    const mode = options.cache ?? 'default';
    const key = cacheKey(token.principal, version, url);
    let stored: CachedAnswer | undefined;
    if (store && mode !== 'no-store') {
      const found = store.get(key);
      stored = isPromise(found) ? await found : found;
      if (stored && mode === 'default' && isFresh(stored)) {
        // Within max-age: no request at all; the token's last known window.
        this.config.logger.debug?.(`${spec.method} ${url}: fresh in the cache, not sent`);
        const last = this.config.limits.last(token);
        const rateLimit = isPromise(last) ? await last : last;
        const response = cachedResponse(stored, url, 'fresh');
        return this.finish(spec, options, endpoint, stored.body, { response, rateLimit });
      }
      call.etag = stored?.etag;
    }
    // Identical GETs in flight (same URL, version, principal) share one request; a call with its
    // own headers, or `cache: 'no-store'`, sends its own.
    const storeKey = store && mode !== 'no-store' ? key : undefined;
    if (options.headers || mode === 'no-store') {
      const answer = await this.send(call, storeKey, stored);
      return this.keep(storeKey, answer, this.finish(spec, options, endpoint, answer.body, answer));
    }
    const flightKey = `${key} ${call.etag ?? ''}`;
    let flight = this.flights.get(flightKey);
    // A flight every caller has left is being aborted (its cleanup is a few microtasks away):
    // it is no one's to join, and a new call starts its own.
    if (flight?.controller?.signal.aborted) flight = undefined;
    let leader = false;
    if (!flight) {
      leader = true;
      const controller = signal ? new AbortController() : undefined;
      if (controller) call.signal = controller.signal;
      const promise = this.send(call, storeKey, stored);
      const started: Flight = { promise, controller, callers: 0 };
      flight = started;
      this.flights.set(flightKey, started);
      const done = (): void => {
        if (this.flights.get(flightKey) === started) this.flights.delete(flightKey);
      };
      promise.then(done, done);
    }
    const answer = await this.join(flight, signal);
    if (leader) return this.keep(storeKey, answer, this.finish(spec, options, endpoint, answer.body, answer));
    // Every other caller gets its own copy of the data.
    const body = answer.body === undefined ? undefined : structuredClone(answer.body);
    return this.finish(spec, options, endpoint, body, answer);
  }

  /**
   * Stores a new, validated answer that Cache-Control allows to keep; returns `result` (as it is
   * when nothing is stored: no promise in between on the hot path).
   */
  private keep<T>(
    key: string | undefined,
    answer: Answer,
    result: ApiResponse<T>,
  ): ApiResponse<T> | Promise<ApiResponse<T>> {
    const store = this.config.cache;
    if (!key || !store || !answer.fresh) return result;
    const maxAge = storableMaxAge(answer.response.headers);
    if (maxAge === undefined) return result;
    const done = store.set(key, toCachedAnswer(answer.body, answer.response.headers, maxAge, answer.size));
    return isPromise(done) ? done.then(() => result) : result;
  }

  /** Waits for a shared flight; a caller that aborts leaves alone, the last one to leave aborts it. */
  private join(flight: Flight, signal: AbortSignal | undefined): Promise<Answer> {
    const { controller } = flight;
    if (!controller) return abortable(flight.promise, signal);
    flight.callers++;
    if (!signal) {
      // A caller that cannot abort keeps the flight going.
      flight.callers = Number.POSITIVE_INFINITY;
      return flight.promise;
    }
    const onAbort = (): void => {
      if (--flight.callers <= 0) controller.abort(signal.reason);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const mine = abortable(flight.promise, signal);
    const leave = (): void => signal.removeEventListener('abort', onAbort);
    mine.then(leave, leave);
    return mine;
  }

  /** The exchange, the API error of a failed answer, and the cache policy of a GET. */
  private async send(
    call: LoopCall,
    key: string | undefined,
    stored: CachedAnswer | undefined,
  ): Promise<Answer> {
    const { response, body, size, rateLimit } = await exchange(this.loop, call);
    const store = this.config.cache;
    if (response.status === 304 && call.etag !== undefined && stored && key && store) {
      // Unchanged: the stored answer, good for another max-age.
      const renewed = { ...stored, storedAt: Date.now(), maxAgeMs: storableMaxAge(response.headers) ?? 0 };
      await store.set(key, renewed);
      return {
        body: stored.body,
        response: cachedResponse(renewed, call.url, 'revalidated'),
        rateLimit,
        size: 0,
        fresh: false,
      };
    }
    if (!response.ok) {
      throw (
        handlerBudgetRefusal(response.status, response.headers) ??
        createApiError({
          status: response.status,
          method: call.method,
          url: call.url,
          headers: response.headers,
          body,
          rateLimit,
        })
      );
    }
    return { body, response, rateLimit, size, fresh: true };
  }

  private finish<T>(
    spec: CallSpec<T>,
    options: RequestOptions,
    endpoint: string,
    body: unknown,
    answer: { response: Response; rateLimit: RateLimitInfo | undefined },
  ): ApiResponse<T> {
    const mode = options.validation ?? this.config.validation;
    const valid = validate(spec.schema, body, mode, endpoint, this.config.logger);
    const select = spec.select as ((body: unknown) => T) | undefined;
    const data = select ? pick(select, valid, endpoint) : (valid as T);
    return { data, response: answer.response, rateLimit: answer.rateLimit };
  }
}

/**
 * The result out of the body. With validation `warn` or `off`, the body may not have the shape
 * the selection expects: that is a ResponseValidationError, never a TypeError from inside the SDK.
 */
function pick<T>(select: (body: unknown) => T, body: unknown, endpoint: string): T {
  try {
    return select(body);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new ResponseValidationError(
      endpoint,
      [
        {
          path: [],
          message: `the answer does not have the expected shape (${error.message})`,
          code: 'invalid_type',
        },
      ],
      body,
    );
  }
}

export type { AccessToken };

/** The body as JSON; a body JSON cannot carry (a BigInt, a cycle, a function) is refused typed. */
function jsonBody(payload: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch {
    // A BigInt or a cycle: refused below, as a function is.
  }
  if (text === undefined) {
    throw new InvalidRequestError(
      'body cannot be sent as JSON: it is or holds a BigInt, a cycle or a function',
      'InvalidBody',
      'body',
    );
  }
  return text;
}

/**
 * Logs a call that failed for good and returns its error: server or network trouble and hook
 * failures at info, the rest at debug. Not at error or warn: the caller gets the error thrown,
 * and may well expect it.
 */
function logFailure(log: Log, method: HttpMethod, error: unknown): unknown {
  if (!log.info || !(error instanceof Error)) return error;
  const trouble =
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof InternalServerError ||
    error.name === 'HookError';
  (trouble ? log.info : log.debug)?.(`${method} call failed: ${error.name}: ${error.message}`);
  return error;
}
