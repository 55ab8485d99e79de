/**
 * Whether `GET /search` found a category by its name: then its `match_count` counts all its SKUs,
 * and the exporter lists the category whole instead of with the query as keyword (a listing with
 * the keyword keeps only the SKUs whose own name holds the query: none, often, in a category
 * called "Tablets" whose SKUs are called "iPad …").
 *
 * Written by hand because it must compare text the way the search does, not the way a general
 * library would: lower case, accents removed (NFD, combining marks dropped), Greek final sigma
 * folded, each word of the query a part of the name (`tablet` is in `Tablets`). That is how the
 * sandbox's search matches names (both use `normalizeText`, src/text/normalize.ts). The query is
 * split on white space only: the search also splits words on `()/,+-`, so a word such as `usb-c` found whole in a
 * name is found by the search too, and the rule never takes a category for name-matched that the
 * search did not match by name. If it misses one, that category is listed with the keyword, as
 * any other.
 */
import { normalizeText } from '../text/normalize.js';

export { normalizeText };

/** The query's words, normalized; none for a blank query. */
export function queryWords(query: string): string[] {
  return normalizeText(query)
    .split(' ')
    .filter((word) => word !== '');
}

/** Every word of the query is in the name (case- and accent-insensitively); false for a blank query. */
export function nameHoldsQuery(name: string, query: string): boolean {
  const words = queryWords(query);
  const text = normalizeText(name);
  return words.length > 0 && words.every((word) => text.includes(word));
}
