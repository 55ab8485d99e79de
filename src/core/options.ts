/**
 * The rules of the options a client and a single call take (`timeout`, `deadline`, `maxRetries`,
 * `maxRateLimitWait`, `validation`, `headers`; a call's `cache` and `signal`; a client's
 * `tokenTransport`, `dailyLimit`, `rateLimit` and `logLevel`), in one place: createClient checks
 * its own when the client is made, and every call checks its own before anything is sent. A bad
 * value is an InvalidRequestError (code `InvalidOption`), never a request that times out at once,
 * a retry loop or a silently ignored option.
 */

import { describe } from './call/describe.js';
import type { ValidationMode } from './call/validate.js';
import { InvalidRequestError, isRecord } from './errors.js';
import { isLogLevel } from './observe/logger.js';
import type { CacheMode } from './stores/cache.js';
import { checkNames } from './unknown-names.js';
import type { ApiVersion } from './version.js';

/** Options every SDK method takes as its last argument. */
export interface RequestOptions {
  /** Ends the call (and any wait inside it) with an AbortError. */
  signal?: AbortSignal | undefined;
  /** Milliseconds for one attempt, reading the answer's body included (0 or Infinity: none); overrides the client's `timeout`. */
  timeout?: number | undefined;
  /** Milliseconds for the whole call, retries and waits included (Infinity: none); overrides the client's `deadline`. */
  deadline?: number | undefined;
  /** API version for this call; overrides the client's `apiVersion`. */
  apiVersion?: ApiVersion | undefined;
  /** Extra request headers for this call. */
  headers?: Record<string, string> | undefined;
  /** Response validation for this call; overrides the client's `validation`. */
  validation?: ValidationMode | undefined;
  /** As in fetch: `default`, `no-cache` (always revalidate) or `no-store` (bypass the cache). */
  cache?: CacheMode | undefined;
  /** Retries after network errors and 500/502/503/504 (idempotent methods only); overrides the client's. */
  maxRetries?: number | undefined;
  /**
   * Longest rate-limit wait this call accepts, in ms; a longer one fails at once with
   * RateLimitError (its `resetsAt` says when the window opens). Overrides the client's.
   */
  maxRateLimitWait?: number | undefined;
}

/** setTimeout's longest delay (2^31 - 1 ms, 24.8 days); Node fires a longer one after 1 ms. */
export const MAX_TIMER_MS = 2_147_483_647;

/** Whether `ms` sets a time limit: 0 (a `timeout`'s "none") and Infinity set none. */
export function isTimeLimit(ms: number | undefined): ms is number {
  return ms !== undefined && ms > 0 && ms !== Number.POSITIVE_INFINITY;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);
const isPositiveInteger = (value: unknown): boolean => Number.isInteger(value) && (value as number) > 0;

type Rule = readonly [test: (value: unknown) => boolean, expected: string];

const RULES = {
  timeout: [(v) => isNumber(v) && v >= 0, 'must be a number of milliseconds >= 0 (0 or Infinity: none)'],
  deadline: [(v) => isNumber(v) && v > 0, 'must be a number of milliseconds > 0 (Infinity: none)'],
  maxRetries: [(v) => Number.isInteger(v) && (v as number) >= 0, 'must be an integer >= 0'],
  maxRateLimitWait: [(v) => isNumber(v) && v >= 0, 'must be a number of milliseconds >= 0'],
  validation: [(v) => v === 'strict' || v === 'warn' || v === 'off', "must be 'strict', 'warn' or 'off'"],
  // A call's only (the client's `cache` is a store, and it has no signal).
  cache: [
    (v) => v === 'default' || v === 'no-cache' || v === 'no-store',
    "must be 'default', 'no-cache' or 'no-store'",
  ],
  signal: [
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      typeof (v as AbortSignal).aborted === 'boolean' &&
      typeof (v as AbortSignal).addEventListener === 'function',
    'must be an AbortSignal',
  ],
  // A client's only (null: no daily guard).
  tokenTransport: [(v) => v === 'header' || v === 'query', "must be 'header' or 'query'"],
  dailyLimit: [isPositiveInteger, 'must be a positive integer or null'],
  rateLimit: [isPositiveInteger, 'must be a positive integer'],
  logLevel: [isLogLevel, "must be 'off', 'error', 'warn', 'info' or 'debug'"],
} satisfies Record<string, Rule>;

type Checked = keyof typeof RULES | 'headers';
const SHARED: Checked[] = ['timeout', 'deadline', 'maxRetries', 'maxRateLimitWait', 'validation', 'headers'];
const CALL_OPTIONS: Checked[] = [...SHARED, 'cache', 'signal'];
export const CLIENT_OPTIONS: Checked[] = [...SHARED, 'tokenTransport', 'dailyLimit', 'rateLimit', 'logLevel'];

/**
 * What is wrong with an option's value, or undefined when it is fine or not given (undefined or
 * null: the default, as `??` takes it).
 */
function optionProblem(name: Checked, value: unknown): string | undefined {
  if (value == null) return undefined;
  if (name === 'headers') return headersProblem(value);
  const rule: Rule = RULES[name];
  return rule[0](value) ? undefined : `${rule[1]}, got ${describe(value)}`;
}

/** Checks the options of one call; throws InvalidRequestError for the first bad one. */
export function checkCallOptions(options: RequestOptions): void {
  if (!isRecord(options)) {
    throw new InvalidRequestError(
      `options must be an object of request options, got ${describe(options)}`,
      'InvalidOption',
      'options',
    );
  }
  // `apiVersion` has its own check (normalizeApiVersion).
  checkNames(options, [...CALL_OPTIONS, 'apiVersion'], 'unknown option', 'InvalidOption');
  check(options, CALL_OPTIONS, '');
}

/** Checks the options of createClient that have a rule here; throws InvalidRequestError for the first bad one. */
export function checkClientOptions(options: { readonly [name in Checked]?: unknown }): void {
  check(options, CLIENT_OPTIONS, 'createClient: ');
}

function check(
  options: { readonly [name in Checked]?: unknown },
  names: readonly Checked[],
  prefix: string,
): void {
  for (const name of names) {
    const problem = optionProblem(name, options[name]);
    if (problem) throw new InvalidRequestError(`${prefix}${name} ${problem}`, 'InvalidOption', name);
  }
}

// RFC 9110 token characters: what fetch accepts as a header name.
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// What fetch refuses in a header value: NUL, CR, LF, and characters beyond one byte.
const BAD_HEADER_VALUE = /[\0\r\n\u0100-\uffff]/;

/** Whether fetch takes `value` as a header value (a token in `Authorization` included). */
export function isHeaderValue(value: string): boolean {
  return !BAD_HEADER_VALUE.test(value);
}

/**
 * Checked before sending because fetch would reject such a header with a TypeError, which no SDK
 * can tell apart from a network failure (and would retry as one). The value is never shown: a
 * header may carry a secret.
 */
function headersProblem(headers: unknown): string | undefined {
  if (!isRecord(headers)) {
    return `must be an object of header names and string values, got ${describe(headers)}`;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) return `has an invalid header name: ${describe(name)}`;
    if (typeof value !== 'string') return `${name} must be a string, got ${typeOf(value)}`;
    if (!isHeaderValue(value)) {
      return `${name} has a line break, NUL or a character beyond U+00FF`;
    }
  }
  return undefined;
}

/** The type alone: a header's value is never shown (it may carry a secret). */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
