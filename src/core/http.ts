/**
 * The core of every call (docs/contributing/architecture.md, "How a call flows"):
 *
 *   request()    the deadline over the whole call
 *   run()        input checks, URL, token and scope, cache policy (fresh answer, ETag), single flight
 *   exchange()   src/core/exchange.ts: every request of the call, until its answer
 *   answered()   an error status becomes its typed error; a 304 renews the stored answer
 *   finish()     validation and selection; the cache keeps a new answer, or a write drops stale ones
 */
import type { ApiResponse } from './api-promise.js';
import type { HttpMethod } from './attempt.js';
import {
  type CachedAnswer,
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
import { type Call, type Engine, exchange } from './exchange.js';
import type { HookRunner } from './hooks.js';
import type { Limits } from './limits.js';
import type { Log } from './logger.js';
import { checkCallOptions, isTimeLimit, type RequestOptions } from './options.js';
import { encodeQuery, type QueryParams } from './query-string.js';
import type { OnRateLimit, RateLimitInfo } from './rate-limit.js';
import type { PermanentRedirects } from './redirects.js';
import { abortError } from './signal.js';
import { SingleFlight } from './single-flight.js';
import type { TokenProvider } from './token.js';
import { fetchTransport, TimeLimit } from './transport.js';
import { type Schema, type ValidationMode, validate } from './validate.js';
import { normalizeApiVersion } from './version.js';

export type { HttpMethod, RequestOptions };

export interface CoreConfig {
  /** Checked by the client: absolute http(s), without a trailing slash. */
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
  permanent: PermanentRedirects;
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
   * For writes: the top-level path segments whose cached reads the write makes stale (without it,
   * the write's own). Endpoint knowledge: the resources give it.
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

export class HttpCore {
  private readonly engine: Engine;
  private readonly flights = new SingleFlight<Answer>();

  constructor(readonly config: CoreConfig) {
    this.engine = {
      signing: {
        origin: new URL(config.baseUrl).origin,
        tokenTransport: config.tokenTransport,
        vendor: config.vendor,
        headers: config.headers,
      },
      tokens: config.tokens,
      limits: config.limits,
      transport: fetchTransport(config.fetch),
      permanent: config.permanent,
      redirect: config.redirect,
      onRateLimit: config.onRateLimit,
      logger: config.logger,
      hooks: config.hooks,
    };
  }

  /** One call, under its deadline (one time limit over every attempt, wait and retry). */
  async request<T>(spec: CallSpec<T>): Promise<ApiResponse<T>> {
    const options = spec.options ?? {};
    const deadlineMs = options.deadline ?? this.config.deadline;
    const deadline = isTimeLimit(deadlineMs)
      ? new TimeLimit(
          options.signal,
          deadlineMs,
          `The call took longer than its deadline of ${deadlineMs} ms`,
        )
      : undefined;
    try {
      return await this.run(spec, options, deadline ? deadline.signal : options.signal);
    } catch (error) {
      throw logFailure(this.config.logger, spec.method, deadline ? deadline.explain(error) : error);
    } finally {
      deadline?.dispose();
    }
  }

  private async run<T>(
    spec: CallSpec<T>,
    options: RequestOptions,
    signal: AbortSignal | undefined,
  ): Promise<ApiResponse<T>> {
    // The call's own options, checked before anything is sent (the client's were when it was made).
    checkCallOptions(options);
    if (signal?.aborted) throw abortError(signal);
    const path = typeof spec.path === 'function' ? spec.path() : spec.path;
    // The client's version was checked and normalized when it was made.
    const version =
      options.apiVersion == null ? this.config.apiVersion : normalizeApiVersion(options.apiVersion);
    const search = encodeQuery(spec.query);
    const { baseUrl } = this.config;
    const url = search ? `${baseUrl}${path}?${search}` : `${baseUrl}${path}`;
    const payload = typeof spec.body === 'function' ? (spec.body as () => unknown)() : spec.body;
    const body = payload === undefined ? undefined : jsonBody(payload);
    const token = await this.config.tokens.get(signal);
    if (spec.scope && token.scopes && !token.scopes.includes(spec.scope)) {
      throw new InvalidRequestError(
        `${spec.method} ${path} needs the ${spec.scope} scope, which this token lacks (it has: ${token.scopes.join(' ') || 'none'})`,
        'InsufficientScope',
      );
    }
    const call: Call = {
      method: spec.method,
      url,
      version,
      body,
      headers: options.headers,
      etag: undefined,
      signal,
      timeout: options.timeout ?? this.config.timeout,
      maxRetries: options.maxRetries ?? this.config.maxRetries,
      maxRateLimitWait: options.maxRateLimitWait ?? this.config.maxRateLimitWait,
    };
    const endpoint = `${spec.method} ${path}`;
    const store = this.config.cache;
    if (spec.method !== 'GET') {
      const answer = await this.send(call, undefined, undefined);
      if (store) {
        const roots = spec.invalidates?.(path) ?? [path.split('/')[1] ?? ''];
        await invalidate(store, token.principal, roots);
      }
      return this.finish(spec, options, endpoint, answer.body, answer);
    }

    const mode = options.cache ?? 'default';
    const key = cacheKey(token.principal, version, url);
    const cached = store && mode !== 'no-store' ? await store.get(key) : undefined;
    if (cached && mode === 'default' && isFresh(cached)) {
      // Within max-age: no request at all; the token's last known window.
      this.config.logger.debug?.(`${spec.method} ${url}: fresh in the cache, not sent`);
      const rateLimit = await this.config.limits.last(token);
      const response = cachedResponse(cached, url, 'fresh');
      return this.finish(spec, options, endpoint, cached.body, { response, rateLimit });
    }
    const stored = cached && { key, answer: cached };
    const keep = store && mode !== 'no-store' ? key : undefined;
    call.etag = cached?.etag;
    // A call with its own headers, or `cache: 'no-store'`, sends its own request.
    if (options.headers || mode === 'no-store') {
      const answer = await this.send(call, stored, keep);
      return this.keep(keep, answer, this.finish(spec, options, endpoint, answer.body, answer));
    }
    const { result, leader } = this.flights.join(`${key} ${call.etag ?? ''}`, signal, (flightSignal) =>
      this.send({ ...call, signal: flightSignal }, stored, keep),
    );
    const answer = await result;
    if (leader) return this.keep(keep, answer, this.finish(spec, options, endpoint, answer.body, answer));
    // Every other caller gets its own copy of the data.
    const copy = answer.body === undefined ? undefined : structuredClone(answer.body);
    return this.finish(spec, options, endpoint, copy, answer);
  }

  /** Stores a new, validated answer that Cache-Control allows to keep; returns `result`. */
  private async keep<T>(
    key: string | undefined,
    answer: Answer,
    result: ApiResponse<T>,
  ): Promise<ApiResponse<T>> {
    const store = this.config.cache;
    if (!key || !store || !answer.fresh) return result;
    const maxAge = storableMaxAge(answer.response.headers);
    if (maxAge !== undefined)
      await store.set(key, toCachedAnswer(answer.body, answer.response.headers, maxAge, answer.size));
    return result;
  }

  /** The exchange; the typed error of a failed answer; a 304 renews the stored answer. */
  private async send(
    call: Call,
    stored: { key: string; answer: CachedAnswer } | undefined,
    keep: string | undefined,
  ): Promise<Answer> {
    const { answer, rateLimit, notModified } = await exchange(this.engine, call);
    const { response, body, size } = answer;
    const store = this.config.cache;
    if (notModified && stored && keep && store) {
      // Unchanged: the stored answer, good for another max-age.
      const renewed = {
        ...stored.answer,
        storedAt: Date.now(),
        maxAgeMs: storableMaxAge(response.headers) ?? 0,
      };
      await store.set(stored.key, renewed);
      return {
        body: stored.answer.body,
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
