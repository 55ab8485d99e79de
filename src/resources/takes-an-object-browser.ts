/**
 * src/resources/takes-an-object.ts for browser bundles (package.json `browser`): the same refusal
 * before sending, its call to write read from the method's endpoint literal, which is at hand,
 * rather than from the endpoint table, which alone knows the method's name and would add some 7 KB
 * to a bundle of one module: `GET /categories/:id/skus takes an object: { order_by: … }` (the
 * endpoint and its first query name). The searches take a string as their `q` in every build.
 */
import { InvalidRequestError, isRecord } from '../core/errors.js';
import type { EndpointCall } from '../endpoints/row.js';

/** Throws for the first of `values` (the method's object arguments) given and not an object. */
export function objectsOnly(
  { method = 'GET', path, queryNames, args }: EndpointCall,
  _ids: readonly unknown[],
  ...values: unknown[]
): void {
  for (const given of values) {
    if (given != null && !isRecord(given)) {
      throw new InvalidRequestError(
        `${method} ${path} takes an object: { ${queryNames?.[0] ?? '…'}: … }`,
        'InvalidParam',
        args.includes('input') ? 'input' : 'params',
      );
    }
  }
}
