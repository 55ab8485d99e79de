import { errorsBody, JSON_CONTENT_TYPE } from '../http/json.js';
import type { RateState } from '../limits/rate-limit.js';

/** A JSON answer that carries the headers gathered so far (rate limit, version). */
export function jsonWith(
  headers: Headers,
  status: number,
  body: unknown,
  cacheControl = 'no-cache',
): Response {
  const out = new Headers(headers);
  out.set('Content-Type', JSON_CONTENT_TYPE);
  if (!out.has('Cache-Control')) out.set('Cache-Control', cacheControl);
  return new Response(JSON.stringify(body), { status, headers: out });
}

export function errorWith(headers: Headers, status: number, code: string, ...messages: string[]): Response {
  return jsonWith(headers, status, errorsBody(code, ...messages));
}

/** The rate-limit refusal: `{message}` only, no errors array (the spec's one exception). */
export function rateLimitedWith(headers: Headers, rate: RateState): Response {
  const seconds = Math.max(0, rate.reset - Math.floor(Date.now() / 1000));
  return jsonWith(headers, 403, {
    message: `Rate limit exceeded: ${rate.limit} requests per window. Try again in ${seconds} seconds.`,
  });
}

const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'InvalidRequest',
  401: 'Unauthorized',
  404: 'RecordNotFound',
  409: 'Conflict',
  422: 'UnprocessableEntity',
  429: 'TooManyRequests',
  500: 'InternalServerError',
  501: 'NotImplemented',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

export function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'InternalServerError' : 'Error');
}
