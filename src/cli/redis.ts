import { type RedisCoordination, redisCoordination } from '../redis/index.js';

export interface RedisSettings {
  url: string;
  /** Key prefix: the one the other processes of the application use (default `price-catalog:`). */
  prefix: string;
  /** Longest wait for one Redis answer before the run stops with CoordinationError. */
  timeoutMs: number;
}

/** Whether ioredis (an optional peer dependency, needed by `price-catalog/redis`) can be loaded. */
export async function ioredisInstalled(): Promise<boolean> {
  try {
    await import('ioredis');
    return true;
  } catch {
    return false;
  }
}

/** The Redis URL as it may be shown: without a user name or password. */
export function redisLabel(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'the Redis URL given';
  }
}

/** `--redis`: the application's coordination on Redis (the exporter keeps its own ETag cache). */
export function openRedis(settings: RedisSettings): RedisCoordination {
  return redisCoordination({
    url: settings.url,
    prefix: settings.prefix,
    commandTimeoutMs: settings.timeoutMs,
    cache: false,
  });
}

/** Closes the Redis client, waiting at most `ms` (a Redis that is down may never answer QUIT). */
export async function closeRedis(redis: RedisCoordination, ms = 250): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    redis.close().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
