import {
  FavoriteEnvelopeSchema,
  FavoriteListEnvelopeSchema,
  FavoriteListListSchema,
  FavoritesSchema,
} from '../schemas/favorites.js';
import { CATALOG } from './catalog.js';
import type { EndpointCall, StaleRead } from './row.js';

const SCOPED = { user: true, scope: 'favorites' } as const;

const READS = {
  'favorites.list': { path: '/favorites', schema: FavoritesSchema, ...SCOPED },
  'favorites.get': { path: '/favorites/:id', schema: FavoriteEnvelopeSchema, ...SCOPED },
  'favorites.forSku': { path: '/skus/:sku_id/favorite', schema: FavoritesSchema, ...SCOPED },
  'favorites.inCategory': { path: '/categories/:id/favorites', schema: FavoritesSchema, ...SCOPED },
  'favorites.lists.list': { path: '/favorite_lists', schema: FavoriteListListSchema, ...SCOPED },
  'favorites.lists.favorites': {
    path: '/favorite_lists/:id/favorites',
    listIds: ['id'],
    schema: FavoritesSchema,
    ...SCOPED,
  },
} satisfies Record<string, EndpointCall>;

/**
 * Every read that shows which SKUs are the user's favorites and in which list: the favorites,
 * the lists, a category's and a SKU's favorites, and the `favorited` flag of category SKU lists.
 * Not a category or a SKU record: a favorite is not part of them.
 */
const FAVORITE_READS: readonly StaleRead<EndpointCall>[] = [
  { read: READS['favorites.list'] },
  { read: READS['favorites.inCategory'] },
  { read: READS['favorites.forSku'] },
  { read: READS['favorites.lists.list'] },
  { read: READS['favorites.lists.favorites'] },
  { read: CATALOG['catalog.categories.skus'] },
];

const WRITES = {
  'favorites.create': {
    method: 'POST',
    path: '/favorites',
    schema: FavoriteEnvelopeSchema,
    ...SCOPED,
    stale: FAVORITE_READS,
  },
  'favorites.update': {
    method: 'PUT',
    path: '/favorites/:id',
    schema: FavoriteEnvelopeSchema,
    ...SCOPED,
    stale: [...FAVORITE_READS, { read: READS['favorites.get'], same: { id: 'id' } }],
  },
  'favorites.delete': {
    method: 'DELETE',
    path: '/favorites/:id',
    ...SCOPED,
    stale: [...FAVORITE_READS, { read: READS['favorites.get'], same: { id: 'id' } }],
  },

  'favorites.lists.create': {
    method: 'POST',
    path: '/favorite_lists',
    schema: FavoriteListEnvelopeSchema,
    ...SCOPED,
    stale: [{ read: READS['favorites.lists.list'] }],
  },
  'favorites.lists.delete': {
    method: 'DELETE',
    path: '/favorite_lists/:id',
    listIds: ['id'],
    ...SCOPED,
    // What becomes of the list's favorites is not shown: every favorite read goes.
    stale: [...FAVORITE_READS, { read: READS['favorites.get'] }],
  },
} satisfies Record<string, EndpointCall>;

/** The signed-in user's favorites and favorite lists (`api.favorites`): what their calls need. */
export const FAVORITES = { ...READS, ...WRITES };
