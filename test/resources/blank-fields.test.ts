import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type Category,
  type Favorite,
  type FlagRecord,
  type Notification,
  type PriceSnapshot,
  type Product,
  ResponseValidationError,
  type SavedOrder,
  type Shop,
  type ShopReview,
  type Sku,
  type SkuReview,
  type SkuReviewVoteFields,
  type User,
} from '../../src/index.js';
import { loadRecording, newSandbox, type Recording, replay, sandboxClient } from '../helpers/index.js';

/** Spec rule 2: blank fields come back as null. These are the fields the API can blank. */
describe('the types say which fields can be null', () => {
  it('counts, prices, scores, texts and ids of other records', () => {
    expectTypeOf<Sku['price_min']>().toEqualTypeOf<number | null>();
    expectTypeOf<Sku['price_max']>().toEqualTypeOf<number | null>();
    expectTypeOf<Sku['shop_count']>().toEqualTypeOf<number | null>();
    expectTypeOf<Sku['reviews_count']>().toEqualTypeOf<number | null>();
    expectTypeOf<Sku['reviewscore']>().toEqualTypeOf<number | null>();
    expectTypeOf<Sku['ean']>().toEqualTypeOf<string | null>();
    expectTypeOf<Sku['manufacturer_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Product['price']>().toEqualTypeOf<number | null>();
    expectTypeOf<Product['sku_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Product['shop_uid']>().toEqualTypeOf<string | null>();
    expectTypeOf<Shop['review_score']>().toEqualTypeOf<number | null>();
    expectTypeOf<Shop['reviews_count']>().toEqualTypeOf<number | null>();
    expectTypeOf<ShopReview['user_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Category['children_count']>().toEqualTypeOf<number | null>();
    expectTypeOf<Category['parent_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<SkuReview['votes_count']>().toEqualTypeOf<number | null>();
    expectTypeOf<SkuReview['user_id']>().toEqualTypeOf<number | null>();
    // Optional too: the recorded review list leaves it out.
    expectTypeOf<SkuReview['sku_id']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<SkuReviewVoteFields['sku_review_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<FlagRecord['flaggable_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<Favorite['sku_id']>().toEqualTypeOf<number | null>();
    // Absent from every recorded favorite (write answers included), null for owned ones.
    expectTypeOf<Favorite['favorite_list_id']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<User['email']>().toEqualTypeOf<string | null>();
    expectTypeOf<User['stats']['received_votes']>().toEqualTypeOf<number | null>();
    expectTypeOf<SavedOrder['total_cost']>().toEqualTypeOf<number | null>();
    expectTypeOf<SavedOrder['line_items'][number]['sku_id']>().toEqualTypeOf<number | null>();
    expectTypeOf<PriceSnapshot['price_min']>().toEqualTypeOf<number | null>();
    expectTypeOf<Notification['eventable_id']>().toEqualTypeOf<number | null>();
    // Own ids stay plain numbers.
    expectTypeOf<Sku['id']>().toEqualTypeOf<number>();
    expectTypeOf<Product['id']>().toEqualTypeOf<number>();
  });
});

type Json = Record<string, unknown>;

/** The recording with `blank` applied to a copy of its body. */
function blanked(name: string, blank: (body: Json) => void): Recording {
  const recording = loadRecording(name);
  const body = structuredClone(recording.response.body) as Json;
  blank(body);
  return { ...recording, response: { ...recording.response, body } };
}

/** A user-token client whose recorded request gets the (blanked) recorded answer. */
function replayed(recording: Recording) {
  const sandbox = newSandbox();
  const grant = sandbox.issueUserToken();
  const { fetch, seen } = replay(sandbox, recording);
  const api = sandboxClient(sandbox, {
    fetch,
    clientId: undefined,
    clientSecret: undefined,
    getToken: () => grant,
    cache: false,
  });
  return { api, seen };
}

const first = (list: unknown) => (list as Json[])[0] as Json;

describe('recorded answers with blank (null) fields pass strict validation', () => {
  it('a SKU list with blank prices, counts, summary and codes', async () => {
    const recording = blanked('skus_similar', (body) => {
      Object.assign(first(body.skus), {
        price_min: null,
        price_max: null,
        shop_count: null,
        reviews_count: null,
        reviewscore: null,
        plain_spec_summary: null,
        ean: null,
        pn: null,
      });
    });
    const { api, seen } = replayed(recording);
    const id = Number(recording.request.path.split('/')[2]);
    const page = await api.skus.similar(id);
    expect(page.items[0]).toMatchObject({ price_min: null, shop_count: null, ean: null });
    expect(seen).toHaveLength(1);
  });

  it('a product with a blank price, SKU, category, availability and shop_uid', async () => {
    const recording = blanked('products_show', (body) => {
      Object.assign(body.product as Json, {
        price: null,
        sku_id: null,
        category_id: null,
        availability: null,
        shop_uid: null,
      });
      Object.assign((body.product as Json).blp as Json, { shipping_cost: null });
    });
    const { api } = replayed(recording);
    const product = await api.skus.product(Number(recording.request.path.split('/')[2]));
    expect(product).toMatchObject({
      price: null,
      sku_id: null,
      shop_uid: null,
      blp: { shipping_cost: null },
    });
  });

  it('shop reviews by a gone user; a review list with blank counts; a vote on a gone review', async () => {
    const shopReviews = blanked('shop_reviews_with_rating_breakdown', (body) => {
      first(body.reviews).user_id = null;
    });
    const reviews = await replayed(shopReviews).api.shops.reviews(452, { per: 3 });
    expect(reviews.items[0]?.user_id).toBeNull();

    const skuReviews = blanked('skus_reviews', (body) => {
      Object.assign(first(body.reviews), { user_id: null, votes_count: null, helpful_votes_count: null });
    });
    const list = await replayed(skuReviews).api.skus.reviews.list(3783654, { per: 3 });
    expect(list.items[0]).toMatchObject({ user_id: null, votes_count: null });

    const vote = blanked('sku_review_vote_create', (body) => {
      Object.assign(body.sku_review_vote as Json, { sku_review_id: null, user_id: null });
    });
    const answer = await replayed(vote).api.skus.reviews.vote(3982592, 21943, { helpful: true });
    expect(answer.sku_review_id).toBeNull();
  });

  it('a favorite of a gone SKU; a notification about a gone record with blank prices', async () => {
    const favorite = blanked('favorites_show', (body) => {
      (body.favorite as Json).sku_id = null;
    });
    expect((await replayed(favorite).api.favorites.get(5896665)).sku_id).toBeNull();

    const notification = blanked('notifications_show', (body) => {
      const n = body.notification as Json;
      Object.assign(n, { eventable_id: null, eventable_name: null, eventable_url: null });
      Object.assign(n.snapshot as Json, { price_min: null, latest_price: null, change_rate: null });
    });
    const shown = await replayed(notification).api.notifications.get(314233664);
    expect(shown).toMatchObject({ eventable_id: null, snapshot: { price_min: null } });
  });

  it('strict validation stays the default: a wrong type is still refused', async () => {
    const recording = blanked('products_show', (body) => {
      (body.product as Json).price = '12.50';
    });
    const error = await replayed(recording)
      .api.skus.product(Number(recording.request.path.split('/')[2]))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).path).toEqual(['product', 'price']);
  });
});
