import { isDemoted } from '../data/review-text.js';
import { athensTime } from '../data/timestamps.js';
import type { SkuReviewRecord } from '../data/types.js';
import { requestParams } from '../http/body.js';
import { invalidParameter, notFound } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { paginate } from '../http/pagination.js';
import { listParam } from '../http/params.js';
import { presentReviewForm, presentSkuReview } from '../present/review.js';
import { readReviewInput, recordInvalid, resolveReview } from '../reviews/review-input.js';
import { REVIEW_SORTS, type ReviewSort, sortReviews } from '../reviews/review-order.js';
import { ratingBreakdown, reviewsAggregation } from '../reviews/review-stats.js';
import { marksOf, viewerOf } from '../reviews/viewer.js';
import type { RouteContext, RouteDef } from '../router.js';
import { paramSupported, shapeFor } from '../versions/contract.js';
import { findSku, findSkuReview, reviewFormOf } from './lookup.js';

/** `sort` (or `order_by`): most_recent by default; versions before 3.1.3 know no other. */
function reviewSort(ctx: RouteContext): ReviewSort {
  const raw = ctx.query.get('sort') ?? ctx.query.get('order_by');
  if (raw === null || raw === '' || !paramSupported('sku_reviews', 'sort', ctx.version)) return 'most_recent';
  const sort = REVIEW_SORTS.find((s) => s === raw);
  if (!sort) throw invalidParameter('sort', `must be one of ${REVIEW_SORTS.join(', ')}`);
  return sort;
}

/**
 * Only the author may open, change or delete a review. Someone else's review is answered as
 * missing, the way a lookup scoped to the current user's reviews answers.
 */
function ownReview(ctx: RouteContext, review: SkuReviewRecord): SkuReviewRecord {
  if (review.user_id !== viewerOf(ctx.token).userId) throw notFound('SkuReview', review.id);
  return review;
}

function single(ctx: RouteContext, review: SkuReviewRecord): JsonObject {
  const sku = findSku(ctx);
  return { sku_review: presentSkuReview(review, reviewFormOf(ctx, sku), ctx.version) };
}

/**
 * SKU reviews. The spec dates the write endpoints to 3.2.0, but the recorded create, update and
 * delete were answered under 3.1, so they are served to every version, like the reads.
 * The real API wants a user token for writes; until the sandbox mints user tokens any valid
 * token may write, as the sandbox user (SANDBOX_USER_ID) for an application token.
 */
export const skuReviewRoutes: RouteDef[] = [
  {
    id: 'sku_reviews',
    method: 'GET',
    path: '/skus/:id/reviews',
    handler: (ctx) => {
      const sku = findSku(ctx);
      const form = reviewFormOf(ctx, sku);
      const viewer = viewerOf(ctx.token);
      const all = ctx.state.reviews.reviewsOf(sku.id);
      const page = paginate(sortReviews(all, reviewSort(ctx)), ctx.query);
      const includeMeta = listParam(ctx.query, 'include_meta');
      const meta: JsonObject = {};
      if (includeMeta.includes('sku_rating_breakdown')) meta.sku_rating_breakdown = ratingBreakdown(all);
      if (includeMeta.includes('sku_reviews_aggregation'))
        meta.sku_reviews_aggregation = reviewsAggregation(all, form);
      meta.pagination = { ...page.pagination };
      const reviews = page.items.map((review) =>
        presentSkuReview(review, form, ctx.version, {
          marks: marksOf(ctx.state.reviews, review.id, viewer),
          inList: true,
        }),
      );
      return {
        body: { reviews, meta: shapeFor('sku_review_list_meta', meta, ctx.version) },
        pagination: page.pagination,
        cache: 'long',
      };
    },
  },
  {
    id: 'sku_review_new',
    method: 'GET',
    path: '/skus/:id/reviews/new',
    handler: (ctx) => {
      const form = reviewFormOf(ctx, findSku(ctx));
      if (!form) throw notFound('ReviewForm', ctx.params.id ?? '');
      return { body: { review_form: presentReviewForm(form) }, cache: 'long' };
    },
  },
  {
    id: 'sku_review_create',
    method: 'POST',
    path: '/skus/:id/reviews',
    handler: async (ctx) => {
      const sku = findSku(ctx);
      const input = readReviewInput(await requestParams(ctx.request, ctx.url));
      if (!sku.reviewable) throw recordInvalid(`Sku ${sku.id} cannot be reviewed`);
      const fields = resolveReview(input, null, reviewFormOf(ctx, sku));
      const review = ctx.state.reviews.add({
        ...fields,
        sku_id: sku.id,
        user_id: viewerOf(ctx.token).userId,
        created_at: athensTime(Date.now()),
        demoted: isDemoted(fields.review),
      });
      return { status: 201, body: single(ctx, review) };
    },
  },
  {
    id: 'sku_review_edit',
    method: 'GET',
    path: '/skus/:id/reviews/:review_id/edit',
    handler: (ctx) => {
      const sku = findSku(ctx);
      const review = ownReview(ctx, findSkuReview(ctx, sku));
      const form = reviewFormOf(ctx, sku);
      if (!form) throw notFound('ReviewForm', sku.id);
      return { body: { review_form: presentReviewForm(form, review) }, cache: 'none' };
    },
  },
  {
    id: 'sku_review_update',
    method: 'PUT',
    path: '/skus/:id/reviews/:review_id',
    handler: async (ctx) => {
      const sku = findSku(ctx);
      const review = ownReview(ctx, findSkuReview(ctx, sku));
      const input = readReviewInput(await requestParams(ctx.request, ctx.url));
      const fields = resolveReview(input, review, reviewFormOf(ctx, sku));
      const updated = ctx.state.reviews.update(sku.id, review.id, {
        ...fields,
        demoted: isDemoted(fields.review),
      });
      if (!updated) throw notFound('SkuReview', review.id);
      return { body: single(ctx, updated) };
    },
  },
  {
    id: 'sku_review_delete',
    method: 'DELETE',
    path: '/skus/:id/reviews/:review_id',
    handler: (ctx) => {
      const sku = findSku(ctx);
      const review = ownReview(ctx, findSkuReview(ctx, sku));
      ctx.state.reviews.remove(sku.id, review.id);
      return { status: 204, body: null };
    },
  },
];
