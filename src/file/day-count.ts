import type { UtcDay } from '../internal/day.js';
import type { SpentHere } from '../internal/spent-here.js';
import type { State } from './state.js';

/** Processes whose own calls a day keeps; past it the fewest are dropped (the floor only loses height). */
const MAX_INSTANCES = 100;

/** Calls counted for `app` on `day`; older days than the day before are dropped on the way. */
export function budgetDays(state: State, app: string, day: UtcDay): Record<string, number> {
  let days = state.budgets[app];
  if (!days) {
    days = {};
    state.budgets[app] = days;
  }
  for (const old of Object.keys(days)) if (old < day && Object.keys(days).length > 2) delete days[old];
  return days;
}

/** Each process's own calls of `app` on `day` (only the latest day is kept). */
function ownCalls(state: State, app: string, day: UtcDay): Record<string, number> {
  state.spent ??= {};
  const kept = state.spent[app];
  // A call of yesterday ending after midnight changes nothing of today's.
  if (kept && kept.day > day) return {};
  if (kept?.day === day && typeof kept.by === 'object' && kept.by !== null) return kept.by;
  const fresh = { day, by: {} as Record<string, number> };
  state.spent[app] = fresh;
  return fresh.by;
}

/**
 * The day's count, never lower than this process knows (src/internal/spent-here.ts): when the file
 * holds less (deleted, or put back from an older copy mid-day), the count becomes the highest of
 * what it holds, the processes' own calls summed, and the count this process last saw.
 * `raised`: the state changed and must be written.
 */
export function countFloored(
  state: State,
  app: string,
  day: UtcDay,
  spent: SpentHere,
): { calls: number; raised: boolean } {
  const days = budgetDays(state, app, day);
  const held = days[day] ?? 0;
  const [id, own, seen] = spent.floor(app, day);
  const by = ownCalls(state, app, day);
  const mine = by[id] ?? 0;
  if (mine >= own && held >= seen) return { calls: held, raised: false };
  if (mine < own) by[id] = own;
  let sum = 0;
  for (const calls of Object.values(by)) sum += calls;
  const calls = Math.max(held, seen, sum);
  days[day] = calls;
  return { calls, raised: true };
}

/** Takes one call of `app`'s `day` for this process; the day's count after it. */
export function takeCall(state: State, app: string, day: UtcDay, spent: SpentHere): number {
  const days = budgetDays(state, app, day);
  const calls = (days[day] ?? 0) + 1;
  days[day] = calls;
  const by = ownCalls(state, app, day);
  by[spent.id] = (by[spent.id] ?? 0) + 1;
  const ids = Object.keys(by);
  if (ids.length > MAX_INSTANCES) {
    const fewest = ids.reduce((a, b) => ((by[a] ?? 0) <= (by[b] ?? 0) ? a : b));
    if (fewest !== spent.id) delete by[fewest];
  }
  return calls;
}

/** Gives one call of this process's back (it reached no server). */
export function giveBack(state: State, app: string, day: UtcDay, spent: SpentHere): boolean {
  const days = state.budgets[app];
  const calls = days?.[day] ?? 0;
  if (!days || calls === 0) return false;
  days[day] = calls - 1;
  const by = state.spent?.[app]?.day === day ? state.spent[app].by : undefined;
  if (by && (by[spent.id] ?? 0) > 0) by[spent.id] = (by[spent.id] as number) - 1;
  return true;
}
