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
    args: ['id', 'options'],
    schema: ShopEnvelopeSchema,
    scope: 'public',
    maxAge: 60,
  },
  'shops.reviews': {
    path: '/shops/:id/reviews',
    query: [{ name: 'include_meta', kind: 'array', values: ['shop_rating_breakdown'] }, ...PAGE],
    args: ['id', 'params', 'options'],
    schema: ShopReviewListSchema,
    scope: 'public',
    maxAge: 300,
    pagination: 'pages',
  },
  'shops.locations': {
    path: '/shops/:shop_id/locations',
    query: [EMBED_ADDRESS, ...PAGE],
    args: ['shop_id', 'params', 'options'],
    schema: ShopLocationListSchema,
    scope: 'public',
    maxAge: 300,
    pagination: 'pages',
  },
  'shops.location': {
    path: '/shops/:shop_id/locations/:location_id',
    query: [EMBED_ADDRESS],
    args: ['shop_id', 'location_id', 'params', 'options'],
    schema: ShopLocationEnvelopeSchema,
    scope: 'public',
    maxAge: 300,
  },
  'shops.search': {
    path: '/shops/search',
    query: [{ name: 'q', kind: 'string' }, ...PAGE],
    args: ['params', 'options'],
    schema: ShopListSchema,
    scope: 'public',
    maxAge: 60,
    pagination: 'pages',
  },
  'shops.findLocations': {
    path: '/locations/find',
    query: [{ name: 'lat', kind: 'number' }, { name: 'lng', kind: 'number' }, ...PAGE],
    args: ['params', 'options'],
    schema: FoundLocationListSchema,
    scope: 'public',
    pagination: 'pages',
    documented: false,
  },
});
