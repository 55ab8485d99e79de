import type { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { redisCoordination } from '../../src/redis/index.js';

// Options of redisCoordination refused when it is made, before any command: a client that fails
// the test if anything is sent to it.
const silent = (isCluster: boolean) =>
  new Proxy(
    { isCluster },
    {
      get: (target, name) => {
        if (name in target) return target[name as keyof typeof target];
        throw new Error(`nothing may be sent yet (${String(name)})`);
      },
    },
  ) as unknown as Redis & Cluster;

function refusal(make: () => unknown): InvalidRequestError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidRequestError);
    return error as InvalidRequestError;
  }
  throw new Error('not refused');
}

describe('redisCoordination options', () => {
  it('on a Cluster, refuses a prefix with braces (it is put in braces as the hash tag), naming it', () => {
    for (const prefix of ['{shop}:', 'shop}', 'a{b']) {
      const error = refusal(() => redisCoordination({ client: silent(true), prefix }));
      expect(error.param).toBe('prefix');
      expect(error.message).toContain(`"${prefix}"`);
      expect(error.message).toMatch(/Redis Cluster/);
    }
    // On one Redis the keys keep the prefix as given, braces and all.
    expect(() => redisCoordination({ client: silent(false), prefix: '{shop}:' })).not.toThrow();
    expect(() => redisCoordination({ client: silent(true), prefix: 'shop:' })).not.toThrow();
  });

  it('refuses replicaAcks and replicaAckWaitMs that are not whole numbers in range', () => {
    for (const replicaAcks of [-1, 1.5, Number.NaN]) {
      expect(refusal(() => redisCoordination({ client: silent(true), replicaAcks })).param).toBe(
        'replicaAcks',
      );
    }
    for (const replicaAckWaitMs of [0, -5, 2.5]) {
      expect(refusal(() => redisCoordination({ client: silent(true), replicaAckWaitMs })).param).toBe(
        'replicaAckWaitMs',
      );
    }
    expect(() =>
      redisCoordination({ client: silent(true), replicaAcks: 2, replicaAckWaitMs: 50 }),
    ).not.toThrow();
  });
});
