/**
 * `price-catalog/server`: the backend-for-frontend handler. The browser uses the SDK with no
 * credentials, pointed at this handler; the handler holds the client secret, every token, the
 * day's budget and one cache for all users. See docs/frontend.md.
 */

export { type SlruStoreOptions, slruCacheStore } from './cache/slru-store.js';
export { type CatalogHandler, createCatalogHandler } from './handler.js';
export {
  type FetchHandler,
  type NodeHandler,
  type NodeHandlerOptions,
  toNodeHandler,
} from './http/node.js';
export type { CatalogHandlerOptions, CookieOptions, RequestContext } from './options.js';
export { SERVED_ROUTES, type ServedRoute } from './routing/routes.js';
