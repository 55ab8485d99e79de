/**
 * Visitors' calls per day in this process's memory: the handler's default when its coordination
 * keeps none (one instance). Bounded: past `maxKeys` the least recently charged counters go (their visitors start
 * again, the anonymous visitors' common counter still bounds them all).
 */
import type { VisitorCountStore } from '../../index.js';
import { Daily } from '../../internal/day.js';

export function memoryVisitorCounts(maxKeys = 100_000): VisitorCountStore {
  const days = new Daily<Map<string, number>>(() => new Map());
  return {
    async take(day, charges) {
      const map = days.on(day);
      if (charges.some(({ key, limit }) => (map.get(key) ?? 0) >= limit)) return false;
      for (const { key } of charges) {
        const taken = (map.get(key) ?? 0) + 1;
        // Re-inserted: the Map's order is then least recently charged first.
        map.delete(key);
        map.set(key, taken);
      }
      while (map.size > maxKeys) map.delete(map.keys().next().value as string);
      return true;
    },
    count: async (day, key) => days.of(day)?.get(key) ?? 0,
  };
}
