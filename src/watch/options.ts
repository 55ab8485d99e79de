import { InvalidRequestError } from '../index.js';
import type { ListingFilters } from './plan.js';
import type { WatchedCategory, WatchedSku, WatchShare } from './types.js';

const invalid = (message: string, param: string): InvalidRequestError =>
  new InvalidRequestError(`price watch: ${message}`, 'InvalidOption', param);

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

export function checkId(value: unknown, name: string): number {
  if (!isId(value)) throw invalid(`${name} must be a positive integer, got ${String(value)}`, name);
  return value;
}

export function checkWeight(value: unknown): number {
  if (value === undefined) return 1;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw invalid(`weight must be a positive number, got ${String(value)}`, 'weight');
  return value;
}

/** The share as calls a day; a fraction needs the client's daily limit. */
export function sharedCalls(share: WatchShare, dailyLimit: number | null): number {
  if (share !== null && typeof share === 'object' && 'calls' in share) {
    if (!isId(share.calls))
      throw invalid(`share.calls must be a positive integer, got ${String(share.calls)}`, 'share');
    return share.calls;
  }
  const fraction = (share as { fraction?: unknown } | null)?.fraction;
  if (typeof fraction !== 'number' || !(fraction > 0 && fraction <= 1))
    throw invalid('share must be { calls: n } or { fraction: f } with 0 < f <= 1', 'share');
  if (dailyLimit === null)
    throw invalid("share.fraction needs the client's dailyLimit (it is off): give share.calls", 'share');
  return Math.max(1, Math.floor(dailyLimit * fraction));
}

export function checkSku(item: WatchedSku | number): {
  sku: number;
  category: number | undefined;
  weight: number;
} {
  if (typeof item === 'number') return { sku: checkId(item, 'sku'), category: undefined, weight: 1 };
  return {
    sku: checkId(item.sku, 'sku'),
    category: item.category === undefined ? undefined : checkId(item.category, 'category'),
    weight: checkWeight(item.weight),
  };
}

export function checkCategory(item: WatchedCategory): {
  category: number;
  filters: ListingFilters;
  weight: number;
} {
  const list = (value: readonly number[] | undefined, name: string): number[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw invalid(`${name} must be an array of ids`, name);
    return value.map((id) => checkId(id, name));
  };
  return {
    category: checkId(item.category, 'category'),
    filters: {
      manufacturer_ids: list(item.manufacturer_ids, 'manufacturer_ids'),
      shop_ids: list(item.shop_ids, 'shop_ids'),
    },
    weight: checkWeight(item.weight),
  };
}

/** The name's characters go into keys of the coordination: plain ones only. */
export function checkName(name: string | undefined): string {
  const value = name ?? 'default';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value))
    throw invalid(`name must be 1-64 of A-Z a-z 0-9 _ -, got ${JSON.stringify(value)}`, 'name');
  return value;
}
