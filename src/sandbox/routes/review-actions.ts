import { athensTime } from '../data/timestamps.js';
import { requestParams } from '../http/body.js';
import { invalidParameter } from '../http/http-error.js';
import { presentFlag, presentSkuReview, presentVote } from '../present/review.js';
import { FLAG_REASONS } from '../reviews/flags.js';
import { recordInvalid } from '../reviews/review-input.js';
import { marksOf, viewerOf } from '../reviews/viewer.js';
import type { RouteDef } from '../router.js';
import { embeds, findSku, findSkuReview, reviewFormOf } from './lookup.js';

/** Voting on and flagging reviews is what this scope grants, and all it grants. */
const REVIEW_ACTIONS_SCOPE = 'publish_sku_review_actions';

export const reviewActionRoutes: RouteDef[] = [
  {
    id: 'sku_review_vote',
    method: 'POST',
    path: '/skus/:sku_id/reviews/:review_id/votes',
    scope: REVIEW_ACTIONS_SCOPE,
    handler: async (ctx) => {
      const sku = findSku(ctx, 'sku_id');
      const review = findSkuReview(ctx, sku);
      const params = await requestParams(ctx.request, ctx.url);
      const helpful = params.get('vote[helpful]');
      if (helpful !== 'true' && helpful !== 'false')
        throw invalidParameter('vote[helpful]', 'is required and must be true or false');
      const viewer = viewerOf(ctx.token);
      const vote = ctx.state.reviews.vote(
        sku.id,
        review.id,
        viewer.userId,
        helpful === 'true',
        athensTime(Date.now()),
      );
      // The review as it stands after this vote, with what the voter did to it.
      const embedded = embeds(params).includes('sku_review')
        ? presentSkuReview(
            ctx.state.reviews.find(sku.id, review.id) ?? review,
            reviewFormOf(ctx, sku),
            ctx.version,
            {
              marks: marksOf(ctx.state.reviews, review.id, viewer),
            },
          )
        : undefined;
      return { status: 201, body: { sku_review_vote: presentVote(vote, embedded) } };
    },
  },
  {
    id: 'sku_review_flag',
    method: 'POST',
    path: '/skus/:sku_id/reviews/:review_id/flags',
    scope: REVIEW_ACTIONS_SCOPE,
    handler: async (ctx) => {
      const sku = findSku(ctx, 'sku_id');
      const review = findSkuReview(ctx, sku);
      const reason = (await requestParams(ctx.request, ctx.url)).get('flag[reason]') ?? '';
      if (!FLAG_REASONS.some((flag) => flag.reason === reason)) {
        throw recordInvalid(
          `Reason ${JSON.stringify(reason)} is not one of ${FLAG_REASONS.map((f) => f.reason).join(', ')}`,
        );
      }
      const flag = ctx.state.reviews.flag(
        review.id,
        viewerOf(ctx.token).userId,
        reason,
        athensTime(Date.now()),
      );
      // As recorded: the flag itself, under no root key.
      return { status: 201, body: presentFlag(flag) };
    },
  },
  {
    id: 'flags',
    method: 'GET',
    path: '/flags',
    handler: () => ({ body: { flags: FLAG_REASONS.map((flag) => ({ ...flag })) }, cache: 'long' }),
  },
];
