/**
 * Changes to the cached answers, as Redis itself tells them (server-assisted client-side caching):
 * one connection of its own asks for `CLIENT TRACKING ... BCAST PREFIX <cache prefix>` redirected
 * to itself and listens on `__redis__:invalidate`, so a process keeping copies near hears of every
 * answer another process writes or drops, with no command per read. Broadcast mode: Redis keeps no
 * table of who read what, and the cache is written at most once per API call. The connection is
 * asked PING every second: while it does not answer, or is down, nothing is `live` (the copies
 * are checked against Redis again); a reconnect says "anything may have changed".
 */
import type { Redis } from 'ioredis';
import type { CacheWatch } from '../index.js';
import type { Connection } from './connection.js';

const CHANNEL = '__redis__:invalidate';
/** How often the watching connection is asked to answer; two missed answers and it is not live. */
const PING_MS = 1000;

export function watchChanges(
  connection: Connection,
  base: string,
  changed: (key: string | undefined) => void,
): CacheWatch | undefined {
  if (connection.cluster) return undefined;
  let client: Redis | undefined;
  let subscribed = false;
  let heardAt = 0;
  const live = () => subscribed && Date.now() - heardAt <= 2 * PING_MS;
  const heard = () => {
    // Silent past the bound: changes may have gone unheard meanwhile.
    if (!live()) changed(undefined);
    heardAt = Date.now();
  };
  const lost = () => {
    if (subscribed) changed(undefined);
    subscribed = false;
  };
  const start = async (redis: Redis) => {
    const id = await redis.client('ID');
    await redis.client('TRACKING', 'ON', 'REDIRECT', String(id), 'BCAST', 'PREFIX', base);
    await redis.subscribe(CHANNEL);
    subscribed = true;
    heard();
  };
  void connection.watcher().then(
    (redis) => {
      if (!redis) return;
      client = redis;
      redis.on('error', () => undefined);
      redis.on('close', lost);
      redis.on('ready', () => {
        start(redis).catch(lost);
      });
      redis.on('messageBuffer', (channel: Buffer, message: Buffer[] | null) => {
        if (channel.toString() !== CHANNEL) return;
        heard();
        // null: the database was flushed.
        if (!Array.isArray(message)) changed(undefined);
        else for (const key of message) changed(key.toString().slice(base.length));
      });
      redis.connect().catch(() => undefined);
      const timer = setInterval(() => {
        if (subscribed) client?.ping().then(heard, () => undefined);
      }, PING_MS);
      timer.unref?.();
      redis.once('end', () => clearInterval(timer));
    },
    () => undefined,
  );
  return {
    get live() {
      return live();
    },
  };
}
