/**
 * Names an options or query object does not take are refused before anything is sent, with the
 * closest known name: plain JavaScript gets the refusal TypeScript gives an object literal, and a
 * typo (`{ retries: 3 }`, `{ timeot: 5 }`, `{ orderBy: 'price' }`) is never silently ignored.
 */
import { closestName } from '../internal/near-names.js';
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
