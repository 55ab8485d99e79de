import type { VisitorCountStore } from '../index.js';
import type { UtcDay } from '../internal/day.js';
import { DAY_KEY_TTL_MS } from './budget.js';
import { type Connection, script } from './connection.js';

/**
 * All or none in one round trip: every counter is checked against its limit, then each is taken.
 * KEYS: the counters. ARGV: their limits, in order, then the counters' TTL.
 */
const TAKE = script(`
local ttl = ARGV[#KEYS + 1]
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i]) then return 0 end
end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ttl) end
end
return 1
`);

/**
 * Visitors' calls per UTC day in Redis, one count for every instance. A day's counters share a
 * hash tag, so one script can take several of them on a Redis Cluster too.
 */
export function redisVisitorCounts(connection: Connection, prefix: string): VisitorCountStore {
  const key = (day: UtcDay, visitor: string): string => `${prefix}visitors:{${day}}:${visitor}`;
  return {
    async take(day, charges) {
      if (charges.length === 0) return true;
      const keys = charges.map((charge) => key(day, charge.key));
      const args = [...charges.map((charge) => charge.limit), DAY_KEY_TTL_MS];
      return (await connection.eval('visitor take', TAKE, keys, args)) === 1;
    },
    count: async (day, visitor) =>
      Number((await connection.run('visitor count', (c) => c.get(key(day, visitor)))) ?? 0),
  };
}
