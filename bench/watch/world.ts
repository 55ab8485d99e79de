/**
 * The watched world of `npm run bench:watch`: the scaled sandbox's catalog, the SKUs a backend
 * watches (Zipf weights: how many users watch each), and the price moves of the days.
 */
import type { SandboxData } from 'price-catalog/testing';
import { seededRandom, shuffled } from '../day/random.js';

export const DAY_MS = 86_400_000;

export interface Watched {
  sku: number;
  category: number;
  weight: number;
}

export interface Move {
  at: number;
  sku: number;
  price: number;
}

/** `count` priced SKUs, weights 1/rank (Zipf, s = 1) scaled so the lightest weighs 1. */
export function watchedSkus(data: SandboxData, count: number, seed: number): Watched[] {
  const priced = data.skus.filter((sku) => !sku.future);
  const chosen = shuffled(priced, seededRandom(seed)).slice(0, count);
  return chosen.map((sku, rank) => ({ sku: sku.id, category: sku.category_id, weight: count / (rank + 1) }));
}

/**
 * `perDay` moves on each of `days` days from `start`, at uniform times, each on a watched SKU drawn
 * uniformly; each price new for its SKU (5 to 15 % up or down), so no move undoes another.
 */
export function priceMoves(
  data: SandboxData,
  watched: readonly Watched[],
  start: number,
  days: number,
  perDay: number,
  seed: number,
): Move[] {
  const random = seededRandom(seed + 1);
  const price = new Map(data.skus.map((sku) => [sku.id, sku.price_min]));
  const used = new Map<number, Set<number>>();
  const moves: Move[] = [];
  const times = Array.from(
    { length: days * perDay },
    (_, i) => start + Math.floor(i / perDay) * DAY_MS + random() * DAY_MS,
  );
  for (const at of times.sort((a, b) => a - b)) {
    const { sku } = watched[Math.floor(random() * watched.length)] as Watched;
    const seen = used.get(sku) ?? new Set([price.get(sku) ?? 0]);
    used.set(sku, seen);
    let next = 0;
    do {
      const factor = 1 + (random() < 0.5 ? -1 : 1) * (0.05 + random() * 0.1);
      next = Math.max(0.01, Math.round((price.get(sku) ?? 1) * factor * 100) / 100);
    } while (seen.has(next));
    seen.add(next);
    price.set(sku, next);
    moves.push({ at, sku, price: next });
  }
  return moves;
}

/**
 * The pages of each category's listing in the watch's order (`popularity`, most popular first,
 * ties by id, as the sandbox orders it), 100 SKUs a page: which page holds each SKU.
 */
export function listingPages(data: SandboxData): Map<number, string> {
  const byCategory = new Map<number, SandboxData['skus'][number][]>();
  for (const sku of data.skus) {
    const list = byCategory.get(sku.category_id) ?? [];
    list.push(sku);
    byCategory.set(sku.category_id, list);
  }
  const pageOf = new Map<number, string>();
  for (const [category, skus] of byCategory) {
    skus.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    skus.forEach((sku, i) => {
      pageOf.set(sku.id, `${category}:${Math.floor(i / 100) + 1}`);
    });
  }
  return pageOf;
}
