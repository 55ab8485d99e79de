import * as C from './favorites.js';
import { type EndpointRowSpec, ORDER_DIR, PAGE } from './row.js';

/** The query names of the favorite endpoints, the extras beyond the spec. */
export const FAVORITE_ROWS = {
  'favorites.list': [C.list, { query: [{ name: 'owned', kind: 'boolean' }, ORDER_DIR, ...PAGE] }],
  'favorites.get': [C.get],
  'favorites.forSku': [C.forSku, { documented: false }],
  'favorites.inCategory': [C.inCategory, { query: PAGE }],
  'favorites.lists.list': [C.listsList, { query: PAGE }],
  'favorites.lists.favorites': [C.listsFavorites, { query: PAGE }],
  'favorites.create': [C.create],
  'favorites.update': [C.update],
  'favorites.delete': [C.remove],
  'favorites.lists.create': [C.listsCreate],
  'favorites.lists.delete': [C.listsDelete],
} satisfies Record<string, EndpointRowSpec>;
