import { PriceCatalogError } from '../index.js';

/**
 * Redis could not answer (down, too slow, or a script failed): the call was not sent. Without the
 * shared count the SDK cannot know the call stays within the limits, so it fails closed.
 *
 * Defined here rather than in the main entry, so that clients without Redis do not carry it; it
 * extends the main entry's PriceCatalogError (one copy shared by both entry points).
 */
export class CoordinationError extends PriceCatalogError {
  override name = 'CoordinationError';
}
