import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createClient } from '../../src/index.js';
import { type RedisCoordination, redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { logCommands } from '../helpers/redis-log.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';

// The synchronous usage() of a client made in a new process over Redis: the client asks Redis for
// the day's count when it is made, so usage() tells every process's calls once that one round
// trip has answered, before any call or read of its own.

let redis: RedisServer;
const open: (RedisCoordination | Redis)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const c of open.splice(0)) await (c instanceof Redis ? c.quit() : c.close());
  await redis.stop();
});

it("usage() of a new client tells the day's shared count once Redis has answered, before any call", async () => {
  const sandbox = createSandbox({ dailyLimit: null });
  const options = {
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    dailyLimit: 20,
    cache: false as const,
    fetch: sandbox.fetch,
  };
  const earlier = redisCoordination({ url: redis.url, prefix: 'prefetch:' });
  open.push(earlier);
  const first = createClient({ ...options, coordination: earlier });
  for (let i = 0; i < 4; i++) await first.request({ method: 'GET', path: '/categories/40', query: { n: i } });

  // A new process: its own connection (connected first). Its commands are answered in order, so
  // once a PING sent after the client's GET is answered, the GET is too.
  const raw = new Redis(redis.url);
  raw.on('error', () => undefined);
  open.push(raw);
  await raw.ping();
  const log = logCommands(raw);
  const later = redisCoordination({ client: raw, prefix: 'prefetch:' });
  open.push(later);
  const second = createClient({ ...options, coordination: later });
  await vi.waitFor(() => expect(log.map((c) => c.name)).toEqual(['get']));
  await raw.ping();
  expect(second.usage()).toMatchObject({ calls: 4, limit: 20, remaining: 16 });
  expect(sandbox.apiCalls()).toHaveLength(4);
});
