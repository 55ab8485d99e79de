import { InvalidArgumentError } from 'commander';
import type { RedisSettings } from './redis.js';

/** The parsers of the flags' values: a bad value is a usage error naming what is expected. */
export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a whole number >= 1');
  return Number(value);
}

export function idList(value: string): number[] {
  const ids = value.split(',').map((part) => part.trim());
  if (ids.some((id) => !/^\d+$/.test(id) || Number(id) < 1)) {
    throw new InvalidArgumentError('must be ids separated by commas, e.g. 12,34');
  }
  return ids.map(Number);
}

export function redisUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('must be a URL such as redis://127.0.0.1:6379');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new InvalidArgumentError('must be a redis:// or rediss:// URL');
  return value;
}

/** The credentials and URLs, each from its flag or its environment variable. */
export const CREDENTIALS = [
  ['baseUrl', '--base-url', 'PRICE_CATALOG_BASE_URL'],
  ['authUrl', '--auth-url', 'PRICE_CATALOG_AUTH_URL'],
  ['clientId', '--client-id', 'PRICE_CATALOG_CLIENT_ID'],
  ['clientSecret', '--client-secret', 'PRICE_CATALOG_CLIENT_SECRET'],
] as const;

/** The store flags both commands take: `--redis URL`, `--redis-prefix`, `--redis-timeout`. */
export interface RedisFlags {
  redis?: string;
  redisPrefix: string;
  redisTimeout: number;
}

/** The Redis store the flags name, or undefined for the state directory. */
export function redisSettings(flags: RedisFlags): RedisSettings | undefined {
  return flags.redis === undefined
    ? undefined
    : { url: flags.redis, prefix: flags.redisPrefix, timeoutMs: flags.redisTimeout };
}
