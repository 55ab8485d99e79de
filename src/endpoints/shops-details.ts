import type { MethodName } from './methods.js';
import { type EndpointDetails, PAGE } from './row.js';

const EMBED_ADDRESS = { name: 'embed', kind: 'names', values: ['address'] } as const;

/** The query names of the shop endpoints, the extras beyond the spec.. */
export const SHOP_DETAILS = {
  'shops.reviews': {
    query: [{ name: 'include_meta', kind: 'array', values: ['shop_rating_breakdown'] }, ...PAGE],
  },
  'shops.locations': { query: [EMBED_ADDRESS, ...PAGE] },
  'shops.location': { query: [EMBED_ADDRESS] },
  'shops.search': { query: [{ name: 'q', kind: 'string' }, ...PAGE] },
  'shops.findLocations': {
    query: [{ name: 'lat', kind: 'number' }, { name: 'lng', kind: 'number' }, ...PAGE],
    documented: false,
  },
} satisfies Partial<Record<MethodName, EndpointDetails>>;
