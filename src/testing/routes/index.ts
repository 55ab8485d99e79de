import type { RouteDef } from '../router.js';
import { categoryRoutes } from './categories.js';
import { manufacturerRoutes } from './manufacturers.js';
import { productRoutes } from './products.js';
import { searchRoutes } from './search.js';
import { shopRoutes } from './shops.js';
import { skuRoutes } from './skus.js';

/** Every API route of the sandbox. A new resource module adds its list here and nowhere else. */
export const API_ROUTES: readonly RouteDef[] = [
  ...searchRoutes,
  ...categoryRoutes,
  ...manufacturerRoutes,
  ...skuRoutes,
  ...productRoutes,
  ...shopRoutes,
];
