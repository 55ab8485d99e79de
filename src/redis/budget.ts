import type { BudgetStore } from '../core/stores.js';
import { type Connection, script } from './connection.js';

/**
 * Check-and-take in one round trip: a call is counted only when it fits, so the count is the
 * number of calls sent. Written as a script rather than with rate-limiter-flexible: its consume()
 * counts refused calls too (500 attempts on a budget of 300 leave 500, not 300), takes a fixed
 * number of points per limiter instead of the limit of each call, and installs a command on the
 * client it is given (measured in bench/redis.ts; see docs/many-processes.md).
 */
const TAKE = script(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
if n == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
`);

/** A UTC day's counter outlives the day by one more, for late readers of `count`. */
const DAY_KEY_TTL_MS = 2 * 86_400_000;

export function redisBudgetStore(connection: Connection, prefix: string): BudgetStore {
  const key = (app: string, day: string): string => `${prefix}budget:${app}:${day}`;
  return {
    take: async (app, day, limit) =>
      (await connection.eval('budget take', TAKE, [key(app, day)], [limit, DAY_KEY_TTL_MS])) === 1,
    count: async (app, day) =>
      Number((await connection.run('budget count', (c) => c.get(key(app, day)))) ?? 0),
  };
}
