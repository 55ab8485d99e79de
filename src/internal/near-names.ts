/**
 * The known name a wrong one most likely meant, for an error's "did you mean": the client's
 * refusal of an unknown option or query name and the handler's 400 for an unknown query name
 * read the same answer.
 */
import { byMeaning } from './near-meanings.js';

/**
 * The known name `name` most likely meant. First by meaning (`per_page`, `limit` -> `per`, when
 * `per` is known); then names compared without case, `_` or `-` (`orderBy` is `order_by`); then
 * one inside the other, when it is at least half of it (`retries` in `maxRetries`); then by the
 * letters left once their common start and end are taken away, a third of the longer name at most
 * (`timeot` is `timeout`). Not a library, nor a full edit distance: browser bundles carry it (but
 * not the meanings: near-meanings-off.ts there).
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = plain(name);
  const meaning = byMeaning(wanted, known);
  if (meaning) return meaning;
  let best: string | undefined;
  let least = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const other = plain(candidate);
    const [short, long] = wanted.length < other.length ? [wanted, other] : [other, wanted];
    const inside = short.length > 2 && short.length * 2 >= long.length && long.includes(short);
    const left = lettersLeft(short, long);
    if (left < least && (inside || left * 3 <= long.length)) {
      best = candidate;
      least = left;
    }
  }
  return best;
}

const plain = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** Letters of `long` outside the start and the end it shares with `short` (0: the same name). */
function lettersLeft(short: string, long: string): number {
  let start = 0;
  while (start < short.length && short[start] === long[start]) start++;
  let end = 0;
  while (end < short.length - start && short[short.length - 1 - end] === long[long.length - 1 - end]) end++;
  return long.length - start - end;
}
