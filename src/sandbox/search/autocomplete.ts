import type { Catalog } from '../data/catalog-cache.js';
import type { JsonObject } from '../http/json.js';
import { normalize } from './text.js';

interface Phrase {
  k: string;
  weight: number;
  /** The category most of its SKUs are in. */
  category?: { n: string; id: number };
}

const phrasesCache = new WeakMap<Catalog, Phrase[]>();

/** Keyphrases people search for: SKU names without their variant, manufacturers, categories. */
function phrases(catalog: Catalog): Phrase[] {
  const cached = phrasesCache.get(catalog);
  if (cached) return cached;
  const byPhrase = new Map<string, { weight: number; categories: Map<number, number> }>();
  const add = (text: string, weight: number, categoryId?: number): void => {
    const k = normalize(text);
    const entry = byPhrase.get(k) ?? { weight: 0, categories: new Map<number, number>() };
    entry.weight += weight;
    if (categoryId !== undefined)
      entry.categories.set(categoryId, (entry.categories.get(categoryId) ?? 0) + weight);
    byPhrase.set(k, entry);
  };
  for (const sku of catalog.data.skus) {
    const model = sku.display_name.replace(/\s*\([^)]*\)\s*$/, '');
    add(model, 1 + sku.popularity / 1000, sku.category_id);
    const maker = catalog.index.manufacturer.get(sku.manufacturer_id);
    if (maker) add(maker.name, 1, sku.category_id);
  }
  for (const category of catalog.data.categories) {
    if (category.children_count === 0) add(category.name, 50, category.id);
  }
  const built = [...byPhrase].map(([k, entry]): Phrase => {
    const [topId] = [...entry.categories].sort((a, b) => b[1] - a[1])[0] ?? [];
    const category = topId === undefined ? undefined : catalog.index.category.get(topId);
    return {
      k,
      weight: entry.weight,
      ...(category ? { category: { n: category.name, id: category.id } } : {}),
    };
  });
  phrasesCache.set(catalog, built);
  return built;
}

/**
 * Up to 10 suggestions whose phrase, or a word of it, starts with `q`. `i` is where the suggested
 * completion starts (the typed part is not highlighted); the two best carry a category hint `d`.
 */
export function autocomplete(catalog: Catalog, q: string): JsonObject[] {
  const typed = normalize(q);
  if (typed === '') return [];
  const hits: { phrase: Phrase; at: number }[] = [];
  for (const phrase of phrases(catalog)) {
    const at = phrase.k.startsWith(typed) ? 0 : phrase.k.indexOf(` ${typed}`);
    if (at >= 0) hits.push({ phrase, at: at === 0 ? 0 : at + 1 });
  }
  hits.sort((a, b) => a.at - b.at || b.phrase.weight - a.phrase.weight || (a.phrase.k < b.phrase.k ? -1 : 1));
  return hits.slice(0, 10).map(({ phrase, at }, rank) => ({
    k: phrase.k,
    i: at + typed.length,
    ...(rank < 2 && phrase.category ? { d: { ...phrase.category } } : {}),
  }));
}
