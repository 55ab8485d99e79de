import { InvalidRequestError, type ViewCountStore } from '../index.js';
import { badDayMessage, dayNumber } from '../internal/view-decay.js';
import { type Connection, script } from './connection.js';

/**
 * One view counted in one round trip. The key holds `<day> <count>`: the count is halved once for
 * each midnight since `day` (forgotten below 1/4), then this view added; the key expires once the
 * count would be forgotten if no view came (one day more per doubling), so Redis keeps only the
 * counts still of use. The count is answered as text (a Lua number would be cut to an integer).
 * KEYS: the counter. ARGV: today as whole days since 1970.
 */
const ADD = script(`
local today = tonumber(ARGV[1])
local stored = redis.call('GET', KEYS[1])
local views = 0
if stored then
  local day, count = string.match(stored, '^(%d+) ([%d.e+-]+)$')
  if day then
    views = tonumber(count) / 2 ^ math.min(60, math.max(0, today - tonumber(day)))
    if views < 0.25 then views = 0 end
  end
end
views = views + 1
local days = math.max(1, math.floor(math.log(views / 0.25) / math.log(2) + 1e-9) + 1)
redis.call('SET', KEYS[1], today .. ' ' .. string.format('%.17g', views), 'PX', days * 86400000)
return string.format('%.17g', views)
`);

/**
 * Views of public answers not kept yet, in Redis: one count for every instance of the application.
 * One key per answer under the coordination's spread prefix (no hash tag of the application), so a
 * Redis Cluster spreads them over its nodes, apart from the keys of the one-round-trip admission.
 */
export function redisViewCounts(connection: Connection, prefix: string): ViewCountStore {
  return {
    async add(key, day) {
      const today = dayNumber(day);
      if (!Number.isInteger(today))
        throw new InvalidRequestError(badDayMessage(day), 'InvalidParameter', 'day');
      const answer = await connection.eval('view count', ADD, [`${prefix}views:${key}`], [today]);
      return Number(answer);
    },
  };
}
