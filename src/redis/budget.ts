import type { BudgetStore } from '../index.js';
import type { UtcDay } from '../internal/day.js';
import type { SpentHere } from '../internal/spent-here.js';
import { type Connection, script } from './connection.js';

/**
 * Check-and-take in one round trip: a call is counted only when it fits, so the count is the
 * number of calls sent. Written as a script rather than with rate-limiter-flexible: its consume()
 * counts refused calls too (500 attempts on a budget of 300 leave 500, not 300), takes a fixed
 * number of points per limiter instead of the limit of each call, and installs a command on the
 * client it is given (measured in bench/redis.ts; see docs/many-processes.md). The same two steps
 * run inside the window's admission script (src/redis/window.ts), so a call costs one round trip.
 *
 * A day's count never goes down: beside the counter, a hash holds each instance's own calls, and
 * every take brings what the instance knows (its id, its own calls, the highest count it was
 * told). When Redis holds less (restarted empty, a failover to a replica that missed writes, a
 * flushed key), the instance writes its own calls back and the counter becomes the highest of
 * what it held, the instances' own calls summed, and the count the caller saw.
 * budgetFloor(counter, hash, id, own, seen, ttl) gives the count; budgetTake(...) the count after one call.
 */
export const BUDGET_LUA = `
local function budgetFloor(key, by, id, own, seen, ttl)
  local count = tonumber(redis.call('GET', key) or '0')
  own, seen = tonumber(own), tonumber(seen)
  local mine = tonumber(redis.call('HGET', by, id) or '0')
  if mine < own or count < seen then
    if mine < own then redis.call('HSET', by, id, own) end
    local sum = 0
    for _, v in ipairs(redis.call('HVALS', by)) do sum = sum + tonumber(v) end
    local floor = math.max(sum, seen)
    if count < floor then
      count = floor
      redis.call('SET', key, count, 'PX', ttl)
    end
    redis.call('PEXPIRE', by, ttl)
  end
  return count
end
local function budgetTake(key, by, id, ttl)
  local count = redis.call('INCR', key)
  if count == 1 then redis.call('PEXPIRE', key, ttl) end
  if redis.call('HINCRBY', by, id, 1) == 1 then redis.call('PEXPIRE', by, ttl) end
  return count
end
`;

/** KEYS: the day's counter, its counts per instance. ARGV: limit, TTL, id, own, seen. {taken 0/1, count}. */
const TAKE = script(`${BUDGET_LUA}
local count = budgetFloor(KEYS[1], KEYS[2], ARGV[3], ARGV[4], ARGV[5], ARGV[2])
if count >= tonumber(ARGV[1]) then return {0, count} end
return {1, budgetTake(KEYS[1], KEYS[2], ARGV[3], ARGV[2])}
`);

/** KEYS: the day's counter, its counts per instance. ARGV: id. Gives one call back, never below 0. */
const REFUND = script(`
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
if tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0') > 0 then redis.call('HINCRBY', KEYS[2], ARGV[1], -1) end
return 1
`);

/** A UTC day's counter outlives the day by one more, for late readers of `count`. */
export const DAY_KEY_TTL_MS = 2 * 86_400_000;

/**
 * The Redis keys of `app`'s count for UTC day `day` (`prefix`: the application's,
 * src/redis/keys.ts): the counter, and each instance's own calls (one hash slot on a Cluster).
 */
export function budgetKeys(prefix: string, app: string, day: UtcDay): [string, string] {
  return [`${prefix}budget:${app}:${day}`, `${prefix}budget-instances:${app}:${day}`];
}

export function redisBudgetStore(connection: Connection, prefix: string, spent: SpentHere): BudgetStore {
  return {
    async take(app, day, limit) {
      const [taken, count] = (await connection.eval(
        'budget take',
        TAKE,
        budgetKeys(prefix, app, day),
        [limit, DAY_KEY_TTL_MS, ...spent.floor(app, day)],
        true,
      )) as [number, number];
      if (taken === 1) spent.took(app, day, count);
      else spent.saw(app, day, count);
      return taken === 1;
    },
    async count(app, day) {
      const [key] = budgetKeys(prefix, app, day);
      const count = Number((await connection.run('budget count', (c) => c.get(key))) ?? 0);
      spent.saw(app, day, count);
      return count;
    },
    refund: async (app, day) => {
      const taken = await connection
        .eval('budget refund', REFUND, budgetKeys(prefix, app, day), [spent.id])
        .then(
          () => true,
          () => false,
        );
      if (taken) spent.gaveBack(app, day);
    },
  };
}
