import type { FAVORITE_METHODS } from './favorites.js';
import { type DetailsOf, PAGE } from './row.js';

/** The query kinds of the favorite endpoints, the extras beyond the spec. */
export const FAVORITE_DETAILS = {
  'favorites.list': { query: { owned: 'boolean', order_dir: 'string', ...PAGE } },
  'favorites.forSku': { documented: false },
  'favorites.inCategory': { query: PAGE },
  'favorites.lists.list': { query: PAGE },
  'favorites.lists.favorites': { query: PAGE },
  'favorites.create': { input: ['sku_id'] },
  'favorites.update': { input: ['have_it'] },
  'favorites.lists.create': { input: ['name'] },
} satisfies DetailsOf<typeof FAVORITE_METHODS>;
