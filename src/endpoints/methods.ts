import { CATALOG_METHODS } from './catalog.js';
import { FAVORITE_METHODS } from './favorites.js';
import { NOTIFICATION_METHODS } from './notifications.js';
import type { ArgsMisfit } from './row.js';
import { SHOP_METHODS } from './shops.js';
import { SKU_METHODS } from './skus.js';
import { USER_METHODS } from './user.js';

/**
 * Every client method, by its name on the client (`skus.get` is `api.skus.get(...)`), to its
 * endpoint literal: the arguments it takes before its RequestOptions, the API's `max-age`, and the
 * rest of what a call needs. Each area file names its own (an endpoint is added in one place);
 * the query entry reads only this (no query names), so it bundles no more of the table than it uses.
 */
export const METHODS = {
  ...CATALOG_METHODS,
  ...SKU_METHODS,
  ...SHOP_METHODS,
  ...FAVORITE_METHODS,
  ...USER_METHODS,
  ...NOTIFICATION_METHODS,
};

export type Methods = typeof METHODS;
export type MethodName = keyof Methods;

/** The methods whose literal's `args` miss or misname a path parameter of its `path`. */
type Misfits = { [N in MethodName]: [ArgsMisfit<Methods[N]>] extends [never] ? never : N }[MethodName];
/** tsc names here a method whose `args` do not fit its `path` (see Misfits). */
export type ArgsFitPaths<T extends true = [Misfits] extends [never] ? true : Misfits> = T;
