import { InvalidRequestError } from './errors.js';

/** API versions the SDK can ask for. A patch part (`3.1.2`) is accepted and dropped: the server ignores it. */
export type ApiVersion = '3' | '3.0' | '3.1' | '3.2' | `3.${0 | 1 | 2}.${number}`;

/** Validates a version and returns its wire form (`3`, `3.1`, ...). */
export function normalizeApiVersion(version: string): string {
  const match = /^3(?:\.([0-2]))?(?:\.\d+)?$/.exec(String(version));
  if (!match || (match[1] === undefined && String(version).includes('.'))) {
    throw new InvalidRequestError(
      `apiVersion must be 3, 3.0, 3.1 or 3.2 (a patch part is ignored), got ${JSON.stringify(version)}`,
      'InvalidApiVersion',
      'apiVersion',
    );
  }
  return match[1] === undefined ? '3' : `3.${match[1]}`;
}
