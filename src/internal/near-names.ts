/**
 * The known name a mistyped one most likely meant, by its spelling, for an error's "did you
 * mean". Browser bundles use this file as is; in Node, near-meanings.ts first looks the name up
 * by meaning (`per_page` -> `per`), then asks this one.
 */

/**
 * The known name `name` most likely meant by its spelling: names compared without case, `_` or
 * `-` (`orderBy` is `order_by`); then
 * one inside the other, when it is at least half of it (`retries` in `maxRetries`); then by the
 * letters left once their common start and end are taken away, a third of the longer name at most
 * (`timeot` is `timeout`). Not a library, nor a full edit distance: browser bundles carry it.
 */
export function closestSpelling(name: string, known: readonly string[]): string | undefined {
  const wanted = plain(name);
  let best: string | undefined;
  let least = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const other = plain(candidate);
    const [short, long] = wanted.length < other.length ? [wanted, other] : [other, wanted];
    const left = lettersLeft(short, long);
    // Close in letters, or one inside the other when it is at least half of it.
    if (
      left < least &&
      (left * 3 <= long.length ||
        (short.length > 2 && short.length * 2 >= long.length && long.includes(short)))
    ) {
      best = candidate;
      least = left;
    }
  }
  return best;
}

export const plain = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** Letters of `long` outside the start and the end it shares with `short` (0: the same name). */
function lettersLeft(short: string, long: string): number {
  let start = 0;
  while (start < short.length && short[start] === long[start]) start++;
  let end = 0;
  while (end < short.length - start && short[short.length - 1 - end] === long[long.length - 1 - end]) end++;
  return long.length - start - end;
}
