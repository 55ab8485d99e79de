import type { RateLimitInfo } from './call/rate-limit.js';

/** Base class of every error the SDK throws. */
export class PriceCatalogError extends Error {
  override name = 'PriceCatalogError';
}

/** One entry of the API's `{ errors: [{ code, messages }] }` body. */
export interface ApiErrorEntry {
  code: string;
  messages: string[];
}

export interface ApiErrorInit {
  status: number;
  method: string;
  /** Request URL with any `oauth_token` removed. */
  url: string;
  headers: Headers;
  body: unknown;
  rateLimit?: RateLimitInfo | undefined;
}

/** The server answered with a 4xx or 5xx status. */
export class ApiError extends PriceCatalogError {
  override name = 'ApiError';
  readonly status: number;
  /** First error code of the body (`RecordNotFound`, `InvalidSearch`, OAuth `invalid_client`, ...). */
  readonly code: string | undefined;
  readonly errors: ApiErrorEntry[];
  /** Every message of every error entry, flattened. */
  readonly messages: string[];
  readonly headers: Headers;
  readonly body: unknown;
  readonly method: string;
  readonly url: string;
  readonly rateLimit: RateLimitInfo | undefined;

  constructor(init: ApiErrorInit) {
    const errors = errorEntries(init.body);
    const messages = errors.flatMap((e) => e.messages);
    const detail = messages.length > 0 ? messages.join('; ') : bodySummary(init.body);
    super(`${init.status} ${init.method} ${init.url}${detail ? `: ${detail}` : ''}`);
    this.status = init.status;
    this.errors = errors;
    this.code = errors[0]?.code || undefined;
    this.messages = messages;
    this.headers = init.headers;
    this.body = init.body;
    this.method = init.method;
    this.url = init.url;
    this.rateLimit = init.rateLimit;
  }
}

/** 400: a parameter is missing or wrong; also a failed favorite-list assignment. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 401: credentials missing, invalid or expired (after the SDK's one token renewal). */
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
/** 403 that is not the rate limit. */
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
/** 403 with a `{ message }` body: the per-token rate limit. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  /**
   * When the token's window opens again: from the answer's X-RateLimit-Reset, or, for a wait the
   * SDK refused without sending (RateLimitWaitError), the reset it would have waited for.
   */
  readonly resetsAt: Date | undefined;
  /** Whether the request was sent (false: a RateLimitWaitError, the SDK refused to wait and sent nothing). */
  readonly sent: boolean;
  constructor(init: ApiErrorInit & { resetsAt?: Date | undefined; sent?: boolean | undefined }) {
    super(init);
    const reset = init.rateLimit?.reset;
    this.resetsAt = init.resetsAt ?? (reset ? new Date(reset * 1000) : undefined);
    this.sent = init.sent ?? true;
  }
}

/**
 * A rate-limit wait the SDK refused before sending: it would have ended at `resetsAt`, later than
 * `maxRateLimitWait` allows (or `onRateLimit` declined it). Nothing was sent, so there is no
 * answer: `sent` is false, `status` 0, `headers` empty and `body` undefined; `method` and `url`
 * are the call's.
 */
export class RateLimitWaitError extends RateLimitError {
  override name = 'RateLimitWaitError';
  declare readonly sent: false;
  declare readonly resetsAt: Date;
  /** What refused the wait: the `maxRateLimitWait` option, or `onRateLimit` returning false. */
  readonly refusedBy: 'maxRateLimitWait' | 'onRateLimit';
  /** The longest wait allowed, in ms, when `maxRateLimitWait` refused. */
  readonly maxWaitMs: number | undefined;

  constructor(init: {
    method: string;
    url: string;
    resetsAt: Date;
    rateLimit: RateLimitInfo | undefined;
    maxWaitMs: number | undefined;
  }) {
    super({ ...init, status: 0, headers: new Headers(), body: undefined, sent: false });
    this.refusedBy = init.maxWaitMs === undefined ? 'onRateLimit' : 'maxRateLimitWait';
    this.maxWaitMs = init.maxWaitMs;
    const by =
      init.maxWaitMs === undefined
        ? 'onRateLimit declined'
        : `maxRateLimitWait (${init.maxWaitMs} ms) refused`;
    const call = init.method ? `${init.method} ${init.url} was not sent` : 'The call was not sent';
    this.message = `${call}: the token's rate-limit window opens at ${init.resetsAt.toISOString()}, and ${by} the wait.`;
  }
}

/** 404: the record or route does not exist. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 422: validation failed on the server (e.g. `InvalidSearch`). */
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
}
/** 500 and other 5xx except 501. */
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}
/** 501: the action is not implemented by the server. */
export class NotImplementedError extends ApiError {
  override name = 'NotImplementedError';
}
/** What a token must be for the SDK to send it (an `Authorization` header's value). */
export const TOKEN_SHAPE = 'a non-empty string without line breaks, NUL or characters beyond U+00FF';

/** The OAuth token endpoint refused to issue a token (wrong credentials, refused grant, daily lockout). */
export class TokenError extends ApiError {
  override name = 'TokenError';
  /**
   * Set when the token endpoint answered with a redirect, which the SDK never follows (the request
   * carries the client secret): `location` is the origin the redirect named, never its path.
   */
  readonly redirect: { location: string; followed?: boolean } | undefined;
  constructor(
    init: ApiErrorInit & {
      redirect?: { location: string; followed?: boolean } | undefined;
      /** A success answer without an access token the SDK can send (its status is then 502). */
      unusable?: boolean | undefined;
    },
  ) {
    super(init);
    this.redirect = init.redirect;
    if (init.unusable) {
      this.message = `The token endpoint answered without a usable access_token (${TOKEN_SHAPE}).`;
      return;
    }
    if (init.redirect) {
      const answer = init.redirect.followed
        ? 'a redirect (which the fetch in use followed)'
        : init.status === 0
          ? 'a redirect'
          : `a ${init.status} redirect`;
      this.message = `The token endpoint answered with ${answer} to ${init.redirect.location}; token requests never follow redirects, so nothing was re-sent and no token was taken.`;
      return;
    }
    const why = this.messages.length > 0 ? this.messages.join('; ') : `status ${init.status}`;
    const lockout = init.status === 403 ? ' New tokens are refused until the daily limit resets.' : '';
    this.message = `The token endpoint refused to issue a token (${this.code ?? init.status}): ${why}.${lockout}`;
  }
}

/** The request was never answered: DNS, refused or reset connection. */
export class ConnectionError extends PriceCatalogError {
  override name = 'ConnectionError';
}

/** No answer within the configured time. */
export class TimeoutError extends PriceCatalogError {
  override name = 'TimeoutError';
}

/** The caller's AbortSignal fired. */
export class AbortError extends PriceCatalogError {
  override name = 'AbortError';
}

/**
 * The SDK refused the call before sending it, because the server would reject it anyway
 * (`code` mirrors the server's code where one exists, e.g. `InvalidSearch`).
 */
export class InvalidRequestError extends PriceCatalogError {
  override name = 'InvalidRequestError';
  readonly code: string;
  readonly param: string | undefined;
  constructor(message: string, code = 'InvalidRequest', param?: string) {
    super(message);
    this.code = code;
    this.param = param;
  }
}

/** One problem found by response validation. */
export interface ValidationIssue {
  path: (string | number)[];
  message: string;
  code?: string;
}

/** The response did not match the schema of the endpoint (validation mode `strict`). */
export class ResponseValidationError extends PriceCatalogError {
  override name = 'ResponseValidationError';
  readonly issues: ValidationIssue[];
  /** Path of the first issue, e.g. `['skus', 3, 'price_min']`. */
  readonly path: (string | number)[];
  readonly body: unknown;
  constructor(endpoint: string, issues: ValidationIssue[], body: unknown) {
    const first = issues[0];
    const where = first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'unknown issue';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    super(`Response of ${endpoint} did not match its schema at ${where}${more}`);
    this.issues = issues;
    this.path = first?.path ?? [];
    this.body = body;
  }
}

function errorEntries(body: unknown): ApiErrorEntry[] {
  if (!isRecord(body)) return [];
  if (Array.isArray(body.errors)) {
    return body.errors.filter(isRecord).map((e) => ({
      code: typeof e.code === 'string' ? e.code : '',
      messages: Array.isArray(e.messages) ? e.messages.filter((m): m is string => typeof m === 'string') : [],
    }));
  }
  // The rate-limit 403 answers `{ message }`; OAuth endpoints answer `{ error, error_description }`.
  if (typeof body.message === 'string') return [{ code: '', messages: [body.message] }];
  if (typeof body.error === 'string') {
    const description = typeof body.error_description === 'string' ? [body.error_description] : [];
    return [{ code: body.error, messages: description }];
  }
  return [];
}

function bodySummary(body: unknown): string {
  // A proxy's HTML page or any other non-JSON body: keep the message short and readable.
  if (typeof body !== 'string' || body.length === 0) return '';
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The client's daily call budget is spent: the call was not sent. Going over the API's daily limit
 * would expire every token of the client until the next day.
 */
export class DailyLimitError extends PriceCatalogError {
  override name = 'DailyLimitError';
  readonly limit: number;
  /** When the budget starts again (the next UTC midnight). */
  readonly resetsAt: Date;
  constructor(limit: number, resetsAt: Date) {
    super(
      `The daily budget of ${limit} calls is spent; it starts again at ${resetsAt.toISOString()}. The call was not sent.`,
    );
    this.limit = limit;
    this.resetsAt = resetsAt;
  }
}

/** A redirect chain was too long or came back to a URL it had visited. */
export class RedirectError extends PriceCatalogError {
  override name = 'RedirectError';
  /** The URLs visited, without any oauth_token. */
  readonly chain: string[];
  constructor(message: string, chain: string[]) {
    super(message);
    this.chain = chain;
  }
}

/** The user refused the authorization request (`?error=access_denied` on the redirect URI). */
export class AccessDeniedError extends PriceCatalogError {
  override name = 'AccessDeniedError';
  /** The `error` the authorization server sent back, usually `access_denied`. */
  readonly code: string;
  constructor(code: string, description?: string) {
    super(`The authorization was refused (${code})${description ? `: ${description}` : ''}`);
    this.code = code;
  }
}
