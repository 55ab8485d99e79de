/**
 * What the entries that keep answers (the handler, the Redis store, the exporter's disk cache)
 * share with the core's cache: the stored answer's shape and the reading of `Cache-Control`.
 */
export { type CachedAnswer, cacheDirectives } from '../core/stores/cache.js';
