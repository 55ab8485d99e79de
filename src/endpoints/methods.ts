import * as catalog from './catalog.js';
import * as favorites from './favorites.js';
import * as notifications from './notifications.js';
import type { MethodSpec } from './row.js';
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
  'catalog.search': { call: catalog.search, args: ['params'] },
  'catalog.autocomplete': { call: catalog.autocomplete, args: ['params'], maxAge: 60 },
  'catalog.categories.list': { call: catalog.categoriesList, args: ['params'], maxAge: 60 },
  'catalog.categories.root': { call: catalog.categoriesRoot, args: [], maxAge: 60 },
  'catalog.categories.get': { call: catalog.categoriesGet, args: ['id'], maxAge: 300 },
  'catalog.categories.parent': { call: catalog.categoriesParent, args: ['id'], maxAge: 60 },
  'catalog.categories.children': { call: catalog.categoriesChildren, args: ['id', 'params'], maxAge: 300 },
  'catalog.categories.specifications': {
    call: catalog.categoriesSpecifications,
    args: ['id', 'params'],
    maxAge: 300,
  },
  'catalog.categories.manufacturers': {
    call: catalog.categoriesManufacturers,
    args: ['id', 'params'],
    maxAge: 60,
  },
  'catalog.categories.skus': { call: catalog.categoriesSkus, args: ['id', 'params'] },
  'catalog.categories.filterGroups': {
    call: catalog.categoriesFilterGroups,
    args: ['id', 'params'],
    maxAge: 300,
  },
  'catalog.manufacturers.list': { call: catalog.manufacturersList, args: ['params'] },
  'catalog.manufacturers.get': { call: catalog.manufacturersGet, args: ['id'] },
  'catalog.manufacturers.categories': { call: catalog.manufacturersCategories, args: ['id', 'params'] },
  'catalog.manufacturers.skus': { call: catalog.manufacturersSkus, args: ['id', 'params'] },
  'skus.get': { call: skus.get, args: ['id'], maxAge: 60 },
  'skus.products': { call: skus.products, args: ['id', 'params'], maxAge: 60 },
  'skus.productCards': { call: skus.productCards, args: ['id'], maxAge: 60 },
  'skus.specifications': { call: skus.specifications, args: ['id', 'params'], maxAge: 300 },
  'skus.priceHistory': { call: skus.priceHistory, args: ['id'], maxAge: 60 },
  'skus.similar': { call: skus.similar, args: ['id', 'params'], maxAge: 300 },
  'skus.product': { call: skus.product, args: ['id', 'params'], maxAge: 300 },
  'skus.shopProducts': { call: skus.shopProducts, args: ['shop_id', 'params'] },
  'skus.flags': { call: skus.flags, args: [], maxAge: 300 },
  'skus.reviews.list': { call: skus.reviewsList, args: ['sku_id', 'params'], maxAge: 300 },
  'skus.reviews.newForm': { call: skus.reviewsNewForm, args: ['sku_id'], maxAge: 300 },
  'skus.reviews.editForm': { call: skus.reviewsEditForm, args: ['sku_id', 'review_id'] },
  'skus.reviews.create': { call: skus.reviewsCreate, args: ['sku_id', 'input'] },
  'skus.reviews.update': { call: skus.reviewsUpdate, args: ['sku_id', 'review_id', 'input'] },
  'skus.reviews.delete': { call: skus.reviewsDelete, args: ['sku_id', 'review_id'] },
  'skus.reviews.vote': { call: skus.reviewsVote, args: ['sku_id', 'review_id', 'input', 'params'] },
  'skus.reviews.flag': { call: skus.reviewsFlag, args: ['sku_id', 'review_id', 'input'] },
  'shops.get': { call: shops.get, args: ['id'], maxAge: 60 },
  'shops.reviews': { call: shops.reviews, args: ['id', 'params'], maxAge: 300 },
  'shops.locations': { call: shops.locations, args: ['shop_id', 'params'], maxAge: 300 },
  'shops.location': { call: shops.location, args: ['shop_id', 'location_id', 'params'], maxAge: 300 },
  'shops.search': { call: shops.search, args: ['params'], maxAge: 60 },
  'shops.findLocations': { call: shops.findLocations, args: ['params'] },
  'favorites.list': { call: favorites.list, args: ['params'] },
  'favorites.get': { call: favorites.get, args: ['id'] },
  'favorites.forSku': { call: favorites.forSku, args: ['sku_id'] },
  'favorites.inCategory': { call: favorites.inCategory, args: ['id', 'params'] },
  'favorites.lists.list': { call: favorites.listsList, args: ['params'] },
  'favorites.lists.favorites': { call: favorites.listsFavorites, args: ['id', 'params'] },
  'favorites.create': { call: favorites.create, args: ['input'] },
  'favorites.update': { call: favorites.update, args: ['id', 'input'] },
  'favorites.delete': { call: favorites.remove, args: ['id'] },
  'favorites.lists.create': { call: favorites.listsCreate, args: ['input'] },
  'favorites.lists.delete': { call: favorites.listsDelete, args: ['id'] },
  'user.get': { call: user.get, args: [] },
  'user.avatars': { call: user.avatars, args: [] },
  'user.savedOrders': { call: user.savedOrders, args: ['params'] },
  'user.addresses.list': { call: user.addressesList, args: [] },
  'user.addresses.form': { call: user.addressesForm, args: [], maxAge: 300 },
  'user.update': { call: user.update, args: ['input'] },
  'user.logout': { call: user.logout, args: [] },
  'user.addresses.create': { call: user.addressesCreate, args: ['input'] },
  'user.addresses.update': { call: user.addressesUpdate, args: ['id', 'input'] },
  'user.addresses.delete': { call: user.addressesDelete, args: ['id'] },
  'notifications.list': { call: notifications.list, args: ['params'] },
  'notifications.get': { call: notifications.get, args: ['id'] },
  'notifications.markViewed': { call: notifications.markViewed, args: ['input'] },
} satisfies Record<string, MethodSpec>;

export type Methods = typeof METHODS;
export type MethodName = keyof Methods;
