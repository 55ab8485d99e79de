import { randomUUID } from 'node:crypto';
import type { Admission, RateLimitInfo, WindowAcquireOptions, WindowSlot, WindowStore } from '../index.js';
import type { UtcDay } from '../internal/day.js';
import type { SpentHere } from '../internal/spent-here.js';
import { abortError, rateLimitWaitError, sleep } from '../internal/waits.js';
import { BUDGET_LUA, budgetKeys, DAY_KEY_TTL_MS } from './budget.js';
import { type Connection, type Script, script } from './connection.js';

/** Margin past the announced reset before calls go again (the server's clock and ours differ). */
const RESET_MARGIN_MS = 250;
/** Waiters leave at a random point of this span after the reset, not all in the same millisecond. */
const RESET_JITTER_MS = 100;
/** A waiter looks again at least this often: its place is a lease, and Redis failing is noticed. */
const POLL_MAX_MS = 1000;
/** A waiter that stopped looking (its process died) loses its place after this. */
const LEASE_MS = 3000;
/** A call sent while the limit is unknown holds the window alone for at most this long. */
const PROBE_MS = 30_000;
/** One window of the API (100 calls per minute): assumed when no answer tells the reset. */
const WINDOW_MS = 60_000;
/** Window state outlives the last call by this much. */
const STATE_TTL_MS = 86_400_000;

/*
 * Why scripts of our own rather than a rate-limiter library: the window is not a counter we own
 * but the server's, told by each answer's X-RateLimit-Remaining / -Reset. Following it means
 * comparing an answer's reset with the window we count in, discounting the calls sent after it
 * (its sequence number), ignoring answers from a window that ran out, and handing room to waiters
 * in arrival order. rate-limiter-flexible and its peers count our own consumption in fixed or
 * sliding windows of a set length; none can take a remaining count or a reset time from outside,
 * so each of these steps has to run atomically inside Redis, as a script, with the same rules as
 * the in-memory TokenWindow (src/core/call/rate-limit.ts).
 *
 * Keys: `<app prefix>window:{<token>}` and its waiter sets. On one Redis the token's hash tag keeps
 * them together; on a Redis Cluster the app prefix is itself a hash tag (src/redis/keys.ts), which
 * wins (the first braces of a key name decide its slot): every window and the budget share one
 * slot, so the admission script runs on one node.
 * State (hash): limit, remaining, resetAt (ms, 0 = unknown), expiredAt, known, probe (ms the probe
 * expires, 0 = none), probeSeq, sent (sequence of calls sent), ticket, lastLimit/lastRemaining/
 * lastReset. Waiters: a sorted set by arrival ticket, and one by lease end.
 */
const STATE = `
local h = KEYS[1]
local now = tonumber(ARGV[1])
local st = redis.call('HMGET', h, 'limit', 'remaining', 'resetAt', 'expiredAt', 'known', 'probe', 'sent',
  'wseq', 'answered', 'minRem', 'exact')
local limit = tonumber(st[1]) or tonumber(ARGV[2])
local remaining = tonumber(st[2]) or limit
local resetAt = tonumber(st[3]) or 0
local expiredAt = tonumber(st[4]) or 0
local known = st[5] == '1'
local probe = tonumber(st[6]) or 0
local sent = tonumber(st[7]) or 0
-- The window we opened (see ANSWERED): calls up to wseq were sent before it; answers in it to later
-- calls; the lowest remaining they told; exact = 1 while that count is ours alone to follow.
local wseq = tonumber(st[8]) or 0
local answered = tonumber(st[9]) or 0
local minRem = tonumber(st[10]) or -1
local exact = st[11] == '1'
local function save()
  redis.call('HSET', h, 'limit', limit, 'remaining', remaining, 'resetAt', resetAt, 'expiredAt', expiredAt,
    'known', known and '1' or '0', 'probe', probe, 'sent', sent, 'wseq', wseq, 'answered', answered,
    'minRem', minRem, 'exact', exact and '1' or '0')
  redis.call('PEXPIRE', h, ${STATE_TTL_MS})
end
`;

/**
 * A place in the window. KEYS: state, waiters by ticket, waiters by lease. ARGV: now, assumed
 * limit, waiter id, deadline (now + maxWait), margin, probe ms, lease ms, one window ms.
 * Returns {1, seq} taken; {0, wait ms} wait and ask again; {2, reset ms, last limit, remaining,
 * reset} the wait would pass the deadline (the waiter has left).
 *
 * With `admit`, the same script also takes the call from the daily budget (KEYS[4] the day's
 * counter, KEYS[5] its counts per instance; ARGV[9] the daily limit, ARGV[10] its TTL, ARGV[11..13]
 * this instance's id, own calls and highest count seen: src/redis/budget.ts), so that a call costs
 * one round trip: the budget is looked at first (written back first when Redis holds less than the
 * instance knows), and when it is used up the call leaves at once, {3, count}, with no window place
 * taken; the budget call is taken only together with the place, never while waiting: {1, seq, count}.
 */
const acquireScript = (admit: boolean): Script =>
  script(`${STATE}${admit ? BUDGET_LUA : ''}
local q, ql = KEYS[2], KEYS[3]
local id = ARGV[3]
local deadline = tonumber(ARGV[4])
local margin = tonumber(ARGV[5])
${
  admit
    ? `local count = budgetFloor(KEYS[4], KEYS[5], ARGV[11], ARGV[12], ARGV[13], ARGV[10])
if count >= tonumber(ARGV[9]) then
  redis.call('ZREM', q, id)
  redis.call('ZREM', ql, id)
  return {3, count}
end`
    : ''
}
-- The window ran out: a full one starts, and answers about the old one are ignored from now on.
if resetAt > 0 and now >= resetAt + margin then
  if resetAt > expiredAt then expiredAt = resetAt end
  remaining = limit
  resetAt = 0
  wseq = sent
  answered = 0
  minRem = -1
  exact = true
end
-- A probe whose answer never came (its process died) stops holding the window.
if probe > 0 and now >= probe then probe = 0 end
-- Waiters whose lease ran out (they gave up or their process died) lose their place.
local gone = redis.call('ZRANGEBYSCORE', ql, '-inf', now)
if #gone > 0 then
  redis.call('ZREM', q, unpack(gone))
  redis.call('ZREM', ql, unpack(gone))
end
local rank = redis.call('ZRANK', q, id)
local ahead = rank or redis.call('ZCARD', q)
-- Room for this call after the waiters ahead of it have taken theirs; while the limit is
-- unknown, one call goes alone and the others wait for its answer.
if remaining > ahead and probe == 0 and (known or ahead == 0) then
  remaining = remaining - 1
  sent = sent + 1
  if not known then
    probe = now + tonumber(ARGV[6])
    redis.call('HSET', h, 'probeSeq', sent)
  end
  if rank then
    redis.call('ZREM', q, id)
    redis.call('ZREM', ql, id)
  end
  save()
  ${admit ? 'return {1, sent, budgetTake(KEYS[4], KEYS[5], ARGV[11], ARGV[10])}' : 'return {1, sent}'}
end
-- Otherwise wait: for the probe's answer (bounded by the probe's own timeout), or for the reset
-- when the waiters ahead take all the room left (bounded by maxWaitMs). Waiters look again soon
-- while an answer may tell more.
local wait = 25
if known and remaining <= ahead and probe == 0 then
  local waitFor = tonumber(ARGV[8])
  if resetAt > 0 then waitFor = resetAt + margin - now end
  -- A window just opened has no known reset until its first answer: wait for that answer, as
  -- long as the deadline allows.
  if (resetAt > 0 and now + waitFor > deadline) or (resetAt == 0 and now >= deadline) then
    if rank then
      redis.call('ZREM', q, id)
      redis.call('ZREM', ql, id)
    end
    save()
    local last = redis.call('HMGET', h, 'lastLimit', 'lastRemaining', 'lastReset')
    return {2, resetAt > 0 and resetAt or now + waitFor, last[1], last[2], last[3]}
  end
  if resetAt > 0 then wait = waitFor else wait = 75 end
end
if not rank then
  redis.call('ZADD', q, redis.call('HINCRBY', h, 'ticket', 1), id)
end
redis.call('ZADD', ql, now + tonumber(ARGV[7]), id)
redis.call('PEXPIRE', q, ${STATE_TTL_MS})
redis.call('PEXPIRE', ql, ${STATE_TTL_MS})
save()
return {0, wait}
`);
const ACQUIRE = acquireScript(false);
const ADMIT = acquireScript(true);

/** KEYS: state, waiters by ticket, waiters by lease. ARGV: waiter id. */
const LEAVE = script(`
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return 1
`);

/**
 * An answer to the call `seq`: follow the server's count (the rules of the in-memory window).
 * KEYS: state. ARGV: now, _, seq, has headers (0/1), limit, remaining, reset ms, one window ms.
 */
const ANSWERED = script(`${STATE}
local seq = tonumber(ARGV[3])
local first = not known
known = true
probe = 0
if ARGV[4] == '1' then
  local infoLimit, infoRemaining, infoReset = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
  redis.call('HSET', h, 'lastLimit', infoLimit, 'lastRemaining', infoRemaining, 'lastReset', infoReset)
  limit = infoLimit
  -- A late answer from a window that has already run out (or runs out now, while we count in
  -- one we know) says nothing about the current one.
  local stale = infoReset > 0 and (infoReset <= expiredAt or (infoReset <= now and resetAt > 0))
  if not stale then
    -- A reset unknown, past, or further ahead than two windows is not believed: one window from now.
    if infoReset <= now or infoReset > now + 2 * tonumber(ARGV[8]) then infoReset = now + tonumber(ARGV[8]) end
    -- Calls sent after this one may have reached the server already and are not in its count.
    local serverRemaining = math.max(0, infoRemaining - (sent - seq))
    if first or (resetAt ~= 0 and infoReset > resetAt) then
      -- The first answer, or a window we did not open: the server's count decides. Only the first
      -- probe (it went alone) leaves no call of ours unaccounted for in that window.
      resetAt = infoReset
      remaining = serverRemaining
      exact = first and sent == seq
      wseq = seq - 1
      answered = 1
      minRem = infoRemaining
    elseif exact and seq > wseq then
      -- The window we opened: every answered call of it is in the lowest remaining an answer told
      -- (the server's count only grows), so only the calls still unanswered are discounted. The
      -- rule below would also discount calls answered already but counted after this one (answers
      -- of 4 processes come back out of order), and that loss stayed for the rest of the window
      -- (17-18 of 20 calls used in the 2 s windows of bench:redis).
      if resetAt == 0 then resetAt = infoReset end
      answered = answered + 1
      if minRem < 0 or infoRemaining < minRem then minRem = infoRemaining end
      local unanswered = math.max(0, (sent - wseq) - answered)
      remaining = math.max(0, math.min(limit - (sent - wseq), minRem - unanswered))
    else
      -- The window we count in: the lower of our count (exact for our calls) and the server's
      -- (which also has other processes' calls) is safe.
      if resetAt == 0 then resetAt = infoReset end
      remaining = math.min(remaining, serverRemaining)
    end
  end
end
save()
return 1
`);

/** The server's rate-limit 403: nothing more goes until its reset. ARGV: now, _, has info, reset ms, one window ms, limit, remaining. */
const EXHAUSTED = script(`${STATE}
known = true
probe = 0
remaining = 0
-- Someone else's calls count in this window too: from now on only the safe minimum rule.
exact = false
local told = tonumber(ARGV[4])
local window = tonumber(ARGV[5])
local ends = now + window
if ARGV[3] == '1' then redis.call('HSET', h, 'lastLimit', ARGV[6], 'lastRemaining', ARGV[7], 'lastReset', told) end
if ARGV[3] == '1' and told > now then ends = math.min(told, now + 2 * window) end
if ends > resetAt then resetAt = ends end
save()
return 1
`);

/** No answer came: the probe (if it was this call) stops holding the window. ARGV: now, _, seq. */
const RELEASE = script(`
local probeSeq = redis.call('HGET', KEYS[1], 'probeSeq')
if probeSeq == ARGV[3] then redis.call('HSET', KEYS[1], 'probe', 0) end
return 1
`);

/** The windows of tokens, and the admission that takes a window place and a budget call at once. */
export interface RedisWindows {
  readonly windows: WindowStore;
  admit(admission: Admission, options: WindowAcquireOptions): Promise<WindowSlot | false>;
}

export function redisWindows(connection: Connection, prefix: string, spent: SpentHere): RedisWindows {
  const keys = (token: string): string[] => {
    const tag = `{${token}}`;
    return [`${prefix}window:${tag}`, `${prefix}window-waiters:${tag}`, `${prefix}window-leases:${tag}`];
  };

  const slot = (token: string, seq: number): WindowSlot => {
    const [state] = keys(token) as [string];
    return {
      seq,
      // The answer updates the window without holding the caller: see Connection.send.
      answered: (info) =>
        connection.send(
          'rate window answer',
          ANSWERED,
          [state],
          info
            ? [Date.now(), 0, seq, 1, info.limit, info.remaining, info.reset * 1000, WINDOW_MS]
            : [Date.now(), 0, seq, 0, 0, 0, 0, WINDOW_MS],
        ),
      exhausted: (info) =>
        connection.send(
          'rate window exhausted',
          EXHAUSTED,
          [state],
          info
            ? [Date.now(), 0, 1, info.reset * 1000, WINDOW_MS, info.limit, info.remaining]
            : [Date.now(), 0, 0, 0, WINDOW_MS, 0, 0],
        ),
      // The call may have reached the server (a timeout, a reset connection): its place is not
      // given back, which can only leave the window less used, never over (as in memory).
      release: () => connection.send('rate window release', RELEASE, [state], [Date.now(), 0, seq]),
    };
  };

  /**
   * Asks the script until it gives a place (one round trip when the window has room), waiting
   * between asks as it says. With `budget`, the admission script: `false` when the budget is used up.
   */
  const place = async (
    token: string,
    assumedLimit: number,
    options: WindowAcquireOptions,
    budget?: { app: string; day: UtcDay; limit: number },
  ): Promise<WindowSlot | false> => {
    const id = randomUUID();
    const tokenKeys = keys(token);
    const deadline = Date.now() + options.maxWaitMs;
    const leave = (): Promise<unknown> =>
      connection.eval('rate window leave', LEAVE, tokenKeys, [id]).catch(() => undefined);
    for (;;) {
      if (options.signal?.aborted) {
        await leave();
        throw abortError(options.signal);
      }
      const args = [Date.now(), assumedLimit, id, deadline, RESET_MARGIN_MS, PROBE_MS, LEASE_MS, WINDOW_MS];
      const [code, value, ...last] = (await (budget
        ? connection.eval(
            'admission',
            ADMIT,
            [...tokenKeys, ...budgetKeys(prefix, budget.app, budget.day)],
            [...args, budget.limit, DAY_KEY_TTL_MS, ...spent.floor(budget.app, budget.day)],
            true,
          )
        : connection.eval('rate window', ACQUIRE, tokenKeys, args))) as [
        number,
        number,
        ...(string | number | null)[],
      ];
      if (code === 1) {
        if (budget) spent.took(budget.app, budget.day, Number(last[0]));
        return slot(token, value);
      }
      if (code === 3) {
        if (budget) spent.saw(budget.app, budget.day, value);
        return false;
      }
      if (code === 2) throw rateLimitWaitError(value, lastInfo(last), options.maxWaitMs);
      const wait = value > 25 ? value + Math.random() * RESET_JITTER_MS : 10 + Math.random() * 20;
      try {
        await sleep(Math.min(wait, POLL_MAX_MS), options.signal);
      } catch (error) {
        await leave();
        throw error;
      }
    }
  };

  return {
    windows: {
      acquire: (token, assumedLimit, options) => place(token, assumedLimit, options) as Promise<WindowSlot>,
      async last(token) {
        const [state] = keys(token) as [string];
        const values = (await connection.run('rate window read', (c) =>
          c.eval("return redis.call('HMGET', KEYS[1], 'lastLimit', 'lastRemaining', 'lastReset')", 1, state),
        )) as (string | null)[];
        return lastInfo(values);
      },
    },
    admit: (admission, options) =>
      place(admission.token, admission.assumedLimit, options, {
        app: admission.app,
        day: admission.day,
        limit: admission.dailyLimit,
      }),
  };
}

function lastInfo(values: (string | number | null)[]): RateLimitInfo | undefined {
  const [limit, remaining, reset] = values.map((v) =>
    v === null || v === undefined ? Number.NaN : Number(v),
  );
  if (!Number.isFinite(limit) || !Number.isFinite(remaining)) return undefined;
  return { limit: limit as number, remaining: remaining as number, reset: (reset ?? 0) / 1000 };
}
