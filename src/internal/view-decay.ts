/**
 * How a count of views ages (`ViewCountStore`): halved at each UTC midnight, forgotten below 1/4.
 * One rule for the handler's memory and the file store (the Redis store's script spells it in Lua).
 */
import { DAY_MS, type UtcDay } from './day.js';

/** A count halved below this is forgotten. */
export const FORGOTTEN = 0.25;

/** The UTC day `YYYY-MM-DD` as whole days since 1970-01-01 (NaN when it is not one). */
export function dayNumber(day: UtcDay): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return Number.NaN;
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

/** `views` counted on an earlier day, `days` midnights later: halved each, 0 once forgotten. */
export function halved(views: number, days: number): number {
  if (days <= 0) return views;
  const left = views / 2 ** Math.min(days, 60);
  return left < FORGOTTEN ? 0 : left;
}

/** Midnights until a count of `views` is forgotten: how long a store keeps it unviewed. */
export function daysRemembered(views: number): number {
  return Math.max(1, Math.floor(Math.log2(views / FORGOTTEN)) + 1);
}

/** What a store says of a `day` that is not a UTC day `YYYY-MM-DD` (in an InvalidRequestError). */
export function badDayMessage(day: UtcDay): string {
  return `viewCounts.add: day must be a UTC day YYYY-MM-DD, got ${JSON.stringify(day).slice(0, 40)}`;
}
