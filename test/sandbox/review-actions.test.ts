import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer, type SkuReviewRecord } from '../../src/sandbox/index.js';
import { ACCEPT, errorOf, getJson, type Json, send } from './helpers.js';

const sandbox = createSandbox();
let reader: string;
let actor: string;

beforeEach(() => {
  sandbox.reset();
  reader = sandbox.issueToken();
  actor = sandbox.issueToken({ scope: 'public publish_sku_review_actions' });
});

/** A visible seeded review with some votes. */
function target(): SkuReviewRecord {
  const review = sandbox.data.skuReviews.find((r) => !r.demoted && r.votes_count > 2);
  if (!review) throw new Error('no voted review');
  return review;
}

async function listed(review: SkuReviewRecord): Promise<Json | undefined> {
  const body = await getJson<{ reviews: Json[] }>(sandbox, reader, `/skus/${review.sku_id}/reviews?per=100`);
  return body.reviews.find((r) => r.id === review.id);
}

describe('votes', () => {
  it('POST …/votes?vote[helpful]=true answers 201 {sku_review_vote} and counts it in later reads', async () => {
    const review = target();
    const response = await send(
      sandbox,
      actor,
      'POST',
      `/skus/${review.sku_id}/reviews/${review.id}/votes?vote[helpful]=true`,
    );
    expect(response.status).toBe(201);
    const { sku_review_vote: vote } = (await response.json()) as { sku_review_vote: Json };
    expect(Object.keys(vote)).toEqual(['id', 'sku_review_id', 'user_id', 'helpful', 'created_at']);
    expect(vote).toMatchObject({ sku_review_id: review.id, user_id: 334941, helpful: true });
    expect(await listed(review)).toMatchObject({
      votes_count: review.votes_count + 1,
      helpful_votes_count: review.helpful_votes_count + 1,
      // Marks describe a user; an application token has none.
      voted: false,
      helpful: false,
    });
  });

  it('takes the vote from a JSON body too, embeds the review on request, and a revote replaces', async () => {
    const review = target();
    const path = `/skus/${review.sku_id}/reviews/${review.id}/votes`;
    await send(sandbox, actor, 'POST', path, { vote: { helpful: true } });
    const response = await send(sandbox, actor, 'POST', `${path}?embed=sku_review`, {
      vote: { helpful: false },
    });
    expect(response.status).toBe(201);
    const { sku_review_vote: vote } = (await response.json()) as { sku_review_vote: Json };
    expect(vote.helpful).toBe(false);
    expect(vote.sku_review).toMatchObject({
      id: review.id,
      sku_id: review.sku_id,
      votes_count: review.votes_count + 1,
      helpful_votes_count: review.helpful_votes_count,
    });
    expect(await listed(review)).toMatchObject({
      votes_count: review.votes_count + 1,
      helpful_votes_count: review.helpful_votes_count,
    });
  });

  it('refuses a missing vote[helpful] (400) and unknown reviews (404)', async () => {
    const review = target();
    const path = `/skus/${review.sku_id}/reviews/${review.id}/votes`;
    await errorOf(await send(sandbox, actor, 'POST', path), 400);
    await errorOf(await send(sandbox, actor, 'POST', `${path}?vote[helpful]=maybe`), 400);
    const missing = await errorOf(
      await send(sandbox, actor, 'POST', `/skus/${review.sku_id}/reviews/1/votes?vote[helpful]=true`),
      404,
    );
    expect(missing.code).toBe('RecordNotFound');
    await errorOf(
      await send(sandbox, actor, 'POST', `/skus/1/reviews/${review.id}/votes?vote[helpful]=true`),
      404,
    );
  });
});

describe('flags', () => {
  it('POST …/flags answers 201 with the bare flag record', async () => {
    const review = target();
    const response = await send(sandbox, actor, 'POST', `/skus/${review.sku_id}/reviews/${review.id}/flags`, {
      flag: { reason: 'spam' },
    });
    expect(response.status).toBe(201);
    const flag = (await response.json()) as Json;
    expect(Object.keys(flag)).toEqual([
      'id',
      'flaggable_id',
      'flaggable_type',
      'user_id',
      'reason',
      'created_at',
      'updated_at',
    ]);
    expect(flag).toMatchObject({ flaggable_id: review.id, flaggable_type: 'SkuReview', reason: 'spam' });
    expect(flag.created_at).toBe(flag.updated_at);
    const query = await send(
      sandbox,
      actor,
      'POST',
      `/skus/${review.sku_id}/reviews/${review.id}/flags?flag[reason]=bad_language`,
    );
    expect(query.status).toBe(201);
    expect(((await query.json()) as Json).id).toBe(Number(flag.id) + 1);
    expect((await listed(review))?.flagged).toBe(false);
  });

  it('refuses an unknown reason with 422', async () => {
    const review = target();
    const path = `/skus/${review.sku_id}/reviews/${review.id}/flags`;
    expect(
      (await errorOf(await send(sandbox, actor, 'POST', path, { flag: { reason: 'rude' } }), 422)).code,
    ).toBe('RecordInvalid');
    await errorOf(await send(sandbox, actor, 'POST', path), 422);
  });

  it('GET /flags lists the reasons', async () => {
    const body = await getJson<{ flags: { reason: string; description: string }[] }>(
      sandbox,
      reader,
      '/flags',
    );
    expect(body.flags.map((f) => f.reason)).toEqual(['bad_language', 'wrong_section', 'spam']);
    expect(body.flags.every((f) => f.description.length > 0)).toBe(true);
  });
});

describe('the publish_sku_review_actions scope', () => {
  it('is needed to vote and flag: 403 InsufficientScope without it, nothing counted', async () => {
    const review = target();
    const base = `/skus/${review.sku_id}/reviews/${review.id}`;
    for (const path of [`${base}/votes?vote[helpful]=true`, `${base}/flags?flag[reason]=spam`]) {
      const refusal = await errorOf(await send(sandbox, reader, 'POST', path), 403);
      expect(refusal.code).toBe('InsufficientScope');
      expect(refusal.messages[0]).toMatch(/publish_sku_review_actions/);
    }
    expect(await listed(review)).toMatchObject({ votes_count: review.votes_count });
  });

  it('is enough on its own for these actions, but not for reading the catalog', async () => {
    const review = target();
    const only = sandbox.issueToken({ scope: 'publish_sku_review_actions' });
    const vote = await send(
      sandbox,
      only,
      'POST',
      `/skus/${review.sku_id}/reviews/${review.id}/votes?vote[helpful]=true`,
    );
    expect(vote.status).toBe(201);
    const read = await sandbox.fetch(`${sandbox.baseUrl}/skus/${review.sku_id}/reviews`, {
      headers: { Authorization: `Bearer ${only}`, Accept: ACCEPT() },
    });
    expect((await errorOf(read, 403)).code).toBe('InsufficientScope');
  });
});

describe('over real HTTP', () => {
  let server: SandboxServer;

  beforeAll(async () => {
    server = await sandbox.listen();
  });

  afterAll(async () => {
    await server.close();
  });

  it('creates, votes on and deletes a review through listen()', async () => {
    const review = target();
    const headers = (token: string) => ({
      Authorization: `Bearer ${token}`,
      Accept: ACCEPT(),
      'Content-Type': 'application/json',
    });
    const created = await fetch(`${server.baseUrl}/skus/${review.sku_id}/reviews`, {
      method: 'POST',
      headers: headers(actor),
      body: JSON.stringify({
        review: { rating: 4, review: 'Αρκετά καλό, αλλά η μπαταρία θα μπορούσε να κρατάει περισσότερο.' },
      }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { sku_review: Json }).sku_review.id;
    const vote = await fetch(`${server.baseUrl}/skus/${review.sku_id}/reviews/${id}/votes`, {
      method: 'POST',
      headers: headers(actor),
      body: JSON.stringify({ vote: { helpful: true } }),
    });
    expect(vote.status).toBe(201);
    const list = await fetch(`${server.baseUrl}/skus/${review.sku_id}/reviews?per=1`, {
      headers: headers(reader),
    });
    const first = ((await list.json()) as { reviews: Json[] }).reviews[0];
    expect(first).toMatchObject({ id, votes_count: 1, helpful_votes_count: 1 });
    const deleted = await fetch(`${server.baseUrl}/skus/${review.sku_id}/reviews/${id}`, {
      method: 'DELETE',
      headers: headers(actor),
    });
    expect(deleted.status).toBe(204);
    const again = await fetch(`${server.baseUrl}/skus/${review.sku_id}/reviews/${id}`, {
      method: 'DELETE',
      headers: headers(actor),
    });
    expect(again.status).toBe(404);
  });
});
