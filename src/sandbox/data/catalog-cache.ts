import { buildData } from './build.js';
import { buildScaledData } from './build-scaled.js';
import { type CatalogIndex, indexData } from './catalog-index.js';
import type { SandboxData } from './types.js';

export interface Catalog {
  data: SandboxData;
  index: CatalogIndex;
}

/**
 * Building a catalog takes tens of milliseconds and test suites create many sandboxes, so each seed's
 * catalog is built once and shared, frozen: a test that writes to `sandbox.data` fails loudly instead
 * of leaking into other sandboxes. State that changes belongs in the sandbox state, not here.
 */
const cache = new Map<string, Catalog>();
const MAX_SEEDS = 8;

export function seededCatalog(seed: number, scale = 1): Catalog {
  const id = `${seed}x${scale}`;
  const hit = cache.get(id);
  if (hit) return hit;
  const data = deepFreeze(scale === 1 ? buildData(seed) : buildScaledData(seed, scale));
  const catalog: Catalog = { data, index: indexData(data) };
  if (cache.size >= MAX_SEEDS) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(id, catalog);
  return catalog;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
