import type { Catalog } from '../data/catalog-cache.js';
import type { CategoryRecord, ManufacturerRecord, SkuRecord } from '../data/types.js';
import type { JsonObject } from '../http/json.js';
import { greekKeyboardToLatin, hasGreek, levenshtein, matchesAll, normalize, tokens } from './text.js';

export interface CategoryMatch {
  category: CategoryRecord;
  matchCount: number;
}

export interface SearchOutcome {
  categories: CategoryMatch[];
  alternatives: JsonObject[];
  strong: { category?: CategoryRecord; manufacturer?: ManufacturerRecord; sku?: SkuRecord };
}

interface SearchIndex {
  skuText: Map<number, string>;
  categoryText: Map<number, string>;
  /** Category id -> SKUs in its subtree. */
  subtreeCounts: Map<number, number>;
  vocabulary: string[];
}

const indexes = new WeakMap<Catalog, SearchIndex>();

function searchIndex(catalog: Catalog): SearchIndex {
  const cached = indexes.get(catalog);
  if (cached) return cached;
  const { data, index } = catalog;
  const subtreeCounts = new Map<number, number>();
  for (const sku of data.skus) {
    for (const id of (index.category.get(sku.category_id)?.path ?? '').split(',')) {
      subtreeCounts.set(Number(id), (subtreeCounts.get(Number(id)) ?? 0) + 1);
    }
  }
  const words = new Set<string>();
  const texts = [...data.skus.map((s) => s.display_name), ...data.categories.map((c) => c.name)];
  for (const text of texts)
    for (const word of tokens(text)) if (word.length >= 3 && /\p{L}/u.test(word)) words.add(word);
  const built: SearchIndex = {
    skuText: new Map(data.skus.map((s) => [s.id, normalize(`${s.display_name} ${s.pn}`)])),
    categoryText: new Map(data.categories.map((c) => [c.id, normalize(c.name)])),
    subtreeCounts,
    vocabulary: [...words].sort(),
  };
  indexes.set(catalog, built);
  return built;
}

function matchingSkus(catalog: Catalog, terms: readonly string[]): SkuRecord[] {
  const { skuText } = searchIndex(catalog);
  return catalog.data.skus.filter((sku) => matchesAll(skuText.get(sku.id) ?? '', terms));
}

/** Categories whose name matches, and those holding matching SKUs, with how many SKUs match. */
function matchCategories(catalog: Catalog, terms: readonly string[]): CategoryMatch[] {
  const { categoryText, subtreeCounts } = searchIndex(catalog);
  const counts = new Map<number, number>();
  for (const sku of matchingSkus(catalog, terms))
    counts.set(sku.category_id, (counts.get(sku.category_id) ?? 0) + 1);
  const byName = new Set<number>();
  for (const category of catalog.data.categories) {
    if (category.parent_id !== 0 && matchesAll(categoryText.get(category.id) ?? '', terms)) {
      byName.add(category.id);
      counts.set(category.id, Math.max(counts.get(category.id) ?? 0, subtreeCounts.get(category.id) ?? 0));
    }
  }
  return [...counts]
    .flatMap(([id, matchCount]) => {
      const category = catalog.index.category.get(id);
      return category ? [{ category, matchCount }] : [];
    })
    .sort(
      (a, b) =>
        Number(byName.has(b.category.id)) - Number(byName.has(a.category.id)) ||
        b.matchCount - a.matchCount ||
        a.category.id - b.category.id,
    );
}

function total(matches: readonly CategoryMatch[]): number {
  return matches.reduce((sum, m) => sum + m.matchCount, 0);
}

function strongMatches(catalog: Catalog, q: string, terms: readonly string[]): SearchOutcome['strong'] {
  const wanted = normalize(q);
  const strong: SearchOutcome['strong'] = {};
  const category = catalog.data.categories.find((c) => c.parent_id !== 0 && normalize(c.name) === wanted);
  if (category) strong.category = category;
  const manufacturer = catalog.data.manufacturers.find((m) => normalize(m.name) === wanted);
  if (manufacturer) strong.manufacturer = manufacturer;
  const skus = matchingSkus(catalog, terms);
  const sku =
    skus.find((s) => normalize(s.display_name) === wanted || normalize(s.name) === wanted) ??
    (skus.length === 1 ? skus[0] : undefined);
  if (sku) strong.sku = sku;
  return strong;
}

/** The closest known word within 1 edit (short words) or 2 edits, if the word itself is unknown. */
function correct(catalog: Catalog, word: string): string {
  const { vocabulary } = searchIndex(catalog);
  if (vocabulary.some((known) => known.includes(word))) return word;
  const allowed = word.length <= 4 ? 1 : 2;
  let best = word;
  let bestDistance = allowed + 1;
  for (const known of vocabulary) {
    const distance = levenshtein(word, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return best;
}

/** Suggestions for a query that matched nothing: keyboard layout, spelling, then dropped words. */
function alternativesFor(catalog: Catalog, q: string, terms: readonly string[]): JsonObject[] {
  const candidates: { term: string; important: boolean; dropped?: readonly string[] }[] = [];
  if (hasGreek(q)) candidates.push({ term: tokens(greekKeyboardToLatin(q)).join(' '), important: true });
  candidates.push({ term: terms.map((t) => correct(catalog, t)).join(' '), important: true });
  if (terms.length > 1) {
    const kept = terms.filter((t) => matchCategories(catalog, [t]).length > 0);
    if (kept.length > 0 && kept.length < terms.length) {
      candidates.push({
        term: kept.join(' '),
        important: false,
        dropped: terms.filter((t) => !kept.includes(t)),
      });
    }
  }
  const seen = new Set([terms.join(' ')]);
  const out: JsonObject[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.term)) continue;
    seen.add(candidate.term);
    const count = total(matchCategories(catalog, tokens(candidate.term)));
    if (count === 0) continue;
    out.push({
      term: candidate.term,
      count,
      drop: candidate.dropped
        ? terms.map((token) => ({ token, dropped: candidate.dropped?.includes(token) ?? false }))
        : [],
      important: candidate.important,
    });
  }
  return out;
}

export function search(catalog: Catalog, q: string): SearchOutcome {
  const terms = tokens(q);
  const categories = matchCategories(catalog, terms);
  if (categories.length > 0) {
    return { categories, alternatives: [], strong: strongMatches(catalog, q, terms) };
  }
  // A misspelt query is answered with the results of its correction, under the query as typed,
  // as recorded (`ipone`); a query typed on a Greek keyboard gets an alternative instead (`ιπηονε`).
  if (!hasGreek(q)) {
    const corrected = terms.map((term) => correct(catalog, term));
    const found = corrected.join(' ') === terms.join(' ') ? [] : matchCategories(catalog, corrected);
    if (found.length > 0) return { categories: found, alternatives: [], strong: {} };
  }
  return { categories: [], alternatives: alternativesFor(catalog, q, terms), strong: {} };
}
