import {
  FoundLocationListSchema,
  ShopEnvelopeSchema,
  ShopListSchema,
  ShopLocationEnvelopeSchema,
  ShopLocationListSchema,
  ShopReviewListSchema,
} from '../schemas/shops.js';
import type { EndpointCall } from './row.js';

/** Shops, their reviews and locations, shop search (`api.shops`): what their calls need. */
export const SHOPS = {
  'shops.get': { path: '/shops/:id', schema: ShopEnvelopeSchema, maxAge: 60 },
  'shops.reviews': { path: '/shops/:id/reviews', schema: ShopReviewListSchema, maxAge: 300 },
  'shops.locations': { path: '/shops/:shop_id/locations', schema: ShopLocationListSchema, maxAge: 300 },
  'shops.location': {
    path: '/shops/:shop_id/locations/:location_id',
    schema: ShopLocationEnvelopeSchema,
    maxAge: 300,
  },
  'shops.search': { path: '/shops/search', schema: ShopListSchema, maxAge: 60 },
  'shops.findLocations': { path: '/locations/find', schema: FoundLocationListSchema },
} satisfies Record<string, EndpointCall>;
