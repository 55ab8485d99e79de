import { describe, expectTypeOf, it } from 'vitest';
import type { Fieldset, Scalar } from '../../src/core/call/query-string.js';
import { CATALOG_DETAILS } from '../../src/endpoints/catalog-details.js';
import { FAVORITE_DETAILS } from '../../src/endpoints/favorites-details.js';
import { NOTIFICATION_DETAILS } from '../../src/endpoints/notifications-details.js';
import type { QueryNameOf } from '../../src/endpoints/row.js';
import { SHOP_DETAILS } from '../../src/endpoints/shops-details.js';
import { SKU_DETAILS } from '../../src/endpoints/skus-details.js';
import { USER_DETAILS } from '../../src/endpoints/user-details.js';
import type {
  CategoryManufacturersParams,
  CategorySkusParams,
  FavoritesListParams,
  LocationFindParams,
  ManufacturerCategoriesParams,
  ManufacturerSkusParams,
  MethodName,
  Methods,
  PageParams,
  ProductParams,
  SearchParams,
  ShopLocationParams,
  ShopLocationsParams,
  ShopProductsParams,
  ShopReviewsParams,
  ShopSearchParams,
  SkuProductsParams,
  SkuReviewsParams,
  SkuSpecificationsParams,
} from '../../src/index.js';

// The resources' Params types are written by hand (each field with its doc and its narrower
// type); tsc holds them here to the table: the same names as the read's literal, each field's
// type one its kind encodes (`npm test` runs `tsc --noEmit`).
const DETAILS = {
  ...CATALOG_DETAILS,
  ...SKU_DETAILS,
  ...SHOP_DETAILS,
  ...FAVORITE_DETAILS,
  ...USER_DETAILS,
  ...NOTIFICATION_DETAILS,
};
type Kinds<N> = N extends keyof typeof DETAILS
  ? (typeof DETAILS)[N] extends { query: infer Q }
    ? Q
    : Record<never, never>
  : never;
/** The SDK value each kind encodes, as src/core/call/query-string.ts sends it. */
interface Encodes {
  integer: number;
  number: number;
  string: string;
  boolean: boolean;
  /** `name[]=v` repeated; one value may also go as `name=v`. */
  array: Scalar | readonly Scalar[];
  /** One comma-separated value: one name, or a list of them. */
  names: string | readonly string[];
  /** `name[resource]=a,b`: the root's field names, or names by resource. */
  fieldset: Fieldset;
}
/** The names of `P` whose type is not one their kind encodes. */
type KindMisfits<P, N> = {
  [K in keyof P & keyof Kinds<N>]: NonNullable<P[K]> extends Encodes[Kinds<N>[K] & keyof Encodes] ? never : K;
}[keyof P & keyof Kinds<N>];

/**
 * The names a read's details give a kind that its literal does not list, and the reverse. A name
 * spread into the details (`...PAGE`) escapes `satisfies DetailsOf` (tsc checks no excess property
 * of a spread), so it is caught here.
 */
type KindsBeside<N extends MethodName> =
  | Exclude<keyof Kinds<N>, QueryNameOf<Methods[N]>>
  | Exclude<QueryNameOf<Methods[N]>, keyof Kinds<N>>;

/** The names `P` has and the read lacks, the read's names `P` lacks, the misfits of kind, and names the details add. */
type Misfits<P, N extends MethodName> =
  | Exclude<keyof P, QueryNameOf<Methods[N]>>
  | Exclude<QueryNameOf<Methods[N]>, keyof P>
  | KindMisfits<P, N>
  | KindsBeside<N>;

/** Every read of the details whose kinds name other names than its literal: none. */
type ReadsWithOtherNames = {
  [N in keyof typeof DETAILS & MethodName]: string extends QueryNameOf<Methods[N]>
    ? never // a write: it lists its own names
    : [KindsBeside<N>] extends [never]
      ? never
      : N;
}[keyof typeof DETAILS & MethodName];

describe("the resources' Params hold the names and kinds of the table", () => {
  it('catalog', () => {
    expectTypeOf<Misfits<SearchParams, 'catalog.search'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<{ q: string }, 'catalog.autocomplete'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'catalog.categories.list'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'catalog.categories.children'>>().toEqualTypeOf<never>();
    expectTypeOf<
      Misfits<{ include?: 'group' }, 'catalog.categories.specifications'>
    >().toEqualTypeOf<never>();
    expectTypeOf<
      Misfits<CategoryManufacturersParams, 'catalog.categories.manufacturers'>
    >().toEqualTypeOf<never>();
    expectTypeOf<Misfits<CategorySkusParams, 'catalog.categories.skus'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'catalog.categories.filterGroups'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'catalog.manufacturers.list'>>().toEqualTypeOf<never>();
    expectTypeOf<
      Misfits<ManufacturerCategoriesParams, 'catalog.manufacturers.categories'>
    >().toEqualTypeOf<never>();
    expectTypeOf<Misfits<ManufacturerSkusParams, 'catalog.manufacturers.skus'>>().toEqualTypeOf<never>();
  });

  it('skus', () => {
    expectTypeOf<Misfits<SkuProductsParams, 'skus.products'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<SkuSpecificationsParams, 'skus.specifications'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'skus.similar'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<ProductParams, 'skus.product'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<ShopProductsParams, 'skus.shopProducts'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<SkuReviewsParams, 'skus.reviews.list'>>().toEqualTypeOf<never>();
  });

  it('shops, favorites, user, notifications', () => {
    expectTypeOf<Misfits<ShopReviewsParams, 'shops.reviews'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<ShopLocationsParams, 'shops.locations'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<ShopLocationParams, 'shops.location'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<LocationFindParams, 'shops.findLocations'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<ShopSearchParams, 'shops.search'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<FavoritesListParams, 'favorites.list'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'favorites.inCategory'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'favorites.lists.list'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'favorites.lists.favorites'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'user.savedOrders'>>().toEqualTypeOf<never>();
    expectTypeOf<Misfits<PageParams, 'notifications.list'>>().toEqualTypeOf<never>();
  });

  it('every read of the table: its details give kinds to its names and no other', () => {
    expectTypeOf<ReadsWithOtherNames>().toEqualTypeOf<never>();
  });

  it('names a field whose type is not its kind', () => {
    expectTypeOf<KindMisfits<{ q: number; page: number }, 'catalog.search'>>().toEqualTypeOf<'q'>();
    expectTypeOf<Misfits<{ shop_id: string } & PageParams, 'skus.shopProducts'>>().toEqualTypeOf<
      'shop_id' | 'shop_uid'
    >();
    // @ts-expect-error `shop_id` is not among the read's names.
    expectTypeOf<Misfits<{ shop_id: string } & PageParams, 'skus.shopProducts'>>().toEqualTypeOf<never>();
    // The kinds of lists and fieldsets hold too: a list of lists where a list goes, a list of numbers
    // where names go, a string where a fieldset goes.
    expectTypeOf<
      KindMisfits<{ filter_ids: number[][] }, 'catalog.categories.skus'>
    >().toEqualTypeOf<'filter_ids'>();
    expectTypeOf<KindMisfits<{ embed: number[] }, 'skus.product'>>().toEqualTypeOf<'embed'>();
    expectTypeOf<KindMisfits<{ fields: string }, 'skus.product'>>().toEqualTypeOf<'fields'>();
    expectTypeOf<KindMisfits<ProductParams, 'skus.product'>>().toEqualTypeOf<never>();
  });
});
