import { type DetailsOf, PAGE } from './row.js';
import type { SHOP_METHODS } from './shops.js';

/** The query kinds of the shop endpoints, the extras beyond the spec. */
export const SHOP_DETAILS = {
  'shops.reviews': {
    query: { include_meta: 'array', ...PAGE },
    values: { include_meta: ['shop_rating_breakdown'] },
  },
  'shops.locations': { query: { embed: 'names', ...PAGE }, values: { embed: ['address'] } },
  'shops.location': { query: { embed: 'names' }, values: { embed: ['address'] } },
  'shops.search': { query: { q: 'string', ...PAGE }, required: ['q'] },
  'shops.findLocations': {
    query: { lat: 'number', lng: 'number', ...PAGE },
    required: ['lat', 'lng'],
    documented: false,
  },
} satisfies DetailsOf<typeof SHOP_METHODS>;
