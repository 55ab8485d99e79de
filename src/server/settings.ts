/**
 * The handler's options, checked once and given their defaults: a bad option is a typed error at
 * `createCatalogHandler`, never a surprise at the first request.
 */
import { InvalidRequestError } from '../index.js';
import { DAY_MS } from '../internal/day.js';
import { DEFAULT_DAILY_LIMIT } from '../internal/defaults.js';
import type { RequestLimits } from './http/guard.js';
import type { CatalogHandlerOptions } from './options.js';

export interface Settings {
  mount: string;
  now: () => number;
  maxStale: number;
  dailyLimit: number | null;
  reserve: number;
  reserveFloor: number;
  pacing: boolean;
  limits: RequestLimits;
  /** How long a public 404 / 410, or a 422 for a query, is answered from the cache. */
  missingMaxAge: number;
  /** How long a signed-in user's answers are served from that user's cache. */
  userMaxAge: number;
  /** Longest wait of a browser request for the API before the stale answer or a 503. */
  answerWithin: number;
  /** Bits of an IPv6 client address that make one visitor (its network). */
  ipv6Prefix: number;
  /** Public answers say a CDN may keep them (`Cache-Control: public, s-maxage=...`). */
  cdn: boolean;
}

export function settingsOf(options: CatalogHandlerOptions): Settings {
  if (typeof options !== 'object' || options === null) throw invalid('options', 'must be an object');
  if (!options.clientId || !options.clientSecret) {
    throw invalid('clientId', 'and clientSecret are needed: the handler holds the application credentials');
  }
  const dailyLimit = options.dailyLimit === undefined ? DEFAULT_DAILY_LIMIT : options.dailyLimit;
  const reserve = nonNegative('reserve', options.reserve ?? (dailyLimit ? Math.round(dailyLimit / 10) : 0));
  return {
    mount: mountPathOf(options.mountPath ?? '/api/catalog'),
    now: options.now ?? Date.now,
    maxStale: nonNegative('maxStale', options.maxStale ?? DAY_MS),
    dailyLimit,
    reserve,
    reserveFloor: Math.min(reserve, Math.max(1, Math.ceil(reserve / 10))),
    pacing: options.pacing ?? true,
    limits: {
      maxQueryLength: nonNegative('maxQueryLength', options.maxQueryLength ?? 2048),
      maxBodyBytes: nonNegative('maxBodyBytes', options.maxBodyBytes ?? 1_000_000),
    },
    missingMaxAge: nonNegative('missingMaxAge', options.missingMaxAge ?? 300_000),
    userMaxAge: nonNegative('userMaxAge', options.userMaxAge ?? 60_000),
    answerWithin: positive('answerWithin', options.answerWithin ?? 10_000),
    ipv6Prefix: ipv6PrefixOf(options.ipv6Prefix ?? 56),
    cdn: flag('cdn', options.cdn ?? false),
  };
}

function ipv6PrefixOf(bits: number): number {
  if (!(Number.isInteger(bits) && bits >= 1 && bits <= 128))
    throw invalid('ipv6Prefix', 'must be a whole number of bits, 1 to 128');
  return bits;
}

function mountPathOf(path: string): string {
  if (typeof path !== 'string' || !/^(\/[A-Za-z0-9_.~-]+)+$/.test(path.replace(/\/+$/, ''))) {
    throw invalid('mountPath', 'must be a path such as /api/catalog');
  }
  return path.replace(/\/+$/, '');
}

export function nonNegative(name: string, value: number): number {
  if (typeof value !== 'number' || !(value >= 0)) throw invalid(name, 'must be a number >= 0');
  return value;
}

function positive(name: string, value: number): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    throw invalid(name, 'must be a finite number > 0');
  }
  return value;
}

function flag(name: string, value: boolean): boolean {
  if (typeof value !== 'boolean') throw invalid(name, 'must be true or false');
  return value;
}

export function positiveInteger(name: string, value: number): number {
  if (!(Number.isSafeInteger(value) && value > 0)) throw invalid(name, 'must be a positive integer');
  return value;
}

export function invalid(name: string, why: string): InvalidRequestError {
  return new InvalidRequestError(`createCatalogHandler: ${name} ${why}`, 'InvalidOption', name);
}
