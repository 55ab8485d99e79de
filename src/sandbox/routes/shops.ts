import { applyFieldsets } from '../http/fieldsets.js';
import { invalidParameter } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { paginate } from '../http/pagination.js';
import { listParam } from '../http/params.js';
import { presentShopReview } from '../present/review.js';
import { presentShop } from '../present/shop.js';
import { percentages } from '../reviews/review-stats.js';
import type { RouteDef } from '../router.js';
import { normalize, tokens } from '../search/text.js';
import { findShop } from './lookup.js';

export const shopRoutes: RouteDef[] = [
  {
    id: 'shop',
    method: 'GET',
    path: '/shops/:id',
    handler: (ctx) => ({
      body: { shop: applyFieldsets(presentShop(findShop(ctx), ctx.version), ctx.query, ctx.version) },
    }),
  },
  {
    id: 'shops_search',
    method: 'GET',
    path: '/shops/search',
    handler: (ctx) => {
      const words = tokens(ctx.query.get('q') ?? '');
      if (words.length === 0) throw invalidParameter('q', 'is required');
      // Every word of `q` in the name, accents and case aside, as the catalog search matches.
      const shops = ctx.catalog.data.shops
        .filter((shop) => words.every((word) => normalize(shop.name).includes(word)))
        .sort((a, b) => a.name.localeCompare(b.name, 'el') || a.id - b.id);
      const page = paginate(shops, ctx.query);
      return {
        body: {
          shops: page.items.map((shop) => presentShop(shop, ctx.version, { inSearch: true })),
          meta: { pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
      };
    },
  },
  {
    id: 'shop_reviews',
    method: 'GET',
    path: '/shops/:id/reviews',
    handler: (ctx) => {
      const shop = findShop(ctx);
      const all = ctx.catalog.index.shopReviewsByShop.get(shop.id) ?? [];
      const page = paginate([...all].reverse(), ctx.query);
      const meta: JsonObject = {};
      if (listParam(ctx.query, 'include_meta').includes('shop_rating_breakdown')) {
        // Over the reviews the score counts (the newest latest_reviews_count), as the recorded
        // breakdown covers fewer reviews than the list holds.
        const latest = all.slice(all.length - shop.latest_reviews_count);
        const counts = [latest.filter((r) => !r.negative).length, latest.filter((r) => r.negative).length];
        const [positive = 0, negative = 0] = percentages(counts);
        meta.shop_rating_breakdown = [
          { impression: 'positive', percentage: positive, count: counts[0] ?? 0 },
          { impression: 'negative', percentage: negative, count: counts[1] ?? 0 },
        ];
      }
      meta.pagination = { ...page.pagination };
      return {
        body: { reviews: page.items.map(presentShopReview), meta },
        pagination: page.pagination,
        cache: 'long',
      };
    },
  },
];
