import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import type { Coordination } from '../../src/index.js';
import { redisCoordination } from '../../src/redis/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { newStateDir, removeStateDir } from '../file/state-dirs.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { handlerOver, MOUNT, ORIGIN } from './setup.js';

// Several instances of one application: each handler has its own coordination object, as each
// process would, over one Redis (one prefix) or one state directory.

let redis: RedisServer;
const cleanups: (() => unknown)[] = [];
// The clock stands at noon of a fixed day, so no run crosses UTC midnight between two takes.
const day = '2026-03-02';
beforeAll(async () => {
  redis = await startRedis();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T12:00:00Z`) });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  vi.useRealTimers();
  await redis.stop();
});

let n = 0;

const stores: [string, () => () => Coordination][] = [
  [
    'Redis',
    () => {
      const prefix = `visitors${++n}:`;
      return () => {
        const coordination = redisCoordination({ url: redis.url, prefix });
        cleanups.push(() => coordination.close());
        return coordination;
      };
    },
  ],
  [
    'a state directory',
    () => {
      const dir = newStateDir();
      cleanups.push(() => removeStateDir(dir));
      return () => fileCoordination({ dir });
    },
  ],
];

describe.each(stores)('visitor shares counted once for every instance (%s)', (_name, shared) => {
  it('takes all or none, and each counter stops at its limit', async () => {
    const instance = shared();
    const { visitors } = instance();
    if (!visitors) throw new Error('the coordination keeps no visitor counts');
    const a = { key: 'v:a', limit: 2 };
    const group = { key: 'anonymous', limit: 3 };
    expect(await visitors.take(day, [a, group])).toBe(true);
    expect(await visitors.take(day, [a, group])).toBe(true);
    expect(await visitors.take(day, [a, group])).toBe(false); // a is spent: the group is not charged
    expect(await visitors.count(day, 'anonymous')).toBe(2);
    expect(await visitors.take(day, [{ key: 'v:b', limit: 2 }, group])).toBe(true);
    expect(await visitors.take(day, [{ key: 'v:c', limit: 2 }, group])).toBe(false);
    expect(await visitors.count(day, 'v:b')).toBe(1);
    expect(await visitors.count(day, 'v:c')).toBe(0);
    expect(await visitors.count('2000-01-01', 'v:a')).toBe(0);
  });

  it("two handlers: a visitor's share spent through one is spent through the other", async () => {
    const instance = shared();
    const sandbox = createSandbox();
    const handlers = [0, 1].map(() =>
      handlerOver(sandbox, {
        coordination: instance(),
        visitorShare: 3,
      }),
    );
    const visitor = { clientAddress: '203.0.113.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const handler = handlers[i % 2] as (typeof handlers)[0];
      statuses.push((await handler(new Request(`${ORIGIN}${MOUNT}/skus/${5_000_000 + i}`), visitor)).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(sandbox.stats.apiCalls).toBe(3);
  });
});
