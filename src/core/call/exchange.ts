/**
 * The exchange: every request of a call goes out from here, one attempt at a time, until the call
 * has its answer (a success or a 304) or a typed error. Each turn of the loop:
 *
 *   hooks (onRequest)   the attempt's headers as the hooks leave them
 *   limits              a window place and a budget call; the token is read here, after any wait
 *   transport           fetch with the token put on (signed), the body read, a typed failure
 *   decide              done, 304, redirect, 401 replay, rate-limit wait, retry, or the typed
 *                       error of an error status (src/core/call/decide.ts)
 *   window              the answer's X-RateLimit-* told to the token's window
 *
 * Written by hand rather than with p-retry: four kinds of repeat count against one bound, and
 * answers that are not errors (redirects, 401, 403) are decided on too.
 */

import type { AccessToken, TokenProvider } from '../auth/token.js';
import { PriceCatalogError, RateLimitWaitError, RedirectError } from '../errors.js';
import { traceAttempt } from '../observe/diagnostics.js';
import type { HookRequest, HookRunner } from '../observe/hooks.js';
import type { Log } from '../observe/logger.js';
import type { WindowWaitReason } from '../stores/coordination.js';
import {
  type Attempt,
  again,
  type Call,
  firstAttempt,
  type HttpMethod,
  redirected,
  type SigningConfig,
  signed,
  withHookHeaders,
} from './attempt.js';
import {
  decide,
  MAX_RATE_LIMIT_WAITS,
  type Outcome,
  type Rules,
  requestBound,
  type Step,
  type Tally,
} from './decide.js';
import type { Admitted, Limits } from './limits.js';
import { neverConnected } from './network-failure.js';
import { parseRateLimit, type RateLimitInfo } from './rate-limit.js';
import { nextHop, type PermanentRedirects } from './redirects.js';
import { sleep } from './signal.js';
import type { Received, Transport } from './transport.js';

export type { Call, HttpMethod };

const BACKOFF_BASE_MS = 300;
const BACKOFF_CAP_MS = 10_000;
/** Rate-limit waits shorter than this (a shared store's round trip) are not logged. */
const WAIT_LOGGED_MS = 5;

/** What the engine's exchange sends with: the client's signing, tokens, limits, transport, redirects, hooks and log. */
export interface EngineParts {
  signing: SigningConfig;
  tokens: TokenProvider;
  limits: Limits;
  transport: Transport;
  permanent: PermanentRedirects;
  redirect: 'manual' | 'follow';
  /** The log at its level: a method is undefined while its level is off (no line is built). */
  logger: Log;
  /** onRequest / onResponse / onError; undefined when none is set. */
  hooks: HookRunner | undefined;
}

/** The call's final answer: a success status, or (`notModified`) a 304 to the cache's ETag. */
export interface Exchanged {
  received: Received;
  rateLimit: RateLimitInfo | undefined;
  notModified: boolean;
}

/**
 * Sends `call` until it has its answer or fails with a typed error (an error status as its
 * ApiError, decided by decide()); never more requests than the bound.
 */
export async function exchange(parts: EngineParts, call: Call): Promise<Exchanged> {
  const { logger: log } = parts;
  const tally: Tally = { sent: 0, retries: 0, waits: 0, replayed: false };
  const rules: Rules = { maxRetries: call.maxRetries, redirect: parts.redirect, call };
  let attempt = firstAttempt(parts.signing, { ...call, url: parts.permanent.resolve(call.url) });
  /** The token the next attempt expects to go with: the call's, then the last one sent or renewed. */
  let token = call.token;
  /** The URLs this call went to, from its first redirect on (most calls have none). */
  let visited: string[] | undefined;
  let reason: WindowWaitReason = 'window';
  for (;;) {
    const sent = await traceAttempt(attempt, () =>
      sendAttempt(parts, call, attempt, token, reason, tally, rules),
    );
    const { step, outcome } = sent;
    if (step.kind === 'fail') throw step.error;
    token = sent.token ?? token;
    reason = 'window';
    if (step.kind === 'retry') {
      tally.retries++;
      await backoff(log, attempt, step.why, tally.retries, call.signal);
      attempt = again(attempt, 'retry');
      continue;
    }
    // Every other step is about an answer: the call's, unless the step sends another request.
    const { received, rateLimit } = outcome as { received: Received; rateLimit: RateLimitInfo | undefined };
    const { response } = received;
    switch (step.kind) {
      case 'done':
      case 'not-modified':
        return { received, rateLimit, notModified: step.kind === 'not-modified' };
      case 'redirect': {
        visited ??= [attempt.url];
        const next = nextHop(response.headers.get('location'), attempt.url, visited);
        if (tally.sent >= requestBound(call.maxRetries)) {
          throw new RedirectError(
            `${call.method} ${call.url}: the call reached its bound of ${requestBound(call.maxRetries)} requests`,
            [...visited, next],
          );
        }
        if (response.status === 301 || response.status === 308) parts.permanent.remember(attempt.url, next);
        visited.push(next);
        attempt = redirected(attempt, response.status, next);
        break;
      }
      case 'replay': {
        tally.replayed = true;
        const renewed = await sent.renewal;
        if (!renewed) throw step.otherwise;
        log.debug?.(`${attempt.method} ${attempt.url}: 401, replaying once with a renewed token`);
        token = renewed;
        attempt = again(attempt, 'replay');
        break;
      }
      case 'rate-limit': {
        const resetMs = rateLimit?.reset ? rateLimit.reset * 1000 - Date.now() : 0;
        const waitMs = Math.max(0, Math.round(resetMs));
        if (parts.limits.config.onRateLimit?.({ reason: '403', waitMs, rateLimit }) === false)
          throw step.otherwise;
        tally.waits++;
        log.info?.(
          `${attempt.method} ${attempt.url}: rate-limit 403, waiting ${waitMs} ms for the window (${tally.waits} of ${MAX_RATE_LIMIT_WAITS})`,
        );
        reason = '403';
        attempt = again(attempt, 'rate-limit');
        break;
      }
    }
  }
}

/**
 * One request: hooks, limits (the token read once, after any wait), transport, what the answer
 * means (decide), and the window told of it.
 */
async function sendAttempt(
  parts: EngineParts,
  call: Call,
  attempt: Attempt,
  expected: AccessToken,
  reason: WindowWaitReason,
  tally: Tally,
  rules: Rules,
): Promise<{
  outcome: Outcome;
  step: Step;
  /** The token the request went with (undefined when no request went). */
  token: AccessToken | undefined;
  /** After a 401 (first one of the call): the renewed token, or undefined when none can be had. */
  renewal: Promise<AccessToken | undefined> | undefined;
}> {
  const { logger: log, hooks, tokens } = parts;
  const { signal } = call;
  // Hooks run before the window and the budget: they can skip neither, and one that throws took
  // nothing. They never see the token (it is put on by signed(), after them).
  let hooked: HookRequest | undefined;
  if (hooks) {
    hooked = await hooks.request(
      {
        method: attempt.method,
        url: attempt.url,
        headers: attempt.headers,
        kind: attempt.kind,
        attempt: attempt.try,
      },
      signal,
    );
    attempt = withHookHeaders(attempt, hooked.headers);
  }
  const waitFrom = Date.now();
  let admitted: Admitted;
  try {
    admitted = await parts.limits.admit(
      expected,
      () => tokens.get(signal),
      signal,
      call.maxRateLimitWait,
      reason,
    );
  } catch (caught) {
    // A store's refusal of a wait knows no call: it is told for this one.
    const error =
      caught instanceof RateLimitWaitError
        ? new RateLimitWaitError({ ...caught, method: call.method, url: call.url })
        : caught;
    if (hooked && error instanceof PriceCatalogError) await hooks?.failure(hooked, error, signal);
    throw error;
  }
  const { slot, token } = admitted;
  const waitedMs = Date.now() - waitFrom;
  if (waitedMs >= WAIT_LOGGED_MS)
    log.info?.(`${attempt.method} ${attempt.url}: waited ${waitedMs} ms for the rate-limit window`);
  tally.sent++;
  log.debug?.(`--> ${attempt.method} ${attempt.url} (${attempt.kind}, attempt ${attempt.try})`);
  const sentAt = Date.now();
  let received: Received;
  try {
    received = await parts.transport(
      signed(parts.signing, attempt, token, { signal, timeout: call.timeout, redirect: parts.redirect }),
    );
  } catch (error) {
    void slot.release();
    // No connection was made (refused, or the host name did not resolve): the server counted nothing.
    if (neverConnected(error)) void parts.limits.refund();
    if (error instanceof PriceCatalogError) {
      log.debug?.(
        `<-- ${error.name} ${attempt.method} ${attempt.url} ${Date.now() - sentAt} ms: ${error.message}`,
      );
      if (hooked) await hooks?.failure(hooked, error, signal);
    }
    const outcome: Outcome = { error, aborted: signal?.aborted === true };
    return { outcome, step: decide(attempt, outcome, tally, rules), token, renewal: undefined };
  }
  const { response } = received;
  const rateLimit = parseRateLimit(response.headers);
  const outcome: Outcome = { received, rateLimit };
  const step = decide(attempt, outcome, tally, rules);
  log.debug?.(answerLine(attempt, response.status, step, Date.now() - sentAt, rateLimit));
  // A 401's renewal starts before the window hears of the answer: requests it lets go read the new token.
  const renewal = response.status === 401 && !tally.replayed ? tokens.renew(token, signal) : undefined;
  renewal?.catch(() => undefined);
  if (step.exhausted) void slot.exhausted(rateLimit);
  else void slot.answered(rateLimit);
  // After the window has followed the answer, so a throwing onResponse leaves it consistent.
  if (hooked)
    await hooks?.response(hooked, response, { ms: Date.now() - sentAt, waitedMs }, rateLimit, signal);
  return { outcome, step, token, renewal };
}

/** Full-jitter exponential backoff before retry number `retry`. */
function backoff(
  log: Log,
  attempt: Attempt,
  why: string,
  retry: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const delay = Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1));
  log.info?.(`${attempt.method} ${attempt.url}: ${why}, retry ${retry} in ${Math.round(delay)} ms`);
  return sleep(delay, signal);
}

/** The debug line of an answer: status, method, URL (never with a token), time, cache and window. */
function answerLine(
  attempt: Attempt,
  status: number,
  step: Step,
  ms: number,
  rateLimit: RateLimitInfo | undefined,
): string {
  const cache = step.kind === 'not-modified' ? ' (not modified: the cached answer is used)' : '';
  const window = rateLimit
    ? `; window ${rateLimit.remaining}/${rateLimit.limit} left, resets in ${Math.max(0, Math.round(rateLimit.reset - Date.now() / 1000))} s`
    : '';
  return `<-- ${status} ${attempt.method} ${attempt.url} ${ms} ms${cache}${window}`;
}
