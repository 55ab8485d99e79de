/** `price-catalog` as the docs examples import it: the source entry, with the context's client wrapper. */
import { createClient as create, createClientWith as createWith } from '../../src/index.js';
import { wrapClient } from './context.js';

export * from '../../src/index.js';
export const createClient: typeof create = (options) => wrapClient(create(options));
export const createClientWith = ((modules, options) =>
  wrapClient(createWith(modules, options))) as typeof createWith;
