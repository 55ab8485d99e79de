/**
 * One GET through the server's SDK client, sorted into what the handler does with it: a new or
 * revalidated entry, an answer of the API's to pass on (404, 400, 422: its documented fields
 * only), an answer that is not valid data (never kept, never served), or a failure to cover
 * with a stale answer (the API down, the rate window, the day's budget).
 */
import {
  ApiError,
  type ApiVersion,
  AuthenticationError,
  type CatalogClient,
  DailyLimitError,
  InvalidRequestError,
  type QueryParams,
  RateLimitError,
  TokenError,
} from '../../index.js';
import { handlerMaxAge } from '../../internal/cache.js';
import type { Entry } from '../cache/entries.js';
import type { Settings } from '../settings.js';
import { etagOf, rewriteLink } from './api-headers.js';
import { type AnswerSchema, errorBody, invalidAnswer, refusalBody } from './upstream.js';

export type Fetched =
  | { kind: 'entry'; entry: Entry; storable: boolean; revalidated: boolean }
  | { kind: 'api'; status: number; body: unknown }
  | { kind: 'unauthorized' }
  /** A success of the API's that is not valid data for the endpoint (HTML, cut JSON, wrong types). */
  | { kind: 'invalid' }
  /** `coordination`: the shared store (Redis) could not answer, so no call was admitted. */
  | { kind: 'unavailable'; budget: boolean; retryAt: number | undefined; coordination?: boolean };

export interface GetSpec {
  path: string;
  query: QueryParams;
  version: ApiVersion | undefined;
  /** The endpoint's answer schema: an answer that fails it is never kept nor served. */
  schema?: AnswerSchema;
}

/** What a GET needs of the settings: links are rewritten from the API's base to the mount path. */
export type FetchContext = Pick<Settings, 'apiBase' | 'mount' | 'now' | 'validation' | 'logger'>;

export async function fetchGet(
  client: CatalogClient,
  spec: GetSpec,
  previous: Entry | undefined,
  context: FetchContext,
): Promise<Fetched> {
  if (previous && previous.status !== 200) previous = undefined;
  const headers = previous?.etag ? { 'if-none-match': previous.etag } : undefined;
  try {
    const { data, response } = await client
      .request({ method: 'GET', path: spec.path, query: spec.query }, { apiVersion: spec.version, headers })
      .withResponse();
    if (invalidAnswer(response, data, spec.schema, context, `GET ${spec.path}`)) {
      return { kind: 'invalid' };
    }
    const cacheControl = response.headers.get('cache-control') ?? '';
    const maxAgeMs = handlerMaxAge(cacheControl);
    return {
      kind: 'entry',
      storable: maxAgeMs !== undefined && response.status === 200,
      revalidated: false,
      entry: {
        status: 200,
        body: data,
        etag: etagOf(response.headers.get('etag')),
        storedAt: context.now(),
        maxAgeMs: maxAgeMs ?? 0,
        cacheControl,
        link: rewriteLink(response.headers.get('link'), context.apiBase, context.mount),
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 304 && previous) {
      const cacheControl = error.headers.get('cache-control') ?? previous.cacheControl;
      return {
        kind: 'entry',
        storable: true,
        revalidated: true,
        entry: {
          ...previous,
          storedAt: context.now(),
          maxAgeMs: handlerMaxAge(cacheControl) ?? 0,
          cacheControl,
          etag: etagOf(error.headers.get('etag')) ?? previous.etag,
        },
      };
    }
    return failure(error);
  }
}

/** The SDK's codes for a user whose tokens are gone (or unusable): the browser signs in again. */
const SIGNED_OUT = new Set(['NotSignedIn', 'InvalidToken']);

/** What a failed call means for the browser. */
export function failure(error: unknown): Exclude<Fetched, { kind: 'entry' | 'invalid' }> {
  if (error instanceof DailyLimitError) {
    return { kind: 'unavailable', budget: true, retryAt: error.resetsAt.getTime() };
  }
  if (error instanceof RateLimitError) {
    return { kind: 'unavailable', budget: false, retryAt: error.resetsAt?.getTime() };
  }
  if (error instanceof AuthenticationError || error instanceof TokenError) return { kind: 'unauthorized' };
  // The user's tokens went (a sign-out, an expiry without refresh) while the request was on its way.
  if (error instanceof InvalidRequestError && SIGNED_OUT.has(error.code)) return { kind: 'unauthorized' };
  // Refused by the server's client before sending: the user's token lacks the endpoint's scope.
  if (error instanceof InvalidRequestError) {
    const status = error.code === 'InsufficientScope' ? 403 : 400;
    return { kind: 'api', status, body: errorBody(error.code, error.message) };
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { kind: 'api', status: error.status, body: refusalBody(error.status, error.body) };
  }
  if (coordinationDown(error))
    return { kind: 'unavailable', budget: false, retryAt: undefined, coordination: true };
  return { kind: 'unavailable', budget: false, retryAt: undefined };
}

/**
 * The coordination could not answer (Redis down or hung: `CoordinationError`; the state file:
 * `StateFileError`). Known by name: the handler's entry does not bundle the stores' entries.
 */
export function coordinationDown(error: unknown): boolean {
  const name = (error as Error | undefined)?.name;
  return name === 'CoordinationError' || name === 'StateFileError';
}

/** The API's answers that say the same of the same request for a while: kept, so they cost one call. */
const KEPT_REFUSALS = new Set([404, 410, 422]);

/** A kept refusal of the API's as an entry (`missingMaxAge` long), or undefined for any other outcome. */
export function keptRefusal(fetched: Fetched, now: number, maxAgeMs: number): Entry | undefined {
  if (fetched.kind !== 'api' || !KEPT_REFUSALS.has(fetched.status) || maxAgeMs <= 0) return undefined;
  return {
    status: fetched.status,
    body: fetched.body,
    etag: undefined,
    storedAt: now,
    maxAgeMs,
    cacheControl: '',
    link: undefined,
  };
}
