import type { BudgetStore } from '../index.js';
import { type Connection, script } from './connection.js';

/**
 * Check-and-take in one round trip: a call is counted only when it fits, so the count is the
 * number of calls sent. Written as a script rather than with rate-limiter-flexible: its consume()
 * counts refused calls too (500 attempts on a budget of 300 leave 500, not 300), takes a fixed
 * number of points per limiter instead of the limit of each call, and installs a command on the
 * client it is given (measured in bench/redis.ts; see docs/many-processes.md). The same two steps
 * run inside the window's admission script (src/redis/window.ts), so a call costs one round trip.
 */
export const BUDGET_LUA = `
local function budgetFull(key, limit) return tonumber(redis.call('GET', key) or '0') >= tonumber(limit) end
local function budgetTake(key, ttl) if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ttl) end end
`;

/** KEYS: the day's counter. ARGV: limit, counter TTL. */
const TAKE = script(`${BUDGET_LUA}
if budgetFull(KEYS[1], ARGV[1]) then return 0 end
budgetTake(KEYS[1], ARGV[2])
return 1
`);

/** A UTC day's counter outlives the day by one more, for late readers of `count`. */
/** KEYS: the day's counter. Gives one call back, never below 0. */
const REFUND = script(`
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1
`);

export const DAY_KEY_TTL_MS = 2 * 86_400_000;

/** The Redis key of `app`'s count for UTC day `day` (`prefix`: the application's, src/redis/keys.ts). */
export function budgetKey(prefix: string, app: string, day: string): string {
  return `${prefix}budget:${app}:${day}`;
}

export function redisBudgetStore(connection: Connection, prefix: string): BudgetStore {
  const key = (app: string, day: string): string => budgetKey(prefix, app, day);
  return {
    take: async (app, day, limit) =>
      (await connection.eval('budget take', TAKE, [key(app, day)], [limit, DAY_KEY_TTL_MS], true)) === 1,
    count: async (app, day) =>
      Number((await connection.run('budget count', (c) => c.get(key(app, day)))) ?? 0),
    refund: async (app, day) => {
      await connection.eval('budget refund', REFUND, [key(app, day)], []).catch(() => undefined);
    },
  };
}
