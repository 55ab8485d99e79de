/**
 * The browser's answer to a call: the new entry, the API's own error passed on (re-made from its
 * documented fields), or, when the API cannot answer or answers what is not valid data, the last
 * good answer (stale-if-error) or a 503 / 502 saying so.
 */
import type { DailyUsage } from '../../index.js';
import { staleServed, visitorRefused } from '../events.js';
import { JSON_TYPE } from '../http/security-headers.js';
import type { Settings } from '../settings.js';
import type { Fetched } from '../upstream/fetch-api.js';
import { upstreamInvalid } from '../upstream/upstream.js';
import { answerFrom, type Entry } from './answers.js';
import { refusal, secondsUntil } from './respond.js';

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

export function notServed(): Response {
  return refusal(404, 'NotServed', "This handler serves the API's documented endpoints only");
}

/** The API cannot be asked now (the application token failed: the server's trouble, not the browser's). */
export const UNAVAILABLE: Unavailable = { kind: 'unavailable', budget: false, retryAt: undefined };
