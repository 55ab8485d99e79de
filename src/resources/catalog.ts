import type { Engine } from '../core/call/engine.js';
import { InvalidRequestError } from '../core/errors.js';
import type { PagePromise } from '../core/pagination.js';
import * as ROWS from '../endpoints/catalog.js';
import type { ValuesOf } from '../endpoints/row.js';
import type {
  AutocompleteEntry,
  Category,
  CategoryList,
  FilterGroup,
  FilterGroupList,
  Manufacturer,
  ManufacturerList,
  SearchResult,
  SkuList,
  SpecificationGroup,
  SpecificationList,
} from '../schemas/catalog.js';
import type { Sku } from '../schemas/sku.js';
import {
  call,
  describe,
  ids,
  list,
  type OrderDir,
  type PageParams,
  type RequestOptions,
  type Target,
} from './shared.js';

export interface SearchParams extends PageParams {
  /** The query: at least 2 characters. */
  q: string;
}

export interface CategorySkusParams extends PageParams {
  /** Any key of `meta.order_by_methods` (e.g. `pricevat`, `popularity`, `rating`). */
  order_by?: string | undefined;
  order_dir?: OrderDir | undefined;
  /** Keyword within the category. */
  q?: string | undefined;
  include_meta?: ReadonlyArray<'available_filters' | 'applied_filters'> | undefined;
  filter_ids?: readonly number[] | undefined;
  manufacturer_ids?: readonly number[] | undefined;
  shop_ids?: readonly number[] | undefined;
  /** The `id` of an entry of `meta.available_filters.distances` (e.g. 2 for 2 km). */
  distance?: number | undefined;
  /** The `id` of an entry of `meta.available_filters.availabilities`. */
  availability?: number | undefined;
}

export interface CategoryManufacturersParams extends PageParams {
  order_by?: ValuesOf<typeof ROWS.categoriesManufacturers, 'order_by'> | undefined;
  order_dir?: OrderDir | undefined;
}
export type ManufacturerCategoriesParams = CategoryManufacturersParams;

export interface ManufacturerSkusParams extends PageParams {
  order_by?: ValuesOf<typeof ROWS.manufacturersSkus, 'order_by'> | undefined;
  order_dir?: OrderDir | undefined;
}

/** Category specifications; with `include: 'group'` each has `group_id` and `groups` is present. */
export type CategorySpecifications<P extends { include?: 'group' | undefined } | undefined> = P extends {
  include: 'group';
}
  ? SpecificationList & { groups: SpecificationGroup[] }
  : SpecificationList;

/** Search, autocomplete, categories, manufacturers, filter groups and category specifications. */
export function catalogResource(engine: Engine) {
  const categoryList = (to: Target, params?: PageParams, options?: RequestOptions) =>
    list<Category, CategoryList>(engine, { ...to, items: (b) => b.categories, params, options });
  const skuList = (to: Target, params: object | undefined, options?: RequestOptions) =>
    list<Sku, SkuList>(engine, { ...to, items: (b) => b.skus, params, options });
  const category = (to: Target, options?: RequestOptions) =>
    call(engine, { ...to, select: (b: { category: Category }) => b.category, options });

  return {
    /**
     * GET /search. `search('iphone')` is `search({ q: 'iphone' })`. A `q` under 2 characters is
     * refused before any request with an InvalidRequestError of code `InvalidSearch`, as the
     * server would answer 422.
     */
    search(query: SearchParams | string, options?: RequestOptions): PagePromise<Category, SearchResult> {
      const params: SearchParams = typeof query === 'string' ? { q: query } : query;
      const check = () => {
        // Under 2 characters once trimmed: no second character.
        if (typeof params?.q !== 'string' || !params.q.trim()[1]) {
          throw new InvalidRequestError('search q must have at least 2 characters', 'InvalidSearch', 'q');
        }
      };
      return list<Category, SearchResult>(engine, {
        row: ROWS.search,
        check,
        items: (b) => b.categories,
        params,
        options,
      });
    },

    /**
     * GET /autocomplete: suggestions; run a search on the `k` of the one chosen.
     * `autocomplete('iph')` is `autocomplete({ q: 'iph' })`.
     */
    autocomplete(query: { q: string } | string, options?: RequestOptions) {
      const params = typeof query === 'string' ? { q: query } : query;
      const check = () => {
        if (typeof params?.q !== 'string' || !params.q) {
          throw new InvalidRequestError('autocomplete q must not be empty', 'InvalidParam', 'q');
        }
      };
      return call(engine, {
        row: ROWS.autocomplete,
        check,
        select: (b: { autocomplete: AutocompleteEntry[] }) => b.autocomplete,
        query: params,
        options,
      });
    },

    categories: {
      /** GET /categories */
      list: (params?: PageParams, options?: RequestOptions) =>
        categoryList({ row: ROWS.categoriesList }, params, options),
      /** GET /categories/:id */
      get: (categoryId: number, options?: RequestOptions) =>
        category({ row: ROWS.categoriesGet, ids: [categoryId] }, options),
      /** GET /categories/root */
      root: (options?: RequestOptions) => category({ row: ROWS.categoriesRoot }, options),
      /** GET /categories/:id/parent */
      parent: (categoryId: number, options?: RequestOptions) =>
        category({ row: ROWS.categoriesParent, ids: [categoryId] }, options),
      /** GET /categories/:id/children */
      children: (categoryId: number, params?: PageParams, options?: RequestOptions) =>
        categoryList({ row: ROWS.categoriesChildren, ids: [categoryId] }, params, options),
      /** GET /categories/:id/specifications (`include: 'group'` adds `groups` and each `group_id`). */
      specifications<P extends { include?: 'group' | undefined } | undefined = undefined>(
        categoryId: number,
        params?: P,
        options?: RequestOptions,
      ) {
        return call(engine, {
          row: ROWS.categoriesSpecifications,
          ids: [categoryId],
          select: (b: CategorySpecifications<P>) => b,
          query: params,
          options,
        });
      },
      /** GET /categories/:id/manufacturers, ordered by `name` or `popularity`. */
      manufacturers: (categoryId: number, params?: CategoryManufacturersParams, options?: RequestOptions) =>
        list<Manufacturer, ManufacturerList>(engine, {
          row: ROWS.categoriesManufacturers,
          ids: [categoryId],
          items: (b) => b.manufacturers,
          params,
          options,
        }),
      /** GET /categories/:category_id/skus with every filter the API takes. */
      skus: (categoryId: number, params?: CategorySkusParams, options?: RequestOptions) => {
        const check = () => {
          // `order_by` is not checked against a list: this list's methods are dynamic (the
          // answer's `meta.order_by_methods`), so any non-empty name is sent and the server decides.
          const orderBy: unknown = params?.order_by;
          if (orderBy !== undefined && (typeof orderBy !== 'string' || !orderBy.trim())) {
            throw new InvalidRequestError(
              `order_by must be a non-empty string, got ${describe(orderBy)}`,
              'InvalidParam',
              'order_by',
            );
          }
          for (const key of ['filter_ids', 'manufacturer_ids', 'shop_ids'] as const) ids(params?.[key], key);
        };
        return skuList({ row: ROWS.categoriesSkus, ids: [categoryId], check }, params, options);
      },
      /** GET /categories/:category_id/filter_groups (cached 5 minutes by the server). */
      filterGroups: (categoryId: number, params?: PageParams, options?: RequestOptions) =>
        list<FilterGroup, FilterGroupList>(engine, {
          row: ROWS.categoriesFilterGroups,
          ids: [categoryId],
          items: (b) => b.filter_groups,
          params,
          options,
        }),
    },

    manufacturers: {
      /** GET /manufacturers */
      list: (params?: PageParams, options?: RequestOptions) =>
        list<Manufacturer, ManufacturerList>(engine, {
          row: ROWS.manufacturersList,
          items: (b) => b.manufacturers,
          params,
          options,
        }),
      /** GET /manufacturers/:id */
      get: (manufacturerId: number, options?: RequestOptions) =>
        call(engine, {
          row: ROWS.manufacturersGet,
          ids: [manufacturerId],
          select: (b: { manufacturer: Manufacturer }) => b.manufacturer,
          options,
        }),
      /** GET /manufacturers/:id/categories, ordered by `name` or `popularity`. */
      categories: (manufacturerId: number, params?: ManufacturerCategoriesParams, options?: RequestOptions) =>
        categoryList({ row: ROWS.manufacturersCategories, ids: [manufacturerId] }, params, options),
      /** GET /manufacturers/:id/skus, ordered by `price` or `popularity`. */
      skus: (manufacturerId: number, params?: ManufacturerSkusParams, options?: RequestOptions) =>
        skuList({ row: ROWS.manufacturersSkus, ids: [manufacturerId] }, params, options),
    },
  };
}

export type CatalogResource = ReturnType<typeof catalogResource>;
