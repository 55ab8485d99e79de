import { InvalidRequestError, type ViewCountStore } from '../index.js';
import { badDayMessage, dayNumber } from '../internal/view-decay.js';
import { type Connection, script } from './connection.js';

/** Days a count is looked for back from today when the page is not viewed yet today. */
const LOOK_BACK = 3;
/** Answers counted at most per day: a crowd inventing pages fills the day's table, never Redis. */
const MAX_COUNTED_A_DAY = 100_000;

/**
 * One view counted in one round trip. A hash per UTC day maps each answer's key to its count: a
 * page's first view of the day starts from the last count of the days before (halved once for
 * each midnight since, forgotten below 1/4), then adds this view. Once the day's hash holds
 * `MAX_COUNTED_A_DAY` answers, views of others are answered, not stored. The count is answered as
 * text (a Lua number would be cut to an integer).
 * KEYS: today's hash, then the days before it. ARGV: the answer's key, the day's maximum, the TTL.
 */
const ADD = script(`
local key = ARGV[1]
local views = tonumber(redis.call('HGET', KEYS[1], key) or '')
if views then
  views = views + 1
else
  views = 0
  for i = 2, #KEYS do
    local before = tonumber(redis.call('HGET', KEYS[i], key) or '')
    if before then
      if before / 2 ^ (i - 1) >= 0.25 then views = before / 2 ^ (i - 1) end
      break
    end
  end
  views = views + 1
  if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[2]) then return string.format('%.17g', views) end
end
redis.call('HSET', KEYS[1], key, string.format('%.17g', views))
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return string.format('%.17g', views)
`);

/**
 * Views of public answers not kept yet, in Redis: one count for every instance of the application.
 * A hash per day (`<prefix>views:{<prefix>views}:<day number>`), kept as long as it is looked back
 * to: memory bounded whatever a crowd asks for. Its own hash tag keeps a view's days on one node
 * of a Redis Cluster, apart from the application's admission keys (`{<prefix>}`).
 */
export function redisViewCounts(connection: Connection, prefix: string): ViewCountStore {
  return {
    async add(key, day) {
      const today = dayNumber(day);
      if (!Number.isInteger(today))
        throw new InvalidRequestError(badDayMessage(day), 'InvalidParameter', 'day');
      const days = Array.from(
        { length: LOOK_BACK + 1 },
        (_, i) => `${prefix}views:{${prefix}views}:${today - i}`,
      );
      const ttl = (LOOK_BACK + 1) * 86_400_000;
      return Number(await connection.eval('view count', ADD, days, [key, MAX_COUNTED_A_DAY, ttl]));
    },
  };
}
