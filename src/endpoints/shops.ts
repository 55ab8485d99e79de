import {
  FoundLocationListSchema,
  ShopEnvelopeSchema,
  ShopListSchema,
  ShopLocationEnvelopeSchema,
  ShopLocationListSchema,
  ShopReviewListSchema,
} from '../schemas/shops.js';
import { PAGE, rows } from './row.js';

const EMBED_ADDRESS = { name: 'embed', kind: 'names', values: ['address'] } as const;

/** Shops, their reviews and locations, shop search (`api.shops`). */
export const SHOP_ROWS = rows({
  'shops.get': {
    path: '/shops/:id',
    schema: ShopEnvelopeSchema,
    maxAge: 60,
  },
  'shops.reviews': {
    path: '/shops/:id/reviews',
    query: [{ name: 'include_meta', kind: 'array', values: ['shop_rating_breakdown'] }, ...PAGE],
    schema: ShopReviewListSchema,
    maxAge: 300,
  },
  'shops.locations': {
    path: '/shops/:shop_id/locations',
    query: [EMBED_ADDRESS, ...PAGE],
    schema: ShopLocationListSchema,
    maxAge: 300,
  },
  'shops.location': {
    path: '/shops/:shop_id/locations/:location_id',
    query: [EMBED_ADDRESS],
    schema: ShopLocationEnvelopeSchema,
    maxAge: 300,
  },
  'shops.search': {
    path: '/shops/search',
    query: [{ name: 'q', kind: 'string' }, ...PAGE],
    schema: ShopListSchema,
    maxAge: 60,
  },
  'shops.findLocations': {
    path: '/locations/find',
    query: [{ name: 'lat', kind: 'number' }, { name: 'lng', kind: 'number' }, ...PAGE],
    schema: FoundLocationListSchema,
    documented: false,
  },
});
