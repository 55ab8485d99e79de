/**
 * Stage: retry, the ONE loop of a call. Every request of a call goes out from here, through the
 * limits (window, budget), auth and transport stages, and every repeat is decided here: a redirect
 * hop, the one token replay after a 401, a wait after the server's rate-limit 403, a retry after a
 * network error or a 500/502/503/504 (idempotent methods only). One bound covers them all:
 *
 *   requests per call <= 1 + maxRetries + 1 (token replay) + MAX_RATE_LIMIT_WAITS, redirect hops included
 *
 * Written by hand rather than with p-retry (which the previous core used): p-retry bounds one kind
 * of repeat (attempts after a thrown error); this loop must count four kinds against one bound and
 * decide on answers that are not errors (redirects, 401, 403), and its backoff is two lines.
 */
import type { AccessToken, TokenProvider } from './auth.js';
import { type AuthConfig, authorize, replayToken } from './authorize.js';
import {
  ConnectionError,
  handlerBudgetRefusal,
  isRateLimitBody,
  PriceCatalogError,
  RedirectError,
  TimeoutError,
} from './errors.js';
import { parseRateLimit, type RateLimitInfo } from './headers.js';
import type { HookRequestKind, HookRunner } from './hooks.js';
import { isPromise, type Limits } from './limits.js';
import type { Log } from './logger.js';
import type { OnRateLimit } from './rate-limit.js';
import { isRedirect, nextHop, type PermanentRedirects } from './redirects.js';
import { sleep } from './signal.js';
import type { WindowSlot, WindowWaitReason } from './stores.js';
import type { Exchange, Transport } from './transport.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Rate-limit 403s one call may wait out before it gives up. */
export const MAX_RATE_LIMIT_WAITS = 3;
const IDEMPOTENT = new Set<string>(['GET', 'PUT', 'DELETE']);
const RETRIED_STATUSES = new Set([500, 502, 503, 504]);
const BACKOFF_BASE_MS = 300;
const BACKOFF_CAP_MS = 10_000;

/** The most requests one call may send with `maxRetries`. */
export function requestBound(maxRetries: number): number {
  return 1 + maxRetries + 1 + MAX_RATE_LIMIT_WAITS;
}

export interface LoopConfig {
  auth: AuthConfig;
  tokens: TokenProvider;
  limits: Limits;
  transport: Transport;
  permanent: PermanentRedirects;
  redirect: 'manual' | 'follow';
  onRateLimit: OnRateLimit | undefined;
  /** The log at its level: a method is undefined while its level is off (no line is built). */
  logger: Log;
  /** onRequest / onResponse / onError; undefined when none is set. */
  hooks: HookRunner | undefined;
}

/** What the loop needs of a call. */
export interface LoopCall {
  method: HttpMethod;
  /** Absolute URL with query, no token. */
  url: string;
  version: string;
  body: string | undefined;
  headers: Record<string, string> | undefined;
  etag: string | undefined;
  signal: AbortSignal | undefined;
  timeout: number;
  maxRetries: number;
  maxRateLimitWait: number;
  /** The token; replaced by the replay after a 401. */
  token: AccessToken;
}

/** Sends `call` until it has its answer (any status) or a typed error; never more than the bound. */
export async function exchange(config: LoopConfig, call: LoopCall): Promise<Exchange> {
  const bound = requestBound(call.maxRetries);
  let method: string = call.method;
  let body = call.body;
  let url = config.permanent.resolve(call.url);
  /** The URLs this call went to, from its first redirect on (most calls have none). */
  let visited: string[] | undefined;
  let retries = 0;
  let waits = 0;
  let replayed = false;
  let reason: WindowWaitReason = 'window';
  const { logger: log, hooks } = config;
  /** Why the next request goes (hooks and logs). */
  let kind: HookRequestKind = 'first';
  for (let sent = 0; ; ) {
    const authorized = authorize(config.auth, call.token, url, call.version, call.headers);
    let headers = authorized.headers;
    if (call.etag && method === 'GET') headers['if-none-match'] = call.etag;
    if (body !== undefined) headers['content-type'] = 'application/json';
    // Hooks run before the window and the budget: they can skip neither, and one that throws took
    // nothing. They never see the token (HookRunner leaves authorization out; `url` has none).
    const hooked = hooks
      ? await hooks.request({ method, url, headers, kind, attempt: retries + 1 }, call.signal)
      : undefined;
    if (hooked) headers = withHookHeaders(headers, hooked.headers);
    let slot: WindowSlot;
    let waitedFrom = 0;
    try {
      const acquired = config.limits.acquire(call.token, call.signal, call.maxRateLimitWait, reason);
      if (isPromise(acquired)) {
        if (hooks || log.info) waitedFrom = Date.now();
        slot = await acquired;
      } else slot = acquired;
    } catch (error) {
      if (hooked && error instanceof PriceCatalogError) await hooks?.failure(hooked, error, call.signal);
      throw error;
    }
    const waitedMs = waitedFrom ? Date.now() - waitedFrom : 0;
    if (waitedMs >= WAIT_LOGGED_MS)
      log.info?.(`${method} ${url}: waited ${waitedMs} ms for the rate-limit window`);
    sent++;
    // `url` never has the token: authorize() put it in `target` only.
    log.debug?.(`--> ${method} ${url} (${kind}, attempt ${retries + 1})`);
    const sentAt = hooked || log.debug ? Date.now() : 0;
    let answer: Exchange;
    try {
      answer = await config.transport({
        method,
        url: authorized.url,
        shownUrl: url,
        headers,
        body,
        signal: call.signal,
        timeout: call.timeout,
        redirect: config.redirect,
      });
    } catch (error) {
      void slot.release();
      if (error instanceof PriceCatalogError) {
        log.debug?.(`<-- ${error.name} ${method} ${url} ${Date.now() - sentAt} ms: ${error.message}`);
        if (hooked) await hooks?.failure(hooked, error, call.signal);
      }
      const transient =
        error instanceof ConnectionError || (error instanceof TimeoutError && !call.signal?.aborted);
      if (!transient || !IDEMPOTENT.has(method) || retries >= call.maxRetries || sent >= bound) {
        if (transient && !IDEMPOTENT.has(method))
          log.debug?.(`${method} ${url}: not retried (${method} is not idempotent)`);
        throw error;
      }
      retries++;
      await backoff(config, method, url, (error as Error).name, retries, call.signal);
      kind = 'retry';
      continue;
    }
    const { response } = answer;
    const status = response.status;
    const rateLimit = parseRateLimit(response.headers);
    answer.rateLimit = rateLimit;
    log.debug?.(answerLine(method, url, status, Date.now() - sentAt, rateLimit, call.etag));
    // The server says this token's window is used up until its reset: a rate-limit 403.
    const limited = status === 403 && isRateLimitBody(answer.body);
    if (limited) void slot.exhausted(rateLimit);
    else void slot.answered(rateLimit);
    // After the window has followed the answer, so a throwing onResponse leaves it consistent.
    if (hooked)
      await hooks?.response(hooked, response, { ms: Date.now() - sentAt, waitedMs }, rateLimit, call.signal);

    if (limited) {
      if (waits >= MAX_RATE_LIMIT_WAITS || sent >= bound) return answer;
      const resetMs = rateLimit?.reset ? rateLimit.reset * 1000 - Date.now() : 0;
      if (config.onRateLimit?.({ reason: '403', waitMs: Math.max(0, resetMs), rateLimit }) === false)
        return answer;
      waits++;
      log.info?.(
        `${method} ${url}: rate-limit 403, waiting ${Math.max(0, Math.round(resetMs))} ms for the window (${waits} of ${MAX_RATE_LIMIT_WAITS})`,
      );
      reason = '403';
      kind = 'rate-limit';
      continue;
    }
    reason = 'window';

    if (config.redirect === 'manual' && isRedirect(status)) {
      visited ??= [url];
      const next = nextHop(response.headers.get('location'), url, visited);
      if (sent >= bound) {
        throw new RedirectError(
          `${call.method} ${call.url}: the call reached its bound of ${bound} requests`,
          [...visited, next],
        );
      }
      if (status === 301 || status === 308) config.permanent.remember(url, next);
      if (status === 303) {
        method = 'GET';
        body = undefined;
      }
      visited.push(next);
      url = next;
      kind = 'redirect';
      continue;
    }
    if (status === 401 && !replayed && sent < bound) {
      replayed = true;
      const renewed = await replayToken(config.tokens, call.token, call.signal);
      if (renewed) {
        call.token = renewed;
        log.debug?.(`${method} ${url}: 401, replaying once with a renewed token`);
        kind = 'replay';
        continue;
      }
      return answer;
    }
    if (
      RETRIED_STATUSES.has(status) &&
      IDEMPOTENT.has(method) &&
      retries < call.maxRetries &&
      sent < bound &&
      // A backend's spent day does not come back with a retry.
      !handlerBudgetRefusal(status, response.headers)
    ) {
      retries++;
      await backoff(config, method, url, `status ${status}`, retries, call.signal);
      kind = 'retry';
      continue;
    }
    return answer;
  }
}

/** Full-jitter exponential backoff before retry number `attempt`. */
function backoff(
  config: LoopConfig,
  method: string,
  url: string,
  why: string,
  attempt: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const delay = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
  config.logger.info?.(`${method} ${url}: ${why}, retry ${attempt} in ${Math.round(delay)} ms`);
  return sleep(delay, signal);
}

/** Rate-limit waits shorter than this (a shared store's round trip) are not logged. */
const WAIT_LOGGED_MS = 5;

/** The hooks' headers, with authorize()'s authorization (present for the API's origin only). */
function withHookHeaders(authorized: Record<string, string>, hooked: Headers): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of hooked) headers[name] = value;
  for (const [name, value] of Object.entries(authorized))
    if (name.toLowerCase() === 'authorization') headers[name] = value;
  return headers;
}

/** The debug line of an answer: status, method, URL (never with a token), time, cache and window. */
function answerLine(
  method: string,
  url: string,
  status: number,
  ms: number,
  rateLimit: RateLimitInfo | undefined,
  etag: string | undefined,
): string {
  const cache = status === 304 && etag ? ' (not modified: the cached answer is used)' : '';
  const window = rateLimit
    ? `; window ${rateLimit.remaining}/${rateLimit.limit} left, resets in ${Math.max(0, Math.round(rateLimit.reset - Date.now() / 1000))} s`
    : '';
  return `<-- ${status} ${method} ${url} ${ms} ms${cache}${window}`;
}
