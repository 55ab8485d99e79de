/**
 * Whether a background revalidation may spend a call now. Paced: while the calls spent today are
 * under the elapsed share of the day's budget, less the reserve still kept: it shrinks as the day
 * goes (calls left at midnight are lost) to a tenth of itself, so an answer nobody has fetched
 * yet can still be served in the day's last minutes.
 */
import type { DailyUsage } from '../index.js';
import { DAY_MS, type Settings } from './settings.js';

export function mayRevalidate(
  settings: Pick<Settings, 'pacing' | 'reserve' | 'reserveFloor'>,
  usage: DailyUsage,
  /** Revalidations under way: not counted yet. */
  underWay: number,
  now: number,
): boolean {
  const { limit } = usage;
  if (limit === null) return true;
  const calls = usage.calls + underWay;
  if (!settings.pacing) return calls < limit - settings.reserve;
  const share = (now - Math.floor(now / DAY_MS) * DAY_MS) / DAY_MS;
  return calls < limit * share - Math.max(settings.reserve * (1 - share), settings.reserveFloor);
}
