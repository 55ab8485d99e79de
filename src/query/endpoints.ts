/**
 * Every client method the query entry offers, by its name on the client. A read gives the root
 * of its API path (the first segment, as the SDK's own cache and `staleAfterWrite` name
 * resources) and the `max-age` in seconds the API answers it with: `private, max-age=60` for most
 * answers; 300 for a category and its children, filter groups, specifications, reviews, locations,
 * products and forms; 0
 * (`must-revalidate`) for SKU lists, searches, manufacturers and everything of the signed-in user.
 * A write gives the root of the path it writes to; what that makes stale comes from the SDK.
 */
export const ENDPOINTS = {
  'catalog.search': { root: 'search', maxAge: 0 },
  'catalog.autocomplete': { root: 'autocomplete', maxAge: 60 },
  'catalog.categories.list': { root: 'categories', maxAge: 60 },
  'catalog.categories.get': { root: 'categories', maxAge: 300 },
  'catalog.categories.root': { root: 'categories', maxAge: 60 },
  'catalog.categories.parent': { root: 'categories', maxAge: 60 },
  'catalog.categories.children': { root: 'categories', maxAge: 300 },
  'catalog.categories.specifications': { root: 'categories', maxAge: 300 },
  'catalog.categories.manufacturers': { root: 'categories', maxAge: 60 },
  'catalog.categories.skus': { root: 'categories', maxAge: 0 },
  'catalog.categories.filterGroups': { root: 'categories', maxAge: 300 },
  'catalog.manufacturers.list': { root: 'manufacturers', maxAge: 0 },
  'catalog.manufacturers.get': { root: 'manufacturers', maxAge: 0 },
  'catalog.manufacturers.categories': { root: 'manufacturers', maxAge: 0 },
  'catalog.manufacturers.skus': { root: 'manufacturers', maxAge: 0 },
  'skus.get': { root: 'skus', maxAge: 60 },
  'skus.products': { root: 'skus', maxAge: 60 },
  'skus.productCards': { root: 'skus', maxAge: 60 },
  'skus.specifications': { root: 'skus', maxAge: 300 },
  'skus.priceHistory': { root: 'skus', maxAge: 60 },
  'skus.similar': { root: 'skus', maxAge: 300 },
  'skus.product': { root: 'products', maxAge: 300 },
  'skus.shopProducts': { root: 'shops', maxAge: 0 },
  'skus.flags': { root: 'flags', maxAge: 300 },
  'skus.reviews.list': { root: 'skus', maxAge: 300 },
  'skus.reviews.newForm': { root: 'skus', maxAge: 300 },
  'skus.reviews.editForm': { root: 'skus', maxAge: 0 },
  'skus.reviews.create': { writes: 'skus' },
  'skus.reviews.update': { writes: 'skus' },
  'skus.reviews.delete': { writes: 'skus' },
  'skus.reviews.vote': { writes: 'skus' },
  'skus.reviews.flag': { writes: 'skus' },
  'shops.get': { root: 'shops', maxAge: 60 },
  'shops.reviews': { root: 'shops', maxAge: 300 },
  'shops.locations': { root: 'shops', maxAge: 300 },
  'shops.location': { root: 'shops', maxAge: 300 },
  'shops.findLocations': { root: 'locations', maxAge: 0 },
  'shops.search': { root: 'shops', maxAge: 60 },
  'favorites.list': { root: 'favorites', maxAge: 0 },
  'favorites.forSku': { root: 'skus', maxAge: 0 },
  'favorites.get': { root: 'favorites', maxAge: 0 },
  'favorites.inCategory': { root: 'categories', maxAge: 0 },
  'favorites.create': { writes: 'favorites' },
  'favorites.update': { writes: 'favorites' },
  'favorites.delete': { writes: 'favorites' },
  'favorites.lists.list': { root: 'favorite_lists', maxAge: 0 },
  'favorites.lists.favorites': { root: 'favorite_lists', maxAge: 0 },
  'favorites.lists.create': { writes: 'favorite_lists' },
  'favorites.lists.delete': { writes: 'favorite_lists' },
  'user.get': { root: 'user', maxAge: 0 },
  'user.avatars': { root: 'user', maxAge: 0 },
  'user.savedOrders': { root: 'user', maxAge: 0 },
  'user.update': { writes: 'user' },
  'user.logout': { writes: 'user', signsOut: true },
  'user.addresses.list': { root: 'user', maxAge: 0 },
  'user.addresses.form': { root: 'user', maxAge: 300 },
  'user.addresses.create': { writes: 'user' },
  'user.addresses.update': { writes: 'user' },
  'user.addresses.delete': { writes: 'user' },
  'notifications.list': { root: 'notifications', maxAge: 0 },
  'notifications.get': { root: 'notifications', maxAge: 0 },
  'notifications.markViewed': { writes: 'notifications' },
} as const satisfies Record<string, Endpoint>;

/** `signsOut`: after it, none of the user's data may be shown again (it is dropped, not refetched). */
export type Endpoint = { root: string; maxAge: number } | { writes: string; signsOut?: boolean };

export type Endpoints = typeof ENDPOINTS;

/** The modules whose every answer belongs to the signed-in user. */
export const USER_MODULES: ReadonlySet<string> = new Set(['favorites', 'user', 'notifications']);
