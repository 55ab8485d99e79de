import { liveSku } from '../catalog/live.js';
import {
  appliedFilters,
  applySkuFilters,
  availableFilters,
  defaultDirection,
  orderSkus,
  readSkuFilters,
} from '../catalog/sku-listing.js';
import type { CategoryRecord } from '../data/types.js';
import { notFound } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { paginate } from '../http/pagination.js';
import { listParam, orderDir } from '../http/params.js';
import {
  presentCategory,
  presentFilterGroup,
  presentManufacturer,
  presentSpecification,
  presentSpecificationGroup,
} from '../present/catalog.js';
import { presentSku } from '../present/sku.js';
import type { RouteContext, RouteDef, RouteResult } from '../router.js';
import { shapeFor } from '../versions/contract.js';
import { bulkSkuList } from './bulk-skus.js';
import { byNameOrCount, findCategory, orderBy } from './lookup.js';

/** `cache`: 'long' where a recording shows `max-age=300` (a category, its children). */
function one(ctx: RouteContext, category: CategoryRecord, cache?: RouteResult['cache']): RouteResult {
  return {
    body: { category: presentCategory(category, ctx.version, { full: true }) },
    ...(cache ? { cache } : {}),
  };
}

function categoryList(
  ctx: RouteContext,
  categories: readonly CategoryRecord[],
  cache?: RouteResult['cache'],
): RouteResult {
  const page = paginate(categories, ctx.query);
  return {
    body: {
      categories: page.items.map((c) => presentCategory(c, ctx.version)),
      meta: { pagination: { ...page.pagination } },
    },
    pagination: page.pagination,
    ...(cache ? { cache } : {}),
  };
}

/** SKUs of a category's subtree; SKUs live in leaves only, so a leaf answers its own. */
function skusUnder(ctx: RouteContext, category: CategoryRecord) {
  const prefix = `${category.path},`;
  return ctx.catalog.data.skus.filter((sku) => {
    const leaf = ctx.catalog.index.category.get(sku.category_id);
    return leaf !== undefined && (leaf.id === category.id || leaf.path.startsWith(prefix));
  });
}

/** SKUs the user behind a user token has among favorites (owned ones too); none for an app token. */
function favoritedSkus(ctx: RouteContext): ReadonlySet<number> {
  const userId = ctx.token.kind === 'user' ? ctx.token.userId : undefined;
  if (userId === undefined) return new Set();
  return new Set(ctx.state.users.account(userId).favorites.map((favorite) => favorite.sku_id));
}

function skuList(ctx: RouteContext): RouteResult {
  const category = findCategory(ctx, 'category_id');
  const bulk = ctx.state.options.bulkCategory;
  if (bulk && category.id === bulk.id) return bulkSkuList(ctx, category, bulk);
  const filters = readSkuFilters(ctx.query, ctx.version, 'category_skus');
  // Only leaves hold SKUs: any other category lists none.
  // Live, so that a price a test set orders the list; `filter_ids` (price bands) stay seeded.
  const own = (
    category.children_count === 0 ? (ctx.catalog.index.skusByCategory.get(category.id) ?? []) : []
  ).map((sku) => liveSku(ctx.state, sku));
  const matching = applySkuFilters(ctx.catalog, own, filters);
  const methods = category.order_by_methods;
  // `price` is what versions before the dynamic methods called `pricevat`.
  const method = orderBy(ctx.query, [...Object.keys(methods), 'price'], category.default_order_by);
  const ordered = orderSkus(matching, method, orderDir(ctx.query, defaultDirection(method)));
  const page = paginate(ordered, ctx.query);
  const includeMeta = listParam(ctx.query, 'include_meta');
  const meta: JsonObject = { ordered_by: method, order_by_methods: { ...methods } };
  if (includeMeta.includes('available_filters')) {
    meta.available_filters = shapeFor(
      'available_filters',
      availableFilters(ctx.catalog, matching),
      ctx.version,
    );
  }
  if (includeMeta.includes('applied_filters')) meta.applied_filters = appliedFilters(filters);
  meta.pagination = { ...page.pagination };
  const favorited = favoritedSkus(ctx);
  return {
    body: {
      // `favorited` is about the user behind a user token; an application token has none.
      skus: page.items.map((sku) => presentSku(sku, ctx.version, { favorited: favorited.has(sku.id) })),
      meta: shapeFor('sku_list_meta', meta, ctx.version),
    },
    pagination: page.pagination,
    autoLink: false,
    cache: 'fresh',
  };
}

export const categoryRoutes: RouteDef[] = [
  {
    id: 'categories',
    method: 'GET',
    path: '/categories',
    handler: (ctx) =>
      categoryList(
        ctx,
        [...ctx.catalog.data.categories].sort((a, b) => a.id - b.id),
      ),
  },
  {
    id: 'category_root',
    method: 'GET',
    path: '/categories/root',
    handler: (ctx) => {
      const root = ctx.catalog.index.category.get(ctx.catalog.data.rootId);
      if (!root) throw notFound('Category', 'root');
      return one(ctx, root);
    },
  },
  {
    id: 'category',
    method: 'GET',
    path: '/categories/:id',
    handler: (ctx) => one(ctx, findCategory(ctx), 'long'),
  },
  {
    id: 'category_parent',
    method: 'GET',
    path: '/categories/:id/parent',
    handler: (ctx) => {
      const category = findCategory(ctx);
      const parent = ctx.catalog.index.category.get(category.parent_id);
      if (!parent) throw notFound('Category', category.parent_id);
      return one(ctx, parent);
    },
  },
  {
    id: 'category_children',
    method: 'GET',
    path: '/categories/:id/children',
    handler: (ctx) => categoryList(ctx, ctx.catalog.index.children.get(findCategory(ctx).id) ?? [], 'long'),
  },
  {
    id: 'category_specifications',
    method: 'GET',
    path: '/categories/:id/specifications',
    since: '3.1.1',
    handler: (ctx) => {
      const category = findCategory(ctx);
      const withGroup = listParam(ctx.query, 'include').includes('group');
      const specs = ctx.catalog.index.specsByCategory.get(category.id) ?? [];
      const groups = ctx.catalog.index.specGroupsByCategory.get(category.id) ?? [];
      return {
        body: {
          ...(withGroup ? { groups: groups.map(presentSpecificationGroup) } : {}),
          specifications: specs.map((s) => presentSpecification(s, ctx.version, { withGroup })),
        },
        cache: 'long',
      };
    },
  },
  {
    id: 'category_manufacturers',
    method: 'GET',
    path: '/categories/:id/manufacturers',
    handler: (ctx) => {
      const counts = new Map<number, number>();
      for (const sku of skusUnder(ctx, findCategory(ctx)))
        counts.set(sku.manufacturer_id, (counts.get(sku.manufacturer_id) ?? 0) + 1);
      const manufacturers = byNameOrCount(
        [...counts.keys()].flatMap((id) => ctx.catalog.index.manufacturer.get(id) ?? []),
        counts,
        ctx.query,
        'name',
      );
      const page = paginate(manufacturers, ctx.query);
      return {
        body: {
          manufacturers: page.items.map(presentManufacturer),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
      };
    },
  },
  { id: 'category_skus', method: 'GET', path: '/categories/:category_id/skus', handler: skuList },
  {
    id: 'category_filter_groups',
    method: 'GET',
    path: '/categories/:category_id/filter_groups',
    handler: (ctx) => {
      const category = findCategory(ctx, 'category_id');
      const page = paginate(ctx.catalog.index.filterGroupsByCategory.get(category.id) ?? [], ctx.query);
      return {
        body: {
          filter_groups: page.items.map(presentFilterGroup),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'long',
      };
    },
  },
];
