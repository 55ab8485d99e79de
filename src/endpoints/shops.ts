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
export const get = {
  path: '/shops/:id',
  schema: ShopEnvelopeSchema,
  args: ['id'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const reviews = {
  path: '/shops/:id/reviews',
  queryNames: ['include_meta', ...PAGE_NAMES],
  schema: ShopReviewListSchema,
  args: ['id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const locations = {
  path: '/shops/:shop_id/locations',
  queryNames: ['embed', ...PAGE_NAMES],
  schema: ShopLocationListSchema,
  args: ['shop_id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const location = {
  path: '/shops/:shop_id/locations/:location_id',
  queryNames: ['embed'],
  schema: ShopLocationEnvelopeSchema,
  args: ['shop_id', 'location_id', 'params'],
  maxAge: 300,
} as const satisfies EndpointCall;
export const search = {
  path: '/shops/search',
  queryNames: ['q', ...PAGE_NAMES],
  schema: ShopListSchema,
  args: ['params'],
  maxAge: 60,
} as const satisfies EndpointCall;
export const findLocations = {
  path: '/locations/find',
  queryNames: ['lat', 'lng', ...PAGE_NAMES],
  schema: FoundLocationListSchema,
  args: ['params'],
} as const satisfies EndpointCall;

/** This area's client methods by their name on the client, each to its literal (METHODS joins the areas). */
export const SHOP_METHODS = {
  'shops.get': get,
  'shops.reviews': reviews,
  'shops.locations': locations,
  'shops.location': location,
  'shops.search': search,
  'shops.findLocations': findLocations,
} satisfies Record<string, EndpointCall>;
