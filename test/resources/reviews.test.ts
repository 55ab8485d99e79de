import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ClientOptions,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  type ReviewForm,
  type SkuRatingBreakdown,
  type SkuReview,
  type SkuReviewsAggregation,
  UnprocessableEntityError,
} from '../../src/index.js';
import { capturingFetch, expectRefused, newSandbox, sandboxClient } from '../helpers/index.js';

// Seed 1: a SKU of category 40 with 40 reviews, and one with none yet (both reviewable).
const REVIEWED_SKU = 2161866;
const FRESH_SKU = 2119391;
const SANDBOX_USER_ID = 334941;
const REVIEW_ACTIONS = 'public publish_sku_review_actions';

/**
 * A client on a new sandbox whose API requests are also kept with their JSON bodies in `sent`
 * (the sandbox log holds no bodies). `scope` gives a token known to carry those scopes.
 */
function setup(options: { scope?: string } = {}) {
  const sandbox = newSandbox();
  const { fetch, sent } = capturingFetch(sandbox.fetch, (url) => url.origin === sandbox.baseUrl);
  const auth: Partial<ClientOptions> = options.scope
    ? {
        clientId: undefined,
        clientSecret: undefined,
        getToken: () => ({
          access_token: sandbox.issueToken({ scope: options.scope }),
          scope: options.scope,
        }),
      }
    : {};
  const api = sandboxClient(sandbox, { fetch, cache: false, ...auth });
  return { sandbox, api, sent };
}

/** One answer id per question of the form. */
function answersOf(form: ReviewForm): number[] {
  return form.questions.map((q) => q.answers[0]?.id as number);
}

describe('review lists', () => {
  it('most_recent (default): newest first, demoted after the others; every review once', async () => {
    const { api, sandbox } = setup();
    const sku = await api.skus.get(REVIEWED_SKU);
    const reviews = await api.skus.reviews.list(REVIEWED_SKU, { per: 10 }).toArray();
    expect(reviews).toHaveLength(sku.reviews_count ?? -1);
    expect(new Set(reviews.map((r) => r.id)).size).toBe(reviews.length);
    const demotedFrom = reviews.findIndex((r) => r.demoted);
    if (demotedFrom >= 0) expect(reviews.slice(demotedFrom).every((r) => r.demoted)).toBe(true);
    const shown = reviews.filter((r) => !r.demoted).map((r) => Date.parse(r.created_at));
    expect([...shown].sort((a, b) => b - a)).toEqual(shown);
    expect(sandbox.apiCalls({ path: `/skus/${REVIEWED_SKU}/reviews` })).toHaveLength(
      Math.ceil(reviews.length / 10),
    );
  });

  it('most_helpful: most helpful votes first', async () => {
    const { api, sandbox } = setup();
    const reviews = await api.skus.reviews.list(REVIEWED_SKU, { sort: 'most_helpful', per: 50 }).toArray();
    const helpful = reviews.filter((r) => !r.demoted).map((r) => r.helpful_votes_count);
    expect([...helpful].sort((a, b) => Number(b) - Number(a))).toEqual(helpful);
    expect(sandbox.apiCalls({ path: `/skus/${REVIEWED_SKU}/reviews` })[0]?.query.get('sort')).toBe(
      'most_helpful',
    );
  });

  it('include_meta: a typed rating breakdown and aggregation', async () => {
    const { api, sandbox } = setup();
    const page = await api.skus.reviews.list(REVIEWED_SKU, {
      include_meta: ['sku_rating_breakdown', 'sku_reviews_aggregation'],
    });
    const { sku_rating_breakdown: breakdown, sku_reviews_aggregation: aggregation } = page.body.meta;
    expectTypeOf(breakdown).toEqualTypeOf<SkuRatingBreakdown[]>();
    expectTypeOf(aggregation).toEqualTypeOf<SkuReviewsAggregation[]>();
    expect(breakdown.map((b) => b.star)).toEqual([1, 2, 3, 4, 5]);
    expect(breakdown.reduce((sum, b) => sum + b.count, 0)).toBe(page.pagination?.total_results);
    expect(breakdown.reduce((sum, b) => sum + b.percentage, 0)).toBe(100);
    expect(aggregation.length).toBeGreaterThan(0);
    expect(aggregation.every((a) => (a.score >= 50 ? 'good' : 'bad') === a.style)).toBe(true);

    const one = await api.skus.reviews.list(REVIEWED_SKU, { include_meta: 'sku_rating_breakdown' });
    expect(one.body.meta.sku_rating_breakdown).toEqual(breakdown);
    expect(one.body.meta.sku_reviews_aggregation).toBeUndefined();

    const [both, single] = sandbox.apiCalls({ path: `/skus/${REVIEWED_SKU}/reviews` });
    expect(both?.query.getAll('include_meta[]')).toEqual(['sku_rating_breakdown', 'sku_reviews_aggregation']);
    expect(single?.query.get('include_meta')).toBe('sku_rating_breakdown');
  });

  it('the new-review form has profiling_multiple and eval_sentiment questions', async () => {
    const { api } = setup();
    const form = await api.skus.reviews.newForm(FRESH_SKU);
    expect(typeof form.requires_body).toBe('boolean');
    expect(new Set(form.questions.map((q) => q.type))).toEqual(
      new Set(['profiling_multiple', 'eval_sentiment']),
    );
    expect(
      form.questions.every((q) => q.answers.length > 0 && q.answers.every((a) => a.selected === undefined)),
    ).toBe(true);
  });
});

describe('writing reviews', () => {
  it('create, edit form, partial update, delete: bodies sent and what later reads return', async () => {
    const { api, sent } = setup();
    const form = await api.skus.reviews.newForm(FRESH_SKU);
    const answer_ids = answersOf(form);
    const created = await api.skus.reviews.create(FRESH_SKU, {
      rating: 5,
      answer_ids,
      review: 'Great phone',
    });
    expectTypeOf(created).toEqualTypeOf<SkuReview>();
    expect(created).toMatchObject({
      sku_id: FRESH_SKU,
      user_id: SANDBOX_USER_ID,
      rating: 5,
      review: 'Great phone',
    });
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.url.pathname).toBe(`/skus/${FRESH_SKU}/reviews`);
    expect(post?.body).toEqual({ review: { rating: 5, answer_ids, review: 'Great phone' } });
    expect(post?.headers.get('content-type')).toBe('application/json');

    expect((await api.skus.reviews.list(FRESH_SKU)).items.map((r) => r.id)).toEqual([created.id]);
    expect((await api.skus.get(FRESH_SKU)).reviews_count).toBe(1);

    const edit = await api.skus.reviews.editForm(FRESH_SKU, created.id);
    expect(edit).toMatchObject({ rating: 5, review: 'Great phone' });
    const selected = edit.questions.flatMap((q) => q.answers.filter((a) => a.selected).map((a) => a.id));
    expect(selected.sort()).toEqual([...answer_ids].sort());

    const updated = await api.skus.reviews.update(FRESH_SKU, created.id, { rating: 2 });
    expect(updated).toMatchObject({ id: created.id, rating: 2, review: 'Great phone' });
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.url.pathname).toBe(`/skus/${FRESH_SKU}/reviews/${created.id}`);
    expect(put?.body).toEqual({ review: { rating: 2 } });
    expect((await api.skus.reviews.editForm(FRESH_SKU, created.id)).rating).toBe(2);

    expect(await api.skus.reviews.delete(FRESH_SKU, created.id)).toBeUndefined();
    expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url.pathname)).toEqual([
      `/skus/${FRESH_SKU}/reviews/${created.id}`,
    ]);
    expect((await api.skus.reviews.list(FRESH_SKU)).items).toEqual([]);
    await expect(api.skus.reviews.editForm(FRESH_SKU, created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(api.skus.reviews.delete(FRESH_SKU, created.id)).rejects.toMatchObject({
      status: 404,
      code: 'RecordNotFound',
    });
  });

  it("another user's review is not ours to edit or delete", async () => {
    const { api } = setup();
    const theirs = (await api.skus.reviews.list(REVIEWED_SKU)).items[0] as SkuReview;
    expect(theirs.user_id).not.toBe(SANDBOX_USER_ID);
    await expect(api.skus.reviews.editForm(REVIEWED_SKU, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(api.skus.reviews.update(REVIEWED_SKU, theirs.id, { rating: 1 })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('what the server refuses (an unknown answer id) comes back as a 422', async () => {
    const { api } = setup();
    const error = await api.skus.reviews
      .create(FRESH_SKU, { rating: 4, answer_ids: [999_999], review: 'Fine' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
  });

  it('a rating outside 1–5 and other bad input never leave the client', async () => {
    const { api, sandbox } = setup();
    // @ts-expect-error: ratings are 1 to 5
    await expectRefused(sandbox, () => api.skus.reviews.create(FRESH_SKU, { rating: 6 }), 'InvalidRating');
    // @ts-expect-error: ratings are 1 to 5
    await expectRefused(sandbox, () => api.skus.reviews.create(FRESH_SKU, { rating: 0 }), 'InvalidRating');
    // @ts-expect-error: ratings are whole stars
    await expectRefused(sandbox, () => api.skus.reviews.create(FRESH_SKU, { rating: 4.5 }), 'InvalidRating');
    const noRating = { review: 'no rating' };
    // @ts-expect-error: a rating is required on create
    await expectRefused(sandbox, () => api.skus.reviews.create(FRESH_SKU, noRating), 'InvalidRating');
    // @ts-expect-error: ratings are 1 to 5
    await expectRefused(sandbox, () => api.skus.reviews.update(FRESH_SKU, 1, { rating: 7 }), 'InvalidRating');
    await expectRefused(
      sandbox,
      () => api.skus.reviews.create(FRESH_SKU, { rating: 3, answer_ids: [-1] }),
      'InvalidId',
    );
    await expectRefused(sandbox, () => api.skus.reviews.create(-5, { rating: 3 }), 'InvalidId');
    await expectRefused(sandbox, () => api.skus.reviews.editForm(FRESH_SKU, 0), 'InvalidId');
    await expectRefused(sandbox, () => api.skus.reviews.delete(FRESH_SKU, 1.5), 'InvalidId');
    // @ts-expect-error: not a sort
    await expectRefused(sandbox, () => api.skus.reviews.list(FRESH_SKU, { sort: 'oldest' }), 'InvalidParam');
    await expectRefused(
      sandbox,
      // @ts-expect-error: not a meta of SKU reviews
      () => api.skus.reviews.list(FRESH_SKU, { include_meta: 'x' }),
      'InvalidParam',
    );
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('votes and flags', () => {
  it('a vote with its review embedded; later reads count it', async () => {
    const { api, sandbox } = setup({ scope: REVIEW_ACTIONS });
    const before = (await api.skus.reviews.list(REVIEWED_SKU)).items[0] as SkuReview;
    const vote = await api.skus.reviews.vote(
      REVIEWED_SKU,
      before.id,
      { helpful: true },
      { embed: 'sku_review' },
    );
    expectTypeOf(vote.sku_review).toEqualTypeOf<SkuReview>();
    expect(vote).toMatchObject({ sku_review_id: before.id, user_id: SANDBOX_USER_ID, helpful: true });
    expect(vote.sku_review.votes_count).toBe(Number(before.votes_count) + 1);
    expect(vote.sku_review.helpful_votes_count).toBe(Number(before.helpful_votes_count) + 1);
    const after = (await api.skus.reviews.list(REVIEWED_SKU)).items.find((r) => r.id === before.id);
    expect(after?.votes_count).toBe(Number(before.votes_count) + 1);

    const plain = await api.skus.reviews.vote(REVIEWED_SKU, before.id, { helpful: false });
    expect(plain).not.toHaveProperty('sku_review');
    expect(plain.helpful).toBe(false);

    const calls = sandbox.apiCalls({
      path: `/skus/${REVIEWED_SKU}/reviews/${before.id}/votes`,
      method: 'POST',
    });
    expect(calls.map((c) => Object.fromEntries(c.query))).toEqual([
      { 'vote[helpful]': 'true', embed: 'sku_review' },
      { 'vote[helpful]': 'false' },
    ]);
    expect(calls.map((c) => c.status)).toEqual([201, 201]);
  });

  it('with the cache on, a vote is not hidden by a cached list', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, {
      clientId: undefined,
      clientSecret: undefined,
      getToken: () => ({
        access_token: sandbox.issueToken({ scope: REVIEW_ACTIONS }),
        scope: REVIEW_ACTIONS,
      }),
    });
    const first = (await api.skus.reviews.list(REVIEWED_SKU)).items[0] as SkuReview;
    await api.skus.reviews.list(REVIEWED_SKU); // within max-age: from the cache
    expect(sandbox.apiCalls({ path: `/skus/${REVIEWED_SKU}/reviews` })).toHaveLength(1);
    await api.skus.reviews.vote(REVIEWED_SKU, first.id, { helpful: true });
    const again = (await api.skus.reviews.list(REVIEWED_SKU)).items.find((r) => r.id === first.id);
    expect(again?.votes_count).toBe(Number(first.votes_count) + 1);
    expect(sandbox.apiCalls({ path: `/skus/${REVIEWED_SKU}/reviews` })).toHaveLength(2);
  });

  it('a flag: the bare record, flag[reason] sent as a query param', async () => {
    const { api, sandbox, sent } = setup({ scope: REVIEW_ACTIONS });
    const review = (await api.skus.reviews.list(REVIEWED_SKU)).items[1] as SkuReview;
    const flag = await api.skus.reviews.flag(REVIEWED_SKU, review.id, { reason: 'spam' });
    expect(flag).toMatchObject({
      flaggable_id: review.id,
      flaggable_type: 'SkuReview',
      user_id: SANDBOX_USER_ID,
      reason: 'spam',
    });
    const [call] = sandbox.apiCalls({ path: `/skus/${REVIEWED_SKU}/reviews/${review.id}/flags` });
    expect(call?.query.get('flag[reason]')).toBe('spam');
    expect(call?.status).toBe(201);
    expect(sent.at(-1)?.body).toBeUndefined();
  });

  it('without the scope: refused before sending when the token is known to lack it', async () => {
    const { api, sandbox } = setup();
    const review = (await api.skus.reviews.list(REVIEWED_SKU)).items[0] as SkuReview;
    const before = sandbox.apiCalls().length;
    for (const call of [
      () => api.skus.reviews.vote(REVIEWED_SKU, review.id, { helpful: true }),
      () => api.skus.reviews.flag(REVIEWED_SKU, review.id, { reason: 'spam' }),
    ]) {
      const error = await call().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect(error).toMatchObject({ code: 'InsufficientScope' });
      expect((error as Error).message).toMatch(/publish_sku_review_actions/);
    }
    expect(sandbox.apiCalls()).toHaveLength(before);
  });

  it('a token of unknown scopes is sent, and the server answers 403 InsufficientScope', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox, {
      clientId: undefined,
      clientSecret: undefined,
      token: sandbox.issueToken({ scope: 'public' }),
    });
    const error = await api.skus.reviews.vote(REVIEWED_SKU, 1, { helpful: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'InsufficientScope' });
    expect(sandbox.apiCalls({ method: 'POST' })).toHaveLength(1);
  });

  it('an unknown flag reason or a non-boolean vote is refused before sending', async () => {
    const { api, sandbox } = setup({ scope: REVIEW_ACTIONS });
    const error = await api.skus.reviews
      // @ts-expect-error: not one of the flag definitions
      .flag(REVIEWED_SKU, 1, { reason: 'rude' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ code: 'InvalidFlagReason', param: 'reason' });
    await expectRefused(
      sandbox,
      // @ts-expect-error: helpful is true or false
      () => api.skus.reviews.vote(REVIEWED_SKU, 1, { helpful: 'yes' }),
      'InvalidParam',
    );
    // @ts-expect-error: votes embed only the review
    const embedSku = () => api.skus.reviews.vote(REVIEWED_SKU, 1, { helpful: true }, { embed: 'sku' });
    await expectRefused(sandbox, embedSku, 'InvalidParam');
    await expectRefused(
      sandbox,
      () => api.skus.reviews.flag(REVIEWED_SKU, -1, { reason: 'spam' }),
      'InvalidId',
    );
    expect(sandbox.requests).toHaveLength(0);
  });
});
