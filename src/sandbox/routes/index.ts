import type { RouteDef } from '../router.js';
import { categoryRoutes } from './categories.js';
import { favoriteListRoutes } from './favorite-lists.js';
import { favoriteRoutes } from './favorites.js';
import { locationFindRoutes } from './locations-find.js';
import { manufacturerRoutes } from './manufacturers.js';
import { notificationRoutes } from './notifications.js';
import { productRoutes } from './products.js';
import { reviewActionRoutes } from './review-actions.js';
import { searchRoutes } from './search.js';
import { shopLocationRoutes } from './shop-locations.js';
import { shopRoutes } from './shops.js';
import { skuOfferRoutes } from './sku-offers.js';
import { skuReviewRoutes } from './sku-reviews.js';
import { skuRoutes } from './skus.js';
import { userRoutes } from './user.js';
import { userAddressRoutes } from './user-addresses.js';

/** Every API route of the sandbox. A new resource module adds its list here and nowhere else. */
export const API_ROUTES: readonly RouteDef[] = [
  ...searchRoutes,
  ...categoryRoutes,
  ...manufacturerRoutes,
  ...skuRoutes,
  ...skuOfferRoutes,
  ...skuReviewRoutes,
  ...reviewActionRoutes,
  ...productRoutes,
  ...shopRoutes,
  ...shopLocationRoutes,
  ...locationFindRoutes,
  ...favoriteListRoutes,
  ...favoriteRoutes,
  ...userRoutes,
  ...userAddressRoutes,
  ...notificationRoutes,
];
