/**
 * Building the browser's answer, in one place: a kept answer's parts (ETag, Cache-Control, `Age`,
 * `X-Catalog-Cache` saying whether it is fresh, revalidated, new or stale), the outcome of a call
 * (the new entry, the API's own error re-made from its documented fields, the last good answer
 * when the API cannot answer, or a 503 / 502 saying so), and the handler's own JSON answers and
 * refusals in the API's error format.
 */
import type { DailyUsage } from '../../index.js';
import { bodyOf, type Entry } from '../cache/entries.js';
import { staleServed, visitorRefused } from '../events.js';
import { JSON_TYPE, securityPairs } from '../http/security-headers.js';
import type { Settings } from '../settings.js';
import type { Fetched } from '../upstream/fetch-api.js';
import { errorBody } from '../upstream/upstream.js';
import type { Answer, Maybe, Prepared } from './answer.js';
import { browserCacheControl, matches, sharedCacheControl } from './cache-headers.js';

/** `hit` fresh from the cache; `revalidated` confirmed now (304); `miss` new; `stale` past its max-age. */
export type CacheState = 'hit' | 'revalidated' | 'miss' | 'stale';

/** The Response of an answer: made of its parts when it is not one yet. */
export function toResponse(answer: Answer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body as BodyInit | null, {
    status: answer.status,
    headers: answer.headers as [string, string][],
  });
}

/** The answer to a HEAD: the GET's status and headers, no body. */
export async function withoutBody(answer: Maybe<Answer>): Promise<Answer> {
  const got = await answer;
  if (!(got instanceof Response)) return { ...got, body: null };
  await got.body?.cancel();
  return new Response(null, { status: got.status, headers: got.headers });
}

/** An answer in the API's error format, never cached by the browser. */
export function refusal(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(errorBody(code, message)), {
    status,
    headers: { ...headers, 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
  });
}

/** A JSON answer that is never stored (sessions, sign-in state). */
export function privateJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...headers, 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
  });
}

/** A redirect that is never stored; `cookies` are Set-Cookie values. */
export function redirect(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

/** Whole seconds until `epochMs`, at least 1: a Retry-After value. */
export function secondsUntil(epochMs: number, now: number): string {
  return String(Math.max(1, Math.ceil((epochMs - now) / 1000)));
}

/** The handler's 502 for an API answer it will not serve: a code and a plain message, nothing of the answer. */
export function upstreamInvalid(): Response {
  return refusal(
    502,
    'UpstreamInvalid',
    'The catalog API gave an answer that is not valid data for this endpoint; it was not kept',
  );
}

/** The browser's answer from an entry: 304 when its If-None-Match matches, else the body. */
export function answerFrom(entry: Entry, state: CacheState, request: Request, now: number): Response {
  const { status, headers, body } = answerParts(entry, state, request.headers.get('if-none-match'), now);
  return new Response(body as BodyInit | null, { status, headers: headers as [string, string][] });
}

/**
 * The parts of the browser's answer from an entry, for the Fetch handler and the node adapter
 * alike: 304 when `ifNoneMatch` matches, else the body. `shared`: a public entry under the `cdn`
 * option (the settings' stale window), whose 200 (and kept 404 / 410) a CDN may keep for what is
 * left of its max-age; `plannedMs`: how long from now the pacing plans no refresh of it (0 when
 * due or unknown): past its max-age the handler serves this same answer until then, so a CDN may too.
 */
export function answerParts(
  entry: Entry,
  state: CacheState,
  ifNoneMatch: string | null,
  now: number,
  shared?: Pick<Settings, 'maxStale'>,
  plannedMs = 0,
): Prepared {
  const ageMs = Math.max(0, now - entry.storedAt);
  const freshMs = state === 'stale' ? 0 : Math.max(0, entry.maxAgeMs - ageMs);
  const notModified = entry.status === 200 && entry.etag !== undefined && matches(ifNoneMatch, entry.etag);
  const sharable = shared !== undefined && SHARABLE.has(entry.status);
  // RFC 9111 4.2.3: a cache takes `Age` off the freshness lifetime. A shared cache is told what is
  // left, with no Age (nginx ignores Age, so that is the one way both read alike); a browser the
  // whole lifetime, with the Age (stale answers keep telling how old they are). 304s alike.
  const age = String(Math.floor(ageMs / 1000));
  const cacheControl = sharable
    ? sharedCacheControl(entry, freshMs, ageMs, shared.maxStale, plannedMs)
    : browserCacheControl(entry.cacheControl, state === 'stale' ? 0 : entry.maxAgeMs);
  // A hit within the same second is the same answer: its parts are made once, sorted once.
  const key = `${state} ${notModified} ${age} ${cacheControl} ${sharable}`;
  const last = PARTS.get(entry);
  if (last?.key === key) return last.parts;
  const headers: (readonly [string, string])[] = sharable
    ? [['cache-control', cacheControl]]
    : [
        ['age', age],
        ['cache-control', cacheControl],
      ];
  // The handler's own type, never the API's: an answer is data, never markup.
  if (!notModified) headers.push(['content-type', JSON_TYPE]);
  if (entry.etag) headers.push(['etag', entry.etag]);
  if (entry.link) headers.push(['link', entry.link]);
  // The answer differs by the API version the browser's Accept names; never by its cookies.
  if (sharable) headers.push(['vary', 'Accept']);
  headers.push(['x-catalog-cache', state], ...securityPairs(notModified ? 304 : entry.status));
  // In the order a Response's headers iterate (by name), as the node adapter writes them.
  headers.sort(byName);
  const parts: Prepared = notModified
    ? { status: 304, headers, body: null, sorted: true }
    : { status: entry.status, headers, body: bodyOf(entry), sorted: true };
  PARTS.set(entry, { key, parts });
  return parts;
}

/** Each entry's last parts, by what they say (state, age, Cache-Control...). */
const PARTS = new WeakMap<Entry, { key: string; parts: Prepared }>();

function byName(a: readonly [string, string], b: readonly [string, string]): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;
}

/** The answers a shared cache may keep: the API's 200, and its 404 / 410 kept `missingMaxAge` long. */
const SHARABLE = new Set([200, 404, 410]);

export type Unavailable = Extract<Fetched, { kind: 'unavailable' }>;

/** Retry-After when the API fails and nothing says when it is back. */
const RETRY_AFTER_FAILURE_MS = 30_000;

export class Outcomes {
  constructor(
    /** `mount`: the API path of a request is what follows it. */
    private readonly settings: Pick<Settings, 'mount'>,
    private readonly usage: () => DailyUsage,
  ) {}

  of(request: Request, fetched: Fetched, stale: Entry | undefined, now: number): Response {
    switch (fetched.kind) {
      case 'entry':
        return answerFrom(fetched.entry, fetched.revalidated ? 'revalidated' : 'miss', request, now);
      case 'api':
        return passOn(fetched.status, fetched.body);
      case 'unauthorized':
        return notSignedIn('The sign-in has expired: sign in again');
      case 'unavailable':
        return this.staleOr503(request, fetched, stale, now);
      case 'invalid':
        return this.staleOr(request, stale, now) ?? upstreamInvalid();
    }
  }

  /** The kept good answer, whatever its age (its Age header says it), else undefined. */
  private staleOr(request: Request, stale: Entry | undefined, now: number): Response | undefined {
    if (stale && stale.status === 200) {
      staleServed(new URL(request.url).pathname.slice(this.settings.mount.length));
      return answerFrom(stale, 'stale', request, now);
    }
    return undefined;
  }

  /** The kept good answer, else the 503. */
  staleOr503(request: Request, fetched: Unavailable, stale: Entry | undefined, now: number): Response {
    return this.staleOr(request, stale, now) ?? this.unavailable(fetched, now);
  }

  unavailable(fetched: Unavailable, now: number): Response {
    visitorRefused(fetched.budget ? 'budget' : 'unavailable');
    if (fetched.budget) {
      const resetsAt = fetched.retryAt ?? this.usage().resetsAt.getTime();
      return refusal(
        503,
        'DailyLimitExceeded',
        `The application's daily budget of API calls is spent and no stored answer can stand in; it starts again at ${new Date(resetsAt).toISOString()}`,
        // X-Daily-Limit marks the refusal for the SDK in the browser: DailyLimitError, not retried.
        { 'retry-after': secondsUntil(resetsAt, now), 'x-daily-limit': String(this.usage().limit ?? 0) },
      );
    }
    if (fetched.coordination) return coordinationUnavailable();
    const retryAt = fetched.retryAt ?? now + RETRY_AFTER_FAILURE_MS;
    return refusal(
      503,
      'ServiceUnavailable',
      'The catalog API cannot be reached now and no stored answer can stand in',
      { 'retry-after': secondsUntil(retryAt, now) },
    );
  }
}

/** An answer of the API's (a write's result, or its refusal re-made) as the handler's own JSON. */
export function passOn(status: number, body: unknown): Response {
  if (status === 204 || body === undefined || body === null) {
    return new Response(null, { status, headers: { 'cache-control': 'no-store' } });
  }
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store' },
  });
}

export function notSignedIn(message: string): Response {
  return refusal(401, 'NotSignedIn', message);
}

/** Retry-After while the coordination cannot answer: it reconnects within seconds. */
const RETRY_AFTER_COORDINATION_S = '5';

/**
 * The coordination (Redis) cannot answer and nothing kept can stand in: no call goes out
 * without its admission, so the request is refused, never failed.
 */
export function coordinationUnavailable(): Response {
  visitorRefused('unavailable');
  return refusal(
    503,
    'CoordinationUnavailable',
    "The handler's shared state cannot be reached now and no stored answer can stand in",
    { 'retry-after': RETRY_AFTER_COORDINATION_S },
  );
}

export function notServed(): Response {
  return refusal(404, 'NotServed', "This handler serves the API's documented endpoints only");
}

/** The API cannot be asked now (the application token failed: the server's trouble, not the browser's). */
export const UNAVAILABLE: Unavailable = { kind: 'unavailable', budget: false, retryAt: undefined };
