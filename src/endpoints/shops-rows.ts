import { type EndpointRowSpec, PAGE } from './row.js';
import * as C from './shops.js';

const EMBED_ADDRESS = { name: 'embed', kind: 'names', values: ['address'] } as const;

/** The query names of the shop endpoints, the extras beyond the spec. */
export const SHOP_ROWS = {
  'shops.get': [C.get],
  'shops.reviews': [
    C.reviews,
    {
      query: [{ name: 'include_meta', kind: 'array', values: ['shop_rating_breakdown'] }, ...PAGE],
    },
  ],
  'shops.locations': [C.locations, { query: [EMBED_ADDRESS, ...PAGE] }],
  'shops.location': [C.location, { query: [EMBED_ADDRESS] }],
  'shops.search': [C.search, { query: [{ name: 'q', kind: 'string' }, ...PAGE] }],
  'shops.findLocations': [
    C.findLocations,
    {
      query: [{ name: 'lat', kind: 'number' }, { name: 'lng', kind: 'number' }, ...PAGE],
      documented: false,
    },
  ],
} satisfies Record<string, EndpointRowSpec>;
