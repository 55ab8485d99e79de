import {
  FoundLocationListSchema,
  ShopEnvelopeSchema,
  ShopListSchema,
  ShopLocationEnvelopeSchema,
  ShopLocationListSchema,
  ShopReviewListSchema,
} from '../schemas/shops.js';
import { type EndpointCall, PAGE_NAMES } from './row.js';

/** Shops, their reviews and locations, shop search (`api.shops`): what their calls need. */
export const get = { path: '/shops/:id', schema: ShopEnvelopeSchema } satisfies EndpointCall;
export const reviews = {
  path: '/shops/:id/reviews',
  queryNames: ['include_meta', ...PAGE_NAMES],
  schema: ShopReviewListSchema,
} satisfies EndpointCall;
export const locations = {
  path: '/shops/:shop_id/locations',
  queryNames: ['embed', ...PAGE_NAMES],
  schema: ShopLocationListSchema,
} satisfies EndpointCall;
export const location = {
  path: '/shops/:shop_id/locations/:location_id',
  queryNames: ['embed'],
  schema: ShopLocationEnvelopeSchema,
} satisfies EndpointCall;
export const search = {
  path: '/shops/search',
  queryNames: ['q', ...PAGE_NAMES],
  schema: ShopListSchema,
} satisfies EndpointCall;
export const findLocations = {
  path: '/locations/find',
  queryNames: ['lat', 'lng', ...PAGE_NAMES],
  schema: FoundLocationListSchema,
} satisfies EndpointCall;
