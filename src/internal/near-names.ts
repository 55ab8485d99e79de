/**
 * The known name a wrong one most likely meant, for an error's "did you mean": by meaning first
 * (names other APIs give what this one calls `per`, `q`, `order_by`: `per_page`, `limit`,
 * `query`, `sort`), then by spelling. The client's refusal of an unknown option or query name and
 * the handler's 400 for an unknown query name read this one answer, in Node and in browsers.
 */

/**
 * `name:alias,alias|...`, the aliases spelled as `plain()` spells them. A string, not a Map: the
 * fewest bytes in a browser bundle, and read only when a name is refused.
 */
const MEANINGS =
  'per:perpage,pagesize,limit,count,size|q:query,search,term,keyword,keywords,text|order_by:sort,sortby,order|order_dir:direction,dir,sortdir,sortorder|lat:latitude|lng:longitude,lon,long';

/**
 * The known name `name` most likely meant: the one it means when it is another API's name for it
 * (`per_page` is `per`, not the `page` its spelling is nearest); else by its spelling, names
 * compared without case, `_` or `-` (`orderBy` is `order_by`); then one inside the other, when it
 * is at least half of it (`retries` in `maxRetries`); then by the letters left once their common
 * start and end are taken away, a third of the longer name at most (`timeot` is `timeout`). Not a
 * library, nor a full edit distance: browser bundles carry it.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = plain(name);
  const meant = MEANINGS.split('|')
    .find((entry) => entry.split(/[:,]/).slice(1).includes(wanted))
    ?.split(':')[0];
  if (meant && known.includes(meant)) return meant;
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

const plain = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** Letters of `long` outside the start and the end it shares with `short` (0: the same name). */
function lettersLeft(short: string, long: string): number {
  let start = 0;
  while (start < short.length && short[start] === long[start]) start++;
  let end = 0;
  while (end < short.length - start && short[short.length - 1 - end] === long[long.length - 1 - end]) end++;
  return long.length - start - end;
}
