/**
 * The SDK's calls, published on Node's `diagnostics_channel` as TracingChannels, for any APM agent
 * and for `price-catalog/otel` (docs/observability.md). The core depends on no tracer: it only
 * publishes, and only while someone subscribes.
 *
 *   price-catalog:call                every call, cached or not (CallEvent)
 *   price-catalog:attempt             every request a call sends (AttemptEvent)
 *   price-catalog:admission           every wait for a window place and a budget call (AdmissionEvent)
 *   price-catalog:token               every token request (TokenEvent)
 *
 * Attempts, admissions and token requests run inside their call: an agent that binds a store to
 * the call channel's `start` (`bindStore`) finds its call there. The channel module is taken with
 * `process.getBuiltinModule`, never imported: a browser build holds no `node:` import, and where
 * the runtime has no diagnostics_channel nothing is published and nothing is spent; browser
 * bundles get src/core/observe/diagnostics-off.ts instead (package.json `browser`).
 */
import { routeOf } from '../../internal/route.js';
import { diagnosticsChannelModule } from '../../internal/runtime.js';
import type { ApiResponse } from '../api-promise.js';
import type { Outcome } from '../call/decide.js';
import type { DailyUsage } from '../stores/coordination.js';
import { DIAGNOSTICS_CHANNELS } from './diagnostics-names.js';
import type { HookRequestKind } from './hooks.js';

export { DIAGNOSTICS_CHANNELS };

/** Whose token a call goes with: the application's, a user's, a static one, or none (`auth: 'none'`). */
export type PrincipalKind = 'app' | 'user' | 'token' | 'none';

/** What the SDK's cache did for a GET: served it (`hit`), had it confirmed by a 304, or fetched it. */
export type CacheOutcome = 'hit' | 'miss' | 'revalidated';

/**
 * One call (`price-catalog:call`). Filled while the call runs: `route`, `url`, `apiVersion` and
 * `principal` once the request is known; the rest when it ends (before `asyncEnd`). Never holds a
 * token, a secret or an id of a principal.
 */
export interface CallEvent {
  readonly method: string;
  /** The path template, `/skus/{id}`; undefined while the path is not known (or was refused). */
  route: string | undefined;
  /** The absolute URL with its query, without any token, `oauth_token` or user info. */
  url: string | undefined;
  /** The API version asked for (`3.2`). */
  apiVersion: string | undefined;
  principal: PrincipalKind | undefined;
  /** A fingerprint of the application (the budget's key), never its clientId. */
  readonly app: string;
  /** The answer's status; for a failed call, its error's status when it has one. */
  status: number | undefined;
  /** GETs with a cache only. */
  cache: CacheOutcome | undefined;
  /** The application's day as counted in this process when the call ended. */
  budget: DailyUsage | undefined;
  /** Set by the channel: the call's result, or its error. */
  result?: ApiResponse<unknown>;
  error?: unknown;
}

/** One request of a call (`price-catalog:attempt`). */
export interface AttemptEvent {
  readonly method: string;
  /** Without any token. */
  readonly url: string;
  /** Why it goes: `first`, `retry`, `redirect`, `replay` (after a 401) or `rate-limit`. */
  readonly kind: HookRequestKind;
  /** 1 for the call's first try, 2 for its first retry (redirects and replays keep it). */
  readonly attempt: number;
  /** The answer's status, when one came. */
  status: number | undefined;
  /** The name of the error that came instead of an answer (`ConnectionError`, `TimeoutError`). */
  errorType: string | undefined;
  error?: unknown;
}

/** A request waiting for its place in the token's window and its call of the day (`price-catalog:admission`). */
export interface AdmissionEvent {
  /** `window`: the SDK's count says the window is full; `403`: the server's rate-limit answer said so. */
  readonly reason: 'window' | '403';
  /** How long the admission took, set when it ends (a few ms is a shared store's round trip). */
  waitedMs: number | undefined;
  error?: unknown;
}

/** A token request (`price-catalog:token`): never its form, its answer or the token. */
export interface TokenEvent {
  /** `client_credentials`, `authorization_code` or `refresh_token`. */
  readonly grant: string;
  /** The token endpoint, without user info or query. */
  readonly url: string;
  error?: unknown;
}

/** What `price-catalog/server`'s handler tells on `price-catalog:handler`. */
export type HandlerEvent =
  /** A stored answer served past its max-age (pacing, or the API failing). */
  | { readonly event: 'stale'; readonly route: string }
  /** A background revalidation of a stored answer started. */
  | { readonly event: 'revalidation'; readonly route: string }
  /** A visitor's request refused: `budget` (the day is spent), `unavailable`, or `share` (its share is spent). */
  | { readonly event: 'refused'; readonly reason: 'budget' | 'unavailable' | 'share' };

interface TracingChannel<Event extends object> {
  /** Node 20.13+, 22, Bun and Deno; where missing, nothing is published. */
  readonly hasSubscribers?: boolean;
  tracePromise<R>(fn: () => Promise<R>, event: Event): Promise<R>;
}

const dc = diagnosticsChannelModule<{
  tracingChannel?: <E extends object>(name: string) => TracingChannel<E>;
}>();
const channel = <E extends object>(name: string) => dc?.tracingChannel?.<E>(name);
const calls = channel<CallEvent>(DIAGNOSTICS_CHANNELS.call);
const attempts = channel<AttemptEvent>(DIAGNOSTICS_CHANNELS.attempt);
const admissions = channel<AdmissionEvent>(DIAGNOSTICS_CHANNELS.admission);
const tokens = channel<TokenEvent>(DIAGNOSTICS_CHANNELS.token);

/** `run` traced on `to` as `event`, with `settled` told its result or error first; else just `run`. */
function traced<E extends object, R>(
  to: TracingChannel<E> | undefined,
  event: E | undefined,
  run: () => Promise<R>,
  settled: (result: R | undefined, error: unknown) => void,
): Promise<R> {
  if (!to || !event) return run();
  return to.tracePromise(
    () =>
      run().then(
        (result) => {
          settled(result, undefined);
          return result;
        },
        (error: unknown) => {
          settled(undefined, error);
          throw error;
        },
      ),
    event,
  );
}

const readings = new WeakMap<CallEvent, [usage: () => DailyUsage, cached: boolean]>();

/**
 * The event of a call about to start, or undefined when nobody listens (the call then costs one
 * check). `usage` is read when the call ends; `cached`: the client has a cache.
 */
export function callEvent(
  method: string,
  app: string,
  usage: () => DailyUsage,
  cached: boolean,
): CallEvent | undefined {
  if (!calls?.hasSubscribers) return undefined;
  const event: CallEvent = {
    method,
    route: undefined,
    url: undefined,
    apiVersion: undefined,
    principal: undefined,
    app,
    status: undefined,
    cache: undefined,
    budget: undefined,
  };
  readings.set(event, [usage, cached]);
  return event;
}

/** Runs the call `run`, published as `event` when there is one. */
export function traceCall<R extends ApiResponse<unknown>>(
  event: CallEvent | undefined,
  run: () => Promise<R>,
): Promise<R> {
  return traced(calls, event, run, (result, error) => {
    const [usage, cached] = readings.get(event as CallEvent) ?? [];
    const status = result ? result.response.status : (error as { status?: unknown } | undefined)?.status;
    const e = event as CallEvent;
    e.status = typeof status === 'number' && status > 0 ? status : undefined;
    if (cached && result && e.method === 'GET') {
      const mark = result.response.headers.get('x-price-catalog-cache');
      e.cache = mark === 'HIT' ? 'hit' : mark === 'REVALIDATED' ? 'revalidated' : 'miss';
    }
    try {
      e.budget = usage?.();
    } catch {
      // A budget that cannot be read leaves the call as it is.
    }
  });
}

/** What the call sends, once the core knows it: path, URL (its token-free form), version, principal. */
export function noteCall(
  event: CallEvent | undefined,
  path: string,
  url: string,
  apiVersion: string,
  principal: string,
): void {
  if (!event) return;
  event.route = routeOf(path);
  event.url = withoutSecrets(url);
  event.apiVersion = apiVersion;
  event.principal = principal.startsWith('user:')
    ? 'user'
    : principal.startsWith('client:')
      ? 'app'
      : principal === 'none'
        ? 'none'
        : 'token';
}

/** Runs one request of a call as `price-catalog:attempt`; its outcome tells the status or the error. */
export function traceAttempt<R extends { outcome: Outcome }>(
  request: { method: string; url: string; kind: HookRequestKind; try: number },
  send: () => Promise<R>,
): Promise<R> {
  const event: AttemptEvent | undefined = attempts?.hasSubscribers
    ? {
        method: request.method,
        url: withoutSecrets(request.url),
        kind: request.kind,
        attempt: request.try,
        status: undefined,
        errorType: undefined,
      }
    : undefined;
  return traced(attempts, event, send, (sent) => {
    const outcome = sent?.outcome;
    if (!event || !outcome) return;
    if ('received' in outcome) event.status = outcome.received.response.status;
    if ('error' in outcome) event.errorType = outcome.error instanceof Error ? outcome.error.name : 'Error';
  });
}

/** Runs a window and budget admission as `price-catalog:admission`. */
export function traceAdmission<R>(reason: 'window' | '403', admit: () => Promise<R>): Promise<R> {
  const from = Date.now();
  const event: AdmissionEvent | undefined = admissions?.hasSubscribers
    ? { reason, waitedMs: undefined }
    : undefined;
  return traced(admissions, event, admit, () => {
    if (event) event.waitedMs = Date.now() - from;
  });
}

/**
 * Runs a token request as `price-catalog:token`. The channel's `result` stays empty: the answer
 * holds the token.
 */
export async function traceToken<R>(grant: string, url: string, request: () => Promise<R>): Promise<R> {
  if (!tokens?.hasSubscribers) return request();
  let answer: R | undefined;
  await tokens.tracePromise(
    async () => {
      answer = await request();
    },
    { grant, url: withoutSecrets(url).split('?')[0] as string },
  );
  return answer as R;
}

/** The URL without user info, and with the value of any parameter that carries a credential redacted. */
function withoutSecrets(url: string): string {
  return url
    .replace(/\/\/[^/?#]*@/, '//')
    .replace(
      /([?&](?:oauth_token|access_token|refresh_token|client_secret|code|token)=)[^&#]*/gi,
      '$1[redacted]',
    );
}
