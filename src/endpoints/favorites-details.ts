import type { MethodName } from './methods.js';
import { type EndpointDetails, ORDER_DIR, PAGE } from './row.js';

/** The query names of the favorite endpoints, the extras beyond the spec.. */
export const FAVORITE_DETAILS = {
  'favorites.list': { query: [{ name: 'owned', kind: 'boolean' }, ORDER_DIR, ...PAGE] },
  'favorites.forSku': { documented: false },
  'favorites.inCategory': { query: PAGE },
  'favorites.lists.list': { query: PAGE },
  'favorites.lists.favorites': { query: PAGE },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
