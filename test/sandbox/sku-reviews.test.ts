import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSandbox, type SkuRecord } from '../../src/sandbox/index.js';
import { ACCEPT, errorOf, get, getJson, type Json, type Pagination, send } from './helpers.js';

const sandbox = createSandbox();
let token: string;

beforeEach(() => {
  sandbox.reset();
  token = sandbox.issueToken();
});

afterEach(() => {
  vi.useRealTimers();
});

interface ReviewList {
  reviews: Json[];
  meta: {
    pagination: Pagination;
    sku_rating_breakdown?: { star: number; percentage: number; count: number }[];
    sku_reviews_aggregation?: { label: string; score: number; style: string }[];
  };
}

interface Form {
  requires_body: boolean;
  questions: { text: string; type: string; answers: { id: number; text: string; selected?: boolean }[] }[];
  rating?: number;
  review?: string;
}

const LIST_KEYS = [
  'id',
  'user_id',
  'review',
  'rating',
  'created_at',
  'demoted',
  'votes_count',
  'helpful_votes_count',
  'voted',
  'flagged',
  'helpful',
  'sentiments',
];
const SINGLE_KEYS = [
  'id',
  'sku_id',
  'user_id',
  'review',
  'rating',
  'created_at',
  'demoted',
  'votes_count',
  'helpful_votes_count',
  'sentiments',
];

/** A phone with a few pages of seeded reviews (30 to 60). */
function busySku(): SkuRecord {
  const sku = sandbox.data.skus.find(
    (s) => s.category_id === 40 && s.reviews_count >= 30 && s.reviews_count <= 60,
  );
  if (!sku) throw new Error('no phone with 30 to 60 reviews');
  return sku;
}

function skuWhere(test: (sku: SkuRecord) => boolean): SkuRecord {
  const sku = sandbox.data.skus.find(test);
  if (!sku) throw new Error('no such sku');
  return sku;
}

/** Answer ids of the phone form: `profile[i]`, and `yes[q]` / `soso[q]` of sentiment question q. */
function phoneAnswers() {
  const form = sandbox.data.reviewForms.find((f) => f.category_id === 40);
  if (!form) throw new Error('no phone form');
  const evals = form.questions.filter((q) => q.type === 'eval_sentiment');
  const id = (q: number, a: number): number => evals[q]?.answers[a]?.id ?? -1;
  return {
    profile: form.questions[0]?.answers.map((a) => a.id) ?? [],
    yes: evals.map((_, q) => id(q, 0)),
    soso: evals.map((_, q) => id(q, 1)),
    aspects: evals.map((q) => q.aspect),
  };
}

const LONG_TEXT = 'Πολύ καλό κινητό, το χρησιμοποιώ καθημερινά και δεν έχω κανένα παράπονο.';

async function allReviews(skuId: number, query = ''): Promise<Json[]> {
  const body = await getJson<ReviewList>(sandbox, token, `/skus/${skuId}/reviews?per=100${query}`);
  return body.reviews;
}

describe('seeded SKU reviews', () => {
  it('agree with every SKU: reviews_count is the list length, reviewscore its mean rating', () => {
    const bySku = new Map<number, number[]>();
    for (const review of sandbox.data.skuReviews)
      bySku.set(review.sku_id, [...(bySku.get(review.sku_id) ?? []), review.rating]);
    for (const sku of sandbox.data.skus) {
      const ratings = bySku.get(sku.id) ?? [];
      expect(sku.reviews_count).toBe(ratings.length);
      expect(ratings.length).toBeLessThanOrEqual(400); // the most a seeded SKU has;
      const mean = ratings.length === 0 ? 0 : ratings.reduce((a, b) => a + b, 0) / ratings.length;
      expect(sku.reviewscore).toBeCloseTo(mean, 4);
      if (sku.future || !sku.reviewable) expect(ratings).toEqual([]);
    }
    expect(sandbox.data.skuReviews.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(sandbox.data.skuReviews.some((r) => r.demoted)).toBe(true);
    // Seeded records are shared and frozen: writes go to the sandbox state.
    expect(Object.isFrozen(sandbox.data.skuReviews[0])).toBe(true);
    expect(Object.isFrozen(sandbox.data.reviewForms[0]?.questions[0]?.answers)).toBe(true);
  });

  it('GET /skus/:id/reviews lists them newest first, demoted last, with the recorded fields', async () => {
    const sku = busySku();
    const body = await getJson<ReviewList>(sandbox, token, `/skus/${sku.id}/reviews?per=3`);
    expect(body.meta.pagination).toEqual({
      total_results: sku.reviews_count,
      total_pages: Math.ceil(sku.reviews_count / 3),
      page: 1,
      per: 3,
    });
    for (const review of body.reviews) {
      expect(Object.keys(review)).toEqual(LIST_KEYS);
      // An application token is no user: nothing voted, flagged or found helpful.
      expect(review).toMatchObject({ voted: false, flagged: false, helpful: false });
    }
    const reviews = await allReviews(sku.id);
    expect(reviews).toHaveLength(sku.reviews_count);
    const demoted = reviews.map((r) => r.demoted);
    expect(demoted).toEqual([...demoted].sort((a, b) => Number(a) - Number(b)));
    const visible = reviews.filter((r) => r.demoted === false).map((r) => Date.parse(String(r.created_at)));
    expect(visible).toEqual([...visible].sort((a, b) => b - a));
  });

  it('sort=most_helpful puts the most helpful votes first (3.1.3), older versions ignore it', async () => {
    const sku = busySku();
    const reviews = await allReviews(sku.id, '&sort=most_helpful');
    const helpful = reviews.filter((r) => r.demoted === false).map((r) => Number(r.helpful_votes_count));
    expect(helpful).toEqual([...helpful].sort((a, b) => b - a));
    const old = await getJson<ReviewList>(
      sandbox,
      token,
      `/skus/${sku.id}/reviews?per=100&sort=most_helpful`,
      {
        Accept: ACCEPT('3.0'),
      },
    );
    expect(old.reviews.map((r) => r.id)).toEqual((await allReviews(sku.id)).map((r) => r.id));
    expect((await get(sandbox, token, `/skus/${sku.id}/reviews?sort=best`)).status).toBe(400);
  });

  it('include_meta adds the rating breakdown and the aspect aggregation, as a list or one value', async () => {
    const sku = busySku();
    for (const query of [
      'include_meta[]=sku_rating_breakdown&include_meta[]=sku_reviews_aggregation',
      'include_meta=sku_rating_breakdown,sku_reviews_aggregation',
    ]) {
      const { meta } = await getJson<ReviewList>(sandbox, token, `/skus/${sku.id}/reviews?${query}`);
      const breakdown = meta.sku_rating_breakdown ?? [];
      expect(breakdown.map((b) => b.star)).toEqual([1, 2, 3, 4, 5]);
      expect(breakdown.reduce((sum, b) => sum + b.count, 0)).toBe(sku.reviews_count);
      expect(breakdown.reduce((sum, b) => sum + b.percentage, 0)).toBe(100);
      const ratings = sandbox.data.skuReviews.filter((r) => r.sku_id === sku.id).map((r) => r.rating);
      for (const { star, count } of breakdown) expect(count).toBe(ratings.filter((r) => r === star).length);
      const aggregation = meta.sku_reviews_aggregation ?? [];
      expect(aggregation.length).toBeGreaterThan(0);
      for (const entry of aggregation) {
        expect(entry.score).toBeGreaterThanOrEqual(0);
        expect(entry.score).toBeLessThanOrEqual(100);
        expect(entry.style).toBe(entry.score >= 50 ? 'good' : 'bad');
      }
      expect(aggregation.map((a) => a.label)).toContain('Σχέση ποιότητας τιμής');
    }
    const plain = await getJson<ReviewList>(sandbox, token, `/skus/${sku.id}/reviews`);
    expect(Object.keys(plain.meta)).toEqual(['pagination']);
  });

  it('answers version 3.0 without sentiments and without the aggregation (both 3.1.3)', async () => {
    const sku = busySku();
    const latest = await getJson<ReviewList>(sandbox, token, `/skus/${sku.id}/reviews?per=5`);
    expect(latest.reviews.some((r) => Object.keys(r.sentiments as Json).length > 0)).toBe(true);
    const old = await getJson<ReviewList>(
      sandbox,
      token,
      `/skus/${sku.id}/reviews?per=5&include_meta[]=sku_reviews_aggregation&include_meta[]=sku_rating_breakdown`,
      { Accept: ACCEPT('3.0') },
    );
    for (const review of old.reviews) expect(review).not.toHaveProperty('sentiments');
    expect(old.meta).not.toHaveProperty('sku_reviews_aggregation');
    expect(old.meta).toHaveProperty('sku_rating_breakdown');
  });

  it('a SKU without reviews lists none; an unknown SKU is a 404', async () => {
    const quiet = skuWhere((s) => s.reviews_count === 0);
    const body = await getJson<ReviewList>(
      sandbox,
      token,
      `/skus/${quiet.id}/reviews?include_meta=sku_rating_breakdown`,
    );
    expect(body.reviews).toEqual([]);
    expect(body.meta.sku_rating_breakdown?.every((b) => b.count === 0 && b.percentage === 0)).toBe(true);
    expect((await errorOf(await get(sandbox, token, '/skus/1/reviews'), 404)).code).toBe('RecordNotFound');
  });
});

describe('writing SKU reviews', () => {
  it('GET /skus/:id/reviews/new answers the category form', async () => {
    const { review_form: form } = await getJson<{ review_form: Form }>(
      sandbox,
      token,
      `/skus/${busySku().id}/reviews/new`,
    );
    expect(form.requires_body).toBe(false);
    expect(form.questions[0]?.type).toBe('profiling_multiple');
    expect(form.questions.slice(1).every((q) => q.type === 'eval_sentiment')).toBe(true);
    expect(form.questions[1]?.answers.map((a) => a.text)).toEqual(['Ναι', 'Έτσι κι έτσι', 'Όχι']);
    const tablet = skuWhere((s) => s.category_id === 1105 && s.reviewable);
    const tabletForm = await getJson<{ review_form: Form }>(sandbox, token, `/skus/${tablet.id}/reviews/new`);
    expect(tabletForm.review_form.requires_body).toBe(true);
  });

  it('POST creates a review (201) that later reads show, in the list and in the SKU', async () => {
    const sku = busySku();
    const { profile, yes, aspects } = phoneAnswers();
    const response = await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, {
      review: { rating: 5, answer_ids: [profile[0], yes[0], yes[1]], review: LONG_TEXT },
    });
    expect(response.status).toBe(201);
    const { sku_review: created } = (await response.json()) as { sku_review: Json };
    expect(Object.keys(created)).toEqual(SINGLE_KEYS);
    expect(created).toMatchObject({
      sku_id: sku.id,
      user_id: 334941,
      rating: 5,
      review: LONG_TEXT,
      demoted: false,
      votes_count: 0,
      helpful_votes_count: 0,
      sentiments: { positive: [aspects[0], aspects[1]] },
    });
    expect(String(created.created_at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0[23]:00$/);

    const list = await getJson<ReviewList>(sandbox, token, `/skus/${sku.id}/reviews?per=1`);
    expect(list.reviews[0]?.id).toBe(created.id);
    expect(list.meta.pagination.total_results).toBe(sku.reviews_count + 1);
    const { sku: after } = await getJson<{ sku: Json }>(sandbox, token, `/skus/${sku.id}`);
    expect(after.reviews_count).toBe(sku.reviews_count + 1);
    const ratings = [...sandbox.data.skuReviews.filter((r) => r.sku_id === sku.id).map((r) => r.rating), 5];
    expect(after.reviewscore).toBeCloseTo(ratings.reduce((a, b) => a + b, 0) / ratings.length, 4);
    const { meta } = await getJson<ReviewList>(
      sandbox,
      token,
      `/skus/${sku.id}/reviews?include_meta=sku_rating_breakdown`,
    );
    expect(meta.sku_rating_breakdown?.find((b) => b.star === 5)?.count).toBe(
      ratings.filter((r) => r === 5).length,
    );
  });

  it('stamps created_at from the clock, in Athens time with its offset', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2018-01-31T11:00:35Z'));
    const sku = busySku();
    const winter = await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, { review: { rating: 4 } });
    expect(((await winter.json()) as { sku_review: Json }).sku_review.created_at).toBe(
      '2018-01-31T13:00:35+02:00',
    );
    vi.setSystemTime(new Date('2018-07-01T09:30:00Z'));
    const summer = await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, { review: { rating: 4 } });
    expect(((await summer.json()) as { sku_review: Json }).sku_review.created_at).toBe(
      '2018-07-01T12:30:00+03:00',
    );
  });

  it('a short review is demoted and listed after the others', async () => {
    const sku = busySku();
    const response = await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, {
      review: { rating: 3, review: 'Καλό.' },
    });
    const { sku_review: created } = (await response.json()) as { sku_review: Json };
    expect(created.demoted).toBe(true);
    const reviews = await allReviews(sku.id);
    const firstDemoted = reviews.findIndex((r) => r.demoted === true);
    expect(reviews.findIndex((r) => r.id === created.id)).toBeGreaterThanOrEqual(firstDemoted);
  });

  it('refuses invalid reviews with 422 in the errors format, listing every problem', async () => {
    const sku = busySku();
    const { profile, yes, soso } = phoneAnswers();
    const bad = await errorOf(
      await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, {
        review: { rating: 6, answer_ids: [1, profile[0]], review: LONG_TEXT },
      }),
      422,
    );
    expect(bad.code).toBe('RecordInvalid');
    expect(bad.messages).toHaveLength(2);
    expect(bad.messages.join(' ')).toMatch(/Rating/);
    expect(bad.messages.join(' ')).toMatch(/1/);
    const missing = await errorOf(await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, {}), 422);
    expect(missing.messages[0]).toMatch(/Rating/);
    const twice = await errorOf(
      await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, {
        review: { rating: 4, answer_ids: [yes[0], soso[0]] },
      }),
      422,
    );
    expect(twice.messages[0]).toMatch(/one answer/);
    const tablet = skuWhere((s) => s.category_id === 1105 && s.reviewable);
    const body = await errorOf(
      await send(sandbox, token, 'POST', `/skus/${tablet.id}/reviews`, {
        review: { rating: 4, review: '  ' },
      }),
      422,
    );
    expect(body.messages).toEqual(["Review can't be blank"]);
    const fashion = skuWhere((s) => !s.reviewable);
    await errorOf(
      await send(sandbox, token, 'POST', `/skus/${fashion.id}/reviews`, { review: { rating: 4 } }),
      422,
    );
    expect((await allReviews(sku.id)).length).toBe(sku.reviews_count);
  });

  it('accepts a form-encoded body and query params as well as JSON', async () => {
    const sku = busySku();
    const form = await sandbox.fetch(`${sandbox.baseUrl}/skus/${sku.id}/reviews`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: ACCEPT() },
      body: new URLSearchParams([
        ['review[rating]', '4'],
        ['review[answer_ids][]', String(phoneAnswers().profile[0])],
        ['review[answer_ids][]', String(phoneAnswers().profile[1])],
        ['review[review]', LONG_TEXT],
      ]),
    });
    expect(form.status).toBe(201);
    expect(((await form.json()) as { sku_review: Json }).sku_review.rating).toBe(4);
    const query = await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews?review[rating]=2`);
    expect(query.status).toBe(201);
  });

  it('edit form, partial update and delete act on the own review; 404 once it is gone', async () => {
    const sku = busySku();
    const { profile, soso, yes, aspects } = phoneAnswers();
    const chosen = [profile[1] ?? 0, soso[0] ?? 0, yes[1] ?? 0];
    const created = (await (
      await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, {
        review: { rating: 4, answer_ids: chosen, review: LONG_TEXT },
      })
    ).json()) as { sku_review: Json };
    const id = created.sku_review.id as number;

    const { review_form: edit } = await getJson<{ review_form: Form }>(
      sandbox,
      token,
      `/skus/${sku.id}/reviews/${id}/edit`,
    );
    expect(edit).toMatchObject({ rating: 4, review: LONG_TEXT });
    const selected = edit.questions.flatMap((q) => q.answers.filter((a) => a.selected).map((a) => a.id));
    expect(selected).toEqual(chosen);
    expect(
      edit.questions.flatMap((q) => q.answers).filter((a) => 'selected' in a && a.selected !== true),
    ).toEqual([]);

    const updated = await send(sandbox, token, 'PUT', `/skus/${sku.id}/reviews/${id}`, {
      review: { rating: 2 },
    });
    expect(updated.status).toBe(200);
    const { sku_review: review } = (await updated.json()) as { sku_review: Json };
    expect(review).toMatchObject({
      id,
      rating: 2,
      review: LONG_TEXT,
      sentiments: { positive: [aspects[1]], mediocre: [aspects[0]] },
    });
    await errorOf(
      await send(sandbox, token, 'PUT', `/skus/${sku.id}/reviews/${id}`, { review: { rating: 0 } }),
      422,
    );

    const deleted = await send(sandbox, token, 'DELETE', `/skus/${sku.id}/reviews/${id}`);
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect(
      (await errorOf(await send(sandbox, token, 'DELETE', `/skus/${sku.id}/reviews/${id}`), 404)).code,
    ).toBe('RecordNotFound');
    await errorOf(await get(sandbox, token, `/skus/${sku.id}/reviews/${id}/edit`), 404);
    expect((await allReviews(sku.id)).some((r) => r.id === id)).toBe(false);
  });

  it("someone else's review, or a review of another SKU, is not found", async () => {
    const sku = busySku();
    const seeded = sandbox.data.skuReviews.find((r) => r.sku_id === sku.id);
    if (!seeded) throw new Error('no seeded review');
    await errorOf(await send(sandbox, token, 'DELETE', `/skus/${sku.id}/reviews/${seeded.id}`), 404);
    await errorOf(
      await send(sandbox, token, 'PUT', `/skus/${sku.id}/reviews/${seeded.id}`, { review: {} }),
      404,
    );
    const other = skuWhere((s) => s.id !== sku.id && s.reviews_count > 0);
    await errorOf(await get(sandbox, token, `/skus/${other.id}/reviews/${seeded.id}/edit`), 404);
    await errorOf(await send(sandbox, token, 'DELETE', `/skus/${sku.id}/reviews/abc`), 404);
  });

  it('reset() forgets what tests wrote', async () => {
    const sku = busySku();
    await send(sandbox, token, 'POST', `/skus/${sku.id}/reviews`, {
      review: { rating: 1, review: LONG_TEXT },
    });
    expect(await allReviews(sku.id)).toHaveLength(sku.reviews_count + 1);
    sandbox.reset();
    token = sandbox.issueToken();
    expect(await allReviews(sku.id)).toHaveLength(sku.reviews_count);
    expect((await getJson<{ sku: Json }>(sandbox, token, `/skus/${sku.id}`)).sku.reviews_count).toBe(
      sku.reviews_count,
    );
  });
});
