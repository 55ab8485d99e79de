/**
 * The known name a mistyped one most likely meant, for an error's "did you mean". Names are
 * compared without case, `_` or `-` (`orderBy` is `order_by`); then one inside the other
 * (`retries` in `maxRetries`); then by the letters left once their common start and end are
 * taken away: one or two at most (`timeot` is `timeout`, `tiemout` too). Not a library, nor a
 * full edit distance: every browser bundle carries these lines, and typos are a letter or two.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = plain(name);
  let best: string | undefined;
  let least = wanted.length > 5 ? 3 : 2;
  for (const candidate of known) {
    const other = plain(candidate);
    const inside = wanted.length > 2 && (other.includes(wanted) || wanted.includes(other));
    const left = inside ? 1 : lettersLeft(wanted, other);
    if (left < least) {
      best = candidate;
      least = left;
    }
  }
  return best;
}

const plain = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** Letters of the longer name outside the start and end the two share (0: the same name). */
function lettersLeft(a: string, b: string): number {
  const shorter = Math.min(a.length, b.length);
  let start = 0;
  while (start < shorter && a[start] === b[start]) start++;
  let end = 0;
  while (end < shorter - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return Math.max(a.length, b.length) - start - end;
}
