import { beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_USER_ID, SANDBOX_USERS, type SkuRecord } from '../../src/sandbox/index.js';
import { errorOf, get, getJson, type Json, send } from './helpers.js';

const sandbox = createSandbox();

beforeEach(() => {
  sandbox.reset();
});

const userToken = (scope: string, userId: number = SANDBOX_USER_ID): string =>
  sandbox.issueUserToken({ scope, userId }).access_token;

function favoritedSku(userId: number): SkuRecord {
  const favorite = sandbox.data.favorites.find((f) => f.user_id === userId && f.have_it === false);
  const sku = sandbox.data.skus.find((s) => s.id === favorite?.sku_id);
  if (!sku) throw new Error('no favorited SKU');
  return sku;
}

/** The SKU as the category listing shows it, found through the keyword filter. */
async function listed(token: string, sku: SkuRecord): Promise<Json | undefined> {
  const q = encodeURIComponent(sku.display_name);
  const body = await getJson<{ skus: Json[] }>(sandbox, token, `/categories/${sku.category_id}/skus?q=${q}`);
  return body.skus.find((s) => s.id === sku.id);
}

describe('scopes per endpoint', () => {
  it('catalog endpoints need public: a user token without it gets 403 InsufficientScope', async () => {
    const error = await errorOf(await get(sandbox, userToken('favorites'), '/categories/root'), 403);
    expect(error.code).toBe('InsufficientScope');
    expect(error.messages[0]).toMatch(/public/);
    expect((await get(sandbox, userToken('public'), '/categories/root')).status).toBe(200);
  });

  it.each([['/favorites'], ['/favorite_lists'], ['/categories/40/favorites'], [`/skus/${2119391}/favorite`]])(
    '%s needs favorites',
    async (path) => {
      const error = await errorOf(await get(sandbox, userToken('public notifications'), path), 403);
      expect(error.code).toBe('InsufficientScope');
      expect((await get(sandbox, userToken('favorites'), path)).status).toBe(200);
    },
  );

  it('favorites writes need favorites too', async () => {
    const response = await send(sandbox, userToken('public'), 'POST', '/favorites', {
      favorite: { sku_id: 2119391 },
    });
    expect((await errorOf(response, 403)).code).toBe('InsufficientScope');
  });

  it('notifications need notifications', async () => {
    const error = await errorOf(await get(sandbox, userToken('public favorites'), '/notifications'), 403);
    expect(error.code).toBe('InsufficientScope');
    const view = await send(sandbox, userToken('public favorites'), 'POST', '/notifications/view', {
      ids: [1],
    });
    expect((await errorOf(view, 403)).code).toBe('InsufficientScope');
    expect((await get(sandbox, userToken('notifications'), '/notifications')).status).toBe(200);
  });

  it('votes need publish_sku_review_actions, with a user token as with an application token', async () => {
    const review = sandbox.data.skuReviews.find((r) => !r.demoted);
    if (!review) throw new Error('no review');
    const path = `/skus/${review.sku_id}/reviews/${review.id}/votes`;
    const refused = await send(sandbox, userToken('public favorites'), 'POST', path, {
      vote: { helpful: true },
    });
    expect((await errorOf(refused, 403)).code).toBe('InsufficientScope');
    const granted = await send(sandbox, userToken('public publish_sku_review_actions'), 'POST', path, {
      vote: { helpful: true },
    });
    expect(granted.status).toBe(201);
  });

  it.each([
    ['GET', '/user'],
    ['PATCH', '/user'],
    ['GET', '/user/avatars'],
    ['GET', '/user/addresses'],
    ['GET', '/user/addresses/new'],
    ['GET', '/user/saved_orders'],
    ['DELETE', '/user/logout'],
    ['GET', '/favorites'],
    ['GET', '/notifications'],
  ])('%s %s refuses an application token with 403 UserTokenRequired', async (method, path) => {
    // Even one minted with every scope: there is no user behind it.
    const appToken = sandbox.issueToken({ scope: 'public favorites notifications' });
    const error = await errorOf(await send(sandbox, appToken, method, path), 403);
    expect(error.code).toBe('UserTokenRequired');
  });

  it('/user endpoints need a user token but no particular scope', async () => {
    const token = userToken('notifications');
    expect((await get(sandbox, token, '/user')).status).toBe(200);
    expect((await get(sandbox, token, '/user/addresses')).status).toBe(200);
    expect((await get(sandbox, token, '/user/saved_orders')).status).toBe(200);
  });
});

describe('what a user token changes in catalog answers', () => {
  it('favorited is true for the SKUs the user has among favorites', async () => {
    const sku = favoritedSku(SANDBOX_USER_ID);
    expect(await listed(userToken('public'), sku)).toMatchObject({ id: sku.id, favorited: true });
    expect(await listed(sandbox.issueToken(), sku)).toMatchObject({ id: sku.id, favorited: false });
    // carol has no favorites.
    expect(await listed(userToken('public', SANDBOX_USERS.carol), sku)).toMatchObject({ favorited: false });
  });

  it('favorited follows the user favoriting and unfavoriting', async () => {
    const token = userToken('public favorites', SANDBOX_USERS.carol);
    const sku = favoritedSku(SANDBOX_USER_ID);
    const created = await send(sandbox, token, 'POST', '/favorites', { favorite: { sku_id: sku.id } });
    const { favorite } = (await created.json()) as { favorite: { id: number } };
    expect(await listed(token, sku)).toMatchObject({ favorited: true });
    await send(sandbox, token, 'DELETE', `/favorites/${favorite.id}`);
    expect(await listed(token, sku)).toMatchObject({ favorited: false });
  });

  it('review voted, helpful and flagged describe the user behind the token', async () => {
    const review = sandbox.data.skuReviews.find((r) => !r.demoted && r.votes_count > 0);
    if (!review) throw new Error('no review');
    const alice = userToken('public publish_sku_review_actions');
    const base = `/skus/${review.sku_id}/reviews/${review.id}`;
    expect((await send(sandbox, alice, 'POST', `${base}/votes`, { vote: { helpful: true } })).status).toBe(
      201,
    );
    expect((await send(sandbox, alice, 'POST', `${base}/flags`, { flag: { reason: 'spam' } })).status).toBe(
      201,
    );
    const marks = async (token: string) => {
      const body = await getJson<{ reviews: Json[] }>(
        sandbox,
        token,
        `/skus/${review.sku_id}/reviews?per=100`,
      );
      const found = body.reviews.find((r) => r.id === review.id);
      return { voted: found?.voted, helpful: found?.helpful, flagged: found?.flagged };
    };
    expect(await marks(alice)).toEqual({ voted: true, helpful: true, flagged: true });
    expect(await marks(userToken('public', SANDBOX_USERS.bob))).toEqual({
      voted: false,
      helpful: false,
      flagged: false,
    });
    expect(await marks(sandbox.issueToken())).toEqual({ voted: false, helpful: false, flagged: false });
  });
});
