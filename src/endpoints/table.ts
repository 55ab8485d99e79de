import { CATALOG_ROWS } from './catalog.js';
import { FAVORITE_ROWS } from './favorites.js';
import { NOTIFICATION_ROWS } from './notifications.js';
import type { EndpointRow } from './row.js';
import { SHOP_ROWS } from './shops.js';
import { SKU_ROWS } from './skus.js';
import { USER_ROWS } from './user.js';

/**
 * Every endpoint of the API the SDK calls, by the client method that calls it: one row per
 * documented method and path of the spec, and the three the recorded answers show beyond it.
 */
export const ENDPOINTS = {
  ...CATALOG_ROWS,
  ...SKU_ROWS,
  ...SHOP_ROWS,
  ...FAVORITE_ROWS,
  ...USER_ROWS,
  ...NOTIFICATION_ROWS,
};

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

/** The rows in one list. */
export const ENDPOINT_ROWS: readonly EndpointRow[] = Object.values(ENDPOINTS);
