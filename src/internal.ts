import { rateLimitWaitError } from './core/errors.js';
import { abortError, sleep } from './core/signal.js';

/**
 * @internal Not part of the API: the helpers `price-catalog/redis` takes from this entry point.
 * That entry takes every runtime value from the main one (its CommonJS build requires the built
 * main entry), so both use one copy of this code and build the same error classes.
 */
export const _shared = { rateLimitWaitError, abortError, sleep };
