import * as catalog from './catalog.js';
import * as favorites from './favorites.js';
import * as notifications from './notifications.js';
import type { EndpointCall } from './row.js';
import * as shops from './shops.js';
import * as skus from './skus.js';
import * as user from './user.js';

/**
 * Every client method, by its name on the client (`skus.get` is `api.skus.get(...)`): the
 * endpoint it calls, the arguments it takes before its RequestOptions, and the API's `max-age`
 * in seconds for a read (default 0: revalidated every time). The query entry reads only this
 * (no query names), so it bundles no more of the table than it uses.
 */
export const METHODS = {
  'catalog.search': catalog.search,
  'catalog.autocomplete': catalog.autocomplete,
  'catalog.categories.list': catalog.categoriesList,
  'catalog.categories.root': catalog.categoriesRoot,
  'catalog.categories.get': catalog.categoriesGet,
  'catalog.categories.parent': catalog.categoriesParent,
  'catalog.categories.children': catalog.categoriesChildren,
  'catalog.categories.specifications': catalog.categoriesSpecifications,
  'catalog.categories.manufacturers': catalog.categoriesManufacturers,
  'catalog.categories.skus': catalog.categoriesSkus,
  'catalog.categories.filterGroups': catalog.categoriesFilterGroups,
  'catalog.manufacturers.list': catalog.manufacturersList,
  'catalog.manufacturers.get': catalog.manufacturersGet,
  'catalog.manufacturers.categories': catalog.manufacturersCategories,
  'catalog.manufacturers.skus': catalog.manufacturersSkus,
  'skus.get': skus.get,
  'skus.products': skus.products,
  'skus.productCards': skus.productCards,
  'skus.specifications': skus.specifications,
  'skus.priceHistory': skus.priceHistory,
  'skus.similar': skus.similar,
  'skus.product': skus.product,
  'skus.shopProducts': skus.shopProducts,
  'skus.flags': skus.flags,
  'skus.reviews.list': skus.reviewsList,
  'skus.reviews.newForm': skus.reviewsNewForm,
  'skus.reviews.editForm': skus.reviewsEditForm,
  'skus.reviews.create': skus.reviewsCreate,
  'skus.reviews.update': skus.reviewsUpdate,
  'skus.reviews.delete': skus.reviewsDelete,
  'skus.reviews.vote': skus.reviewsVote,
  'skus.reviews.flag': skus.reviewsFlag,
  'shops.get': shops.get,
  'shops.reviews': shops.reviews,
  'shops.locations': shops.locations,
  'shops.location': shops.location,
  'shops.search': shops.search,
  'shops.findLocations': shops.findLocations,
  'favorites.list': favorites.list,
  'favorites.get': favorites.get,
  'favorites.forSku': favorites.forSku,
  'favorites.inCategory': favorites.inCategory,
  'favorites.lists.list': favorites.listsList,
  'favorites.lists.favorites': favorites.listsFavorites,
  'favorites.create': favorites.create,
  'favorites.update': favorites.update,
  'favorites.delete': favorites.remove,
  'favorites.lists.create': favorites.listsCreate,
  'favorites.lists.delete': favorites.listsDelete,
  'user.get': user.get,
  'user.avatars': user.avatars,
  'user.savedOrders': user.savedOrders,
  'user.addresses.list': user.addressesList,
  'user.addresses.form': user.addressesForm,
  'user.update': user.update,
  'user.logout': user.logout,
  'user.addresses.create': user.addressesCreate,
  'user.addresses.update': user.addressesUpdate,
  'user.addresses.delete': user.addressesDelete,
  'notifications.list': notifications.list,
  'notifications.get': notifications.get,
  'notifications.markViewed': notifications.markViewed,
} satisfies Record<string, EndpointCall>;

export type Methods = typeof METHODS;
export type MethodName = keyof Methods;
