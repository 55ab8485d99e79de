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
import { ConnectionError, isRateLimitBody, RedirectError, TimeoutError } from './errors.js';
import { parseRateLimit } from './headers.js';
import { isPromise, type Limits } from './limits.js';
import type { Logger } from './logger.js';
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
  logger: Logger;
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
  const visited = [url];
  let retries = 0;
  let waits = 0;
  let replayed = false;
  let reason: WindowWaitReason = 'window';
  for (let sent = 0; ; ) {
    const acquired = config.limits.acquire(call.token, call.signal, call.maxRateLimitWait, reason);
    const slot: WindowSlot = isPromise(acquired) ? await acquired : acquired;
    sent++;
    const { url: target, headers } = authorize(config.auth, call.token, url, call.version, call.headers);
    if (call.etag && method === 'GET') headers['if-none-match'] = call.etag;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let answer: Exchange;
    try {
      answer = await config.transport({
        method,
        url: target,
        shownUrl: url,
        headers,
        body,
        signal: call.signal,
        timeout: call.timeout,
        redirect: config.redirect,
      });
    } catch (error) {
      void slot.release();
      const transient =
        error instanceof ConnectionError || (error instanceof TimeoutError && !call.signal?.aborted);
      if (!transient || !IDEMPOTENT.has(method) || retries >= call.maxRetries || sent >= bound) throw error;
      retries++;
      await backoff(config, method, url, (error as Error).name, retries, call.signal);
      continue;
    }
    const { response } = answer;
    const status = response.status;
    const rateLimit = parseRateLimit(response.headers);

    if (status === 403 && isRateLimitBody(answer.body)) {
      // The server says this token's window is used up until its reset.
      void slot.exhausted(rateLimit);
      if (waits >= MAX_RATE_LIMIT_WAITS || sent >= bound) return answer;
      const resetMs = rateLimit?.reset ? rateLimit.reset * 1000 - Date.now() : 0;
      if (config.onRateLimit?.({ reason: '403', waitMs: Math.max(0, resetMs), rateLimit }) === false)
        return answer;
      waits++;
      reason = '403';
      continue;
    }
    void slot.answered(rateLimit);
    reason = 'window';

    if (config.redirect === 'manual' && isRedirect(status)) {
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
      continue;
    }
    if (status === 401 && !replayed && sent < bound) {
      replayed = true;
      const renewed = await replayToken(config.tokens, call.token, call.signal);
      if (renewed) {
        call.token = renewed;
        continue;
      }
      return answer;
    }
    if (RETRIED_STATUSES.has(status) && IDEMPOTENT.has(method) && retries < call.maxRetries && sent < bound) {
      retries++;
      await backoff(config, method, url, `status ${status}`, retries, call.signal);
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
  config.logger.debug(
    `${method} ${new URL(url).pathname}: ${why}, retry ${attempt} in ${Math.round(delay)} ms`,
  );
  return sleep(delay, signal);
}
