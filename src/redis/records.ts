import type { RecordStore } from '../index.js';
import type { Connection } from './connection.js';

/**
 * `Coordination.records` in Redis: one hash per map (`<prefix>records:<name>`), each call one
 * command, so every process reads what the others wrote. A hash is one key: on a Redis Cluster it
 * lives on one node.
 */
export function redisRecords(connection: Connection, prefix: string): RecordStore {
  const key = (name: string): string => `${prefix}records:${name}`;
  return {
    async get(name, fields) {
      if (fields.length === 0) return [];
      const values = await connection.run('records read', (c) => c.hmget(key(name), ...fields));
      return values.map((value) => value ?? undefined);
    },
    all: (name) => connection.run('records read', (c) => c.hgetall(key(name))),
    async set(name, fields) {
      if (Object.keys(fields).length === 0) return;
      await connection.run('records write', (c) => c.hset(key(name), { ...fields }));
    },
    async delete(name, fields) {
      if (fields.length === 0) return;
      await connection.run('records delete', (c) => c.hdel(key(name), ...fields));
    },
  };
}
