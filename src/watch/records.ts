import type { RecordStore } from '../index.js';
import type { SeenPrice, SkuPrice } from './types.js';

/** `Coordination.records` for a coordination without one (memory): one process shares it. */
export function memoryRecords(): RecordStore {
  const maps = new Map<string, Map<string, string>>();
  const mapOf = (name: string): Map<string, string> => {
    const map = maps.get(name) ?? new Map<string, string>();
    maps.set(name, map);
    return map;
  };
  return {
    get: async (name, fields) => fields.map((field) => maps.get(name)?.get(field)),
    all: async (name) => Object.fromEntries(maps.get(name) ?? []),
    async set(name, fields) {
      const map = mapOf(name);
      for (const [field, value] of Object.entries(fields)) map.set(field, value);
    },
    async delete(name, fields) {
      for (const field of fields) maps.get(name)?.delete(field);
    },
  };
}

const numberOrNull = (text: string | undefined): number | null =>
  text === undefined || text === '' ? null : Number(text);

/** A price as stored: `min|max|shops|seenAt ms`. */
export function priceText(price: SkuPrice, seenAt: number): string {
  return `${price.price_min ?? ''}|${price.price_max ?? ''}|${price.shop_count ?? ''}|${seenAt}`;
}

export function parsePrice(text: string | undefined): SeenPrice | undefined {
  if (text === undefined) return undefined;
  const [min, max, shops, seenAt] = text.split('|');
  return {
    price_min: numberOrNull(min),
    price_max: numberOrNull(max),
    shop_count: numberOrNull(shops),
    seenAt: new Date(Number(seenAt)),
  };
}

export function samePrice(a: SkuPrice, b: SkuPrice): boolean {
  return a.price_min === b.price_min && a.price_max === b.price_max && a.shop_count === b.shop_count;
}

/** A unit's state: when it was last fetched (claimed), the SKUs its page held, the moves seen there. */
export interface UnitState {
  at: number;
  items: number;
  moves: number;
}

export function unitText(state: UnitState): string {
  return `${state.at}|${state.items}|${state.moves}`;
}

export function parseUnit(text: string | undefined): UnitState | undefined {
  if (text === undefined) return undefined;
  const [at, items, moves] = text.split('|').map(Number);
  return { at: at ?? 0, items: items ?? 0, moves: moves ?? 0 };
}

/** Where a watched SKU was last seen (a page unit's key, '' for none) and the moves seen of it. */
export interface Place {
  page: string;
  moves: number;
}

export function placeText(place: Place): string {
  return `${place.page}|${place.moves}`;
}

export function parsePlace(text: string | undefined): Place | undefined {
  if (text === undefined) return undefined;
  const bar = text.lastIndexOf('|');
  return { page: text.slice(0, bar), moves: Number(text.slice(bar + 1)) || 0 };
}
