/**
 * Names an options or query object does not take are refused before anything is sent, with the
 * closest known name: plain JavaScript gets the refusal TypeScript gives an object literal, and a
 * typo (`{ retries: 3 }`, `{ timeot: 5 }`, `{ orderBy: 'price' }`) is never silently ignored.
 */
import { InvalidRequestError, isRecord } from './errors.js';

/**
 * Throws InvalidRequestError for the first own name of `given` not in `known` (what is not an
 * object is left to the caller's own check). `what` starts the
 * message (`unknown option`, `createClient: unknown option`), `code` is the error's
 * (`InvalidOption`, or `InvalidParam` for a query) and `param` the name refused.
 */
export function checkNames(given: unknown, known: readonly string[], what: string, code: string): void {
  if (!isRecord(given)) return;
  for (const name of Object.keys(given)) {
    if (known.includes(name)) continue;
    const near = closestName(name, known);
    const hint = near ? `; did you mean \`${near}\`?` : ` (known: ${known.join(', ')})`;
    throw new InvalidRequestError(`${what} \`${name}\`${hint}`, code, name);
  }
}

/**
 * The known name a mistyped one most likely meant, for an error's "did you mean". Names are
 * compared without case, `_` or `-` (`orderBy` is `order_by`); then one inside the other, when it
 * is at least half of it (`retries` in `maxRetries`); then by the letters left once their common
 * start and end are taken away, a third of the longer name at most (`timeot` is `timeout`).
 * Not a library, nor a full edit distance: every browser bundle carries these lines.
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const wanted = plain(name);
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
