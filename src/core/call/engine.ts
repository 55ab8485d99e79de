/**
 * The engine: every call of a client (docs/contributing/architecture.md, "One call, file by file"):
 *
 *   request()    the deadline over the whole call
 *   run()        input checks, URL, the token (read once for the call: principal and scope)
 *   read()       a GET: a fresh stored answer sends nothing; else the ETag, single flight
 *   answerOf()   src/core/call/exchange.ts: every request of the call, until its answer or typed error;
 *                a 304 renews the stored answer
 *   finish()     validation and selection; the cache keeps a new answer, or a write drops stale ones
 */
import { storableMaxAge } from '../../internal/cache.js';
import type { ApiResponse } from '../api-promise.js';
import {
  ConnectionError,
  InternalServerError,
  InvalidRequestError,
  ResponseValidationError,
  TimeoutError,
} from '../errors.js';
import { type CallEvent, callEvent, noteCall, traceCall } from '../observe/diagnostics.js';
import type { Log } from '../observe/logger.js';
import { checkCallOptions, isTimeLimit, type RequestOptions } from '../options.js';
import {
  type CachedAnswer,
  type CacheMode,
  type CacheStore,
  cachedResponse,
  cacheKey,
  invalidate,
  isFresh,
  renewedAnswer,
  toCachedAnswer,
} from '../stores/cache.js';
import { normalizeApiVersion } from '../version.js';
import type { HttpMethod } from './attempt.js';
import { type Call, type EngineParts, exchange } from './exchange.js';
import { encodeQuery, type QueryParams } from './query-string.js';
import type { RateLimitInfo } from './rate-limit.js';
import { abortError } from './signal.js';
import { SingleFlight } from './single-flight.js';
import { TimeLimit } from './transport.js';
import { type Schema, type ValidationMode, validate } from './validate.js';

export type { HttpMethod, RequestOptions };

export interface EngineConfig {
  /** Checked by the client: absolute http(s), without a trailing slash. */
  baseUrl: string;
  timeout: number;
  deadline: number | undefined;
  /** Normalized (normalizeApiVersion) by the client. */
  apiVersion: string;
  validation: ValidationMode;
  maxRetries: number;
  maxRateLimitWait: number;
  cache: CacheStore | undefined;
  /** Forgets the signed-in user's tokens: what a row that `signsOut` does once the server has answered. */
  signOut: (() => Promise<void>) | undefined;
  /** What the exchange sends with: signing, tokens, limits, transport, redirects, hooks, log. */
  parts: EngineParts;
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
   * For writes: which cached reads (by their URL's path) the write to `path` makes stale; without
   * it, every read under the write's first path segment. Endpoint knowledge: the resources give it.
   */
  invalidates?: ((path: string) => (cachedPath: string) => boolean) | undefined;
  options?: RequestOptions | undefined;
}

/** The answer of one exchange, before validation: shared by every caller of a single flight. */
interface CallAnswer {
  body: unknown;
  response: Response;
  rateLimit: RateLimitInfo | undefined;
  /** Body length; 0 for an answer from the cache (nothing to store). */
  size: number;
  /** Whether this answer is new (not the stored one revalidated). */
  fresh: boolean;
}

/** A GET's place in the cache: its key (when it may be stored) and the answer stored there. */
interface CachePlace {
  key: string | undefined;
  stored: CachedAnswer | undefined;
}

/**
 * The engine of a client: what every resource method calls. Its members are internal (stripped
 * from the published types): resource types name the class, no application uses it.
 */
export class Engine {
  private readonly flights = new SingleFlight<CallAnswer>();

  /** @internal */
  readonly config: EngineConfig;

  /** @internal */
  constructor(config: EngineConfig) {
    this.config = config;
  }

  /** @internal One call, published on `price-catalog:call` while someone listens (src/core/observe/diagnostics.ts). */
  request<T>(spec: CallSpec<T>): Promise<ApiResponse<T>> {
    const { cache } = this.config;
    const { limits } = this.config.parts;
    const event = callEvent(spec.method, limits.config.app, () => limits.known(), !!cache);
    return traceCall(event, () => this.call(spec, event));
  }

  /** One call, under its deadline (one time limit over every attempt, wait and retry). */
  private async call<T>(spec: CallSpec<T>, event: CallEvent | undefined): Promise<ApiResponse<T>> {
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
      return await this.run(spec, options, deadline ? deadline.signal : options.signal, event);
    } catch (error) {
      throw logFailure(this.config.parts.logger, spec.method, deadline ? deadline.explain(error) : error);
    } finally {
      deadline?.dispose();
    }
  }

  /** The call's input checked, its token read once (principal and scope); then a read or a write. */
  private async run<T>(
    spec: CallSpec<T>,
    options: RequestOptions,
    signal: AbortSignal | undefined,
    event: CallEvent | undefined,
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
    const token = await this.config.parts.tokens.get(signal);
    if (spec.scope && token.scopes && !token.scopes.includes(spec.scope)) {
      throw new InvalidRequestError(
        `${spec.method} ${path} needs the ${spec.scope} scope, which this token lacks (it has: ${token.scopes.join(' ') || 'none'})`,
        'InsufficientScope',
      );
    }
    noteCall(event, path, url, version, token.principal);
    const call: Call = {
      method: spec.method,
      url,
      version,
      body,
      headers: options.headers,
      etag: undefined,
      token,
      signal,
      timeout: options.timeout ?? this.config.timeout,
      maxRetries: options.maxRetries ?? this.config.maxRetries,
      maxRateLimitWait: options.maxRateLimitWait ?? this.config.maxRateLimitWait,
    };
    const finish = (body: unknown, answer: Answered) =>
      this.finish(spec, options, `${spec.method} ${path}`, body, answer);
    if (spec.method !== 'GET') {
      const answer = await this.answerOf(call, undefined);
      const store = this.config.cache;
      if (store) await invalidate(store, token.principal, spec.invalidates?.(path) ?? underRoot(path));
      return finish(answer.body, answer);
    }
    return this.read(call, options.cache ?? 'default', options.headers !== undefined, finish);
  }

  /** A GET: a fresh stored answer sends nothing; else one request (shared in flight), ETag included. */
  private async read<T>(
    call: Call,
    mode: CacheMode,
    ownHeaders: boolean,
    finish: (body: unknown, answer: Answered) => ApiResponse<T>,
  ): Promise<ApiResponse<T>> {
    const store = mode === 'no-store' ? undefined : this.config.cache;
    const key = cacheKey(call.token.principal, call.version, call.url);
    const stored = store ? await store.get(key) : undefined;
    if (stored && mode === 'default' && isFresh(stored)) {
      // Within max-age: no request at all; the token's last known window.
      this.config.parts.logger.debug?.(`${call.method} ${call.url}: fresh in the cache, not sent`);
      const rateLimit = await this.config.parts.limits.last(call.token);
      return finish(stored.body, { response: cachedResponse(stored, call.url, 'fresh'), rateLimit });
    }
    const place: CachePlace = { key: store ? key : undefined, stored };
    const revalidating: Call = { ...call, etag: stored?.etag };
    // A call with its own headers, or `cache: 'no-store'`, sends its own request.
    if (ownHeaders || mode === 'no-store') {
      const answer = await this.answerOf(revalidating, place);
      return this.keepNew(place, answer, finish(answer.body, answer));
    }
    const flight = `${key} ${revalidating.etag ?? ''}`;
    const { result, leader } = this.flights.join(flight, call.signal, (flightSignal) =>
      this.answerOf({ ...revalidating, signal: flightSignal }, place),
    );
    const answer = await result;
    if (leader) return this.keepNew(place, answer, finish(answer.body, answer));
    // Every other caller gets its own copy of the data.
    const copy = answer.body === undefined ? undefined : structuredClone(answer.body);
    return finish(copy, answer);
  }

  /** The exchange's answer; a 304 renews the stored answer (errors are typed by decide()). */
  private async answerOf(call: Call, place: CachePlace | undefined): Promise<CallAnswer> {
    const { received, rateLimit, notModified } = await exchange(this.config.parts, call);
    const { response, body, size } = received;
    const store = this.config.cache;
    if (notModified && place?.key && place.stored && store) {
      // Unchanged: the stored answer, good for another max-age.
      const renewed = renewedAnswer(place.stored, response.headers);
      await store.set(place.key, renewed);
      return {
        body: renewed.body,
        response: cachedResponse(renewed, call.url, 'revalidated'),
        rateLimit,
        size: 0,
        fresh: false,
      };
    }
    return { body, response, rateLimit, size, fresh: true };
  }

  /** Stores a new, validated answer that Cache-Control allows to keep; returns `result`. */
  private async keepNew<T>(
    place: CachePlace,
    answer: CallAnswer,
    result: ApiResponse<T>,
  ): Promise<ApiResponse<T>> {
    const store = this.config.cache;
    if (!place.key || !store || !answer.fresh) return result;
    const maxAge = storableMaxAge(answer.response.headers);
    if (maxAge !== undefined)
      await store.set(place.key, toCachedAnswer(answer.body, answer.response.headers, maxAge, answer.size));
    return result;
  }

  private finish<T>(
    spec: CallSpec<T>,
    options: RequestOptions,
    endpoint: string,
    body: unknown,
    answer: Answered,
  ): ApiResponse<T> {
    const { logger } = this.config.parts;
    const mode = options.validation ?? this.config.validation;
    const valid = validate(spec.schema, body, mode, endpoint, logger);
    const select = spec.select as ((body: unknown) => T) | undefined;
    const data = select ? pick(select, valid, endpoint) : (valid as T);
    return { data, response: answer.response, rateLimit: answer.rateLimit };
  }
}

/** What a result is made from besides its data. */
interface Answered {
  response: Response;
  rateLimit: RateLimitInfo | undefined;
}

/**
 * Cached reads with the first segment of `path` anywhere in theirs: a raw write's guess at what it
 * changed (a write to `/favorites/1` drops `/favorites` and `/categories/40/favorites`).
 */
function underRoot(path: string): (cachedPath: string) => boolean {
  const root = path.split('/')[1] ?? '';
  return (cachedPath) => cachedPath.split('/').includes(root);
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
