import {
  FavoriteEnvelopeSchema,
  FavoriteListEnvelopeSchema,
  FavoriteListListSchema,
  FavoritesSchema,
} from '../schemas/favorites.js';
import { categoriesSkus } from './catalog.js';
import { type EndpointCall, ORDER_DIRS, PAGE_NAMES, type StaleRead } from './row.js';

const SCOPED = { user: true, scope: 'favorites' } as const;

export const list = {
  path: '/favorites',
  queryNames: ['owned', 'order_dir', ...PAGE_NAMES],
  schema: FavoritesSchema,
  ...SCOPED,
  values: { order_dir: ORDER_DIRS },
  args: ['params'],
} as const satisfies EndpointCall;
export const get = {
  path: '/favorites/:id',
  schema: FavoriteEnvelopeSchema,
  ...SCOPED,
  args: ['id'],
} as const satisfies EndpointCall;
export const forSku = {
  path: '/skus/:sku_id/favorite',
  schema: FavoritesSchema,
  ...SCOPED,
  args: ['sku_id'],
} as const satisfies EndpointCall;
export const inCategory = {
  path: '/categories/:id/favorites',
  queryNames: PAGE_NAMES,
  schema: FavoritesSchema,
  ...SCOPED,
  args: ['id', 'params'],
} as const satisfies EndpointCall;
export const listsList = {
  path: '/favorite_lists',
  queryNames: PAGE_NAMES,
  schema: FavoriteListListSchema,
  ...SCOPED,
  args: ['params'],
} as const satisfies EndpointCall;
export const listsFavorites = {
  path: '/favorite_lists/:id/favorites',
  queryNames: PAGE_NAMES,
  listIds: ['id'],
  schema: FavoritesSchema,
  ...SCOPED,
  args: ['id', 'params'],
} as const satisfies EndpointCall;

/**
 * Every read that shows which SKUs are the user's favorites and in which list: the favorites,
 * the lists, a category's and a SKU's favorites, and the `favorited` flag of category SKU lists.
 * Not a category or a SKU record: a favorite is not part of them.
 */
const FAVORITE_READS: readonly StaleRead<EndpointCall>[] = [
  { read: list },
  { read: inCategory },
  { read: forSku },
  { read: listsList },
  { read: listsFavorites },
  { read: categoriesSkus, asUserSees: true },
];

export const create = {
  method: 'POST',
  path: '/favorites',
  schema: FavoriteEnvelopeSchema,
  ...SCOPED,
  stale: FAVORITE_READS,
  args: ['input'],
} as const satisfies EndpointCall;
export const update = {
  method: 'PUT',
  path: '/favorites/:id',
  schema: FavoriteEnvelopeSchema,
  ...SCOPED,
  stale: [...FAVORITE_READS, { read: get, same: { id: 'id' } }],
  args: ['id', 'input'],
} as const satisfies EndpointCall;
export const remove = {
  method: 'DELETE',
  path: '/favorites/:id',
  ...SCOPED,
  stale: [...FAVORITE_READS, { read: get, same: { id: 'id' } }],
  args: ['id'],
} as const satisfies EndpointCall;

export const listsCreate = {
  method: 'POST',
  path: '/favorite_lists',
  schema: FavoriteListEnvelopeSchema,
  ...SCOPED,
  stale: [{ read: listsList }],
  args: ['input'],
} as const satisfies EndpointCall;
export const listsDelete = {
  method: 'DELETE',
  path: '/favorite_lists/:id',
  listIds: ['id'],
  ...SCOPED,
  // What becomes of the list's favorites is not shown: every favorite read goes.
  stale: [...FAVORITE_READS, { read: get }],
  args: ['id'],
} as const satisfies EndpointCall;

/** This area's client methods by their name on the client, each to its literal (METHODS joins the areas). */
export const FAVORITE_METHODS = {
  'favorites.list': list,
  'favorites.get': get,
  'favorites.forSku': forSku,
  'favorites.inCategory': inCategory,
  'favorites.lists.list': listsList,
  'favorites.lists.favorites': listsFavorites,
  'favorites.create': create,
  'favorites.update': update,
  'favorites.delete': remove,
  'favorites.lists.create': listsCreate,
  'favorites.lists.delete': listsDelete,
} satisfies Record<string, EndpointCall>;
