import { liveSku } from '../catalog/live.js';
import { paginate } from '../http/pagination.js';
import { orderDir } from '../http/params.js';
import { presentCategory, presentManufacturer } from '../present/catalog.js';
import { presentSku } from '../present/sku.js';
import type { RouteDef } from '../router.js';
import { shapeFor } from '../versions/contract.js';
import { byNameOrCount, findManufacturer, orderBy } from './lookup.js';

/** The orders of a manufacturer's SKUs (spec: `price` or `popularity`), labelled as the category ones. */
const MANUFACTURER_SKU_ORDERS: Readonly<Record<string, string>> = {
  price: 'Αύξουσα τιμή',
  popularity: 'Δημοτικότητα',
};

export const manufacturerRoutes: RouteDef[] = [
  {
    id: 'manufacturers',
    method: 'GET',
    path: '/manufacturers',
    handler: ({ catalog, query }) => {
      const page = paginate(
        [...catalog.data.manufacturers].sort((a, b) => a.id - b.id),
        query,
      );
      return {
        body: {
          manufacturers: page.items.map(presentManufacturer),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'fresh',
      };
    },
  },
  {
    id: 'manufacturer',
    method: 'GET',
    path: '/manufacturers/:id',
    handler: (ctx) => ({
      body: { manufacturer: presentManufacturer(findManufacturer(ctx)) },
      cache: 'fresh',
    }),
  },
  {
    id: 'manufacturer_categories',
    method: 'GET',
    path: '/manufacturers/:id/categories',
    handler: (ctx) => {
      const manufacturer = findManufacturer(ctx);
      const counts = new Map<number, number>();
      for (const sku of ctx.catalog.index.skusByManufacturer.get(manufacturer.id) ?? []) {
        counts.set(sku.category_id, (counts.get(sku.category_id) ?? 0) + 1);
      }
      const categories = byNameOrCount(
        [...counts.keys()].flatMap((id) => ctx.catalog.index.category.get(id) ?? []),
        counts,
        ctx.query,
        'popularity',
      );
      const page = paginate(categories, ctx.query);
      return {
        body: {
          categories: page.items.map((c) => presentCategory(c, ctx.version)),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'fresh',
      };
    },
  },
  {
    id: 'manufacturer_skus',
    method: 'GET',
    path: '/manufacturers/:id/skus',
    handler: (ctx) => {
      const manufacturer = findManufacturer(ctx);
      const method = orderBy(ctx.query, ['price', 'popularity'], 'popularity');
      const sign = orderDir(ctx.query, method === 'price' ? 'asc' : 'desc') === 'asc' ? 1 : -1;
      // Live first: a price a test set must order the list too.
      const skus = (ctx.catalog.index.skusByManufacturer.get(manufacturer.id) ?? [])
        .map((sku) => liveSku(ctx.state, sku))
        .sort((a, b) =>
          method === 'price'
            ? Number(a.future) - Number(b.future) || sign * (a.price_min - b.price_min) || a.id - b.id
            : sign * (a.popularity - b.popularity) || a.id - b.id,
        );
      const page = paginate(skus, ctx.query);
      const meta = {
        ordered_by: method,
        order_by_methods: { ...MANUFACTURER_SKU_ORDERS },
        pagination: { ...page.pagination },
      };
      return {
        body: {
          skus: page.items.map((sku) => presentSku(sku, ctx.version)),
          meta: shapeFor('ordered_list_meta', meta, ctx.version),
        },
        pagination: page.pagination,
        cache: 'fresh',
      };
    },
  },
];
