import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ClientOptions,
  FLAG_REASONS,
  parseFirstProductShopInfo,
  type Shop,
  type ShopRatingBreakdown,
} from '../../src/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import {
  capturingFetch,
  loadRecording,
  newSandbox,
  type Recording,
  replay,
  sandboxClient,
} from '../helpers/index.js';

const REVIEW_ACTIONS = 'public publish_sku_review_actions';

/**
 * A client whose requests to the recorded path get the recorded answer; `sent` holds each of
 * those requests with its JSON body.
 */
function setup(name: string, options: (sandbox: Sandbox) => Partial<ClientOptions> = () => ({})) {
  const sandbox = newSandbox();
  const recording = loadRecording(name);
  const { fetch, seen } = replay(sandbox, recording);
  const { fetch: capture, sent } = capturingFetch(fetch, (url) => url.pathname === recording.request.path);
  const api = sandboxClient(sandbox, { fetch: capture, ...options(sandbox) });
  const body = recording.response.body as Record<string, unknown>;
  return { api, body, seen, sent };
}

/** Options for a client whose token is known to carry the review-actions scope. */
function withReviewActions(sandbox: Sandbox): Partial<ClientOptions> {
  return {
    clientId: undefined,
    clientSecret: undefined,
    getToken: () => ({ access_token: sandbox.issueToken({ scope: REVIEW_ACTIONS }), scope: REVIEW_ACTIONS }),
  };
}

describe('products recordings', () => {
  it('products_show: skus.product, blp and the unknown meta pass through', async () => {
    const { api, body, seen } = setup('products_show');
    const { data, response } = await api.skus.product(29878439).withResponse();
    expect(data).toEqual(body.product);
    expect(data.blp?.final_price).toBe(297.81);
    expect(response.status).toBe(200);
    expect(seen.map((u) => u.pathname + u.search)).toEqual(['/products/29878439']);
  });

  it('fieldsets_product_with_shop_and_root_fields: fields [id, name] with the whole shop', async () => {
    const { api, body, seen } = setup('fieldsets_product_with_shop_and_root_fields');
    const product = await api.skus.product(25809770, { embed: 'shop', fields: ['id', 'name'] });
    expectTypeOf(product).toEqualTypeOf<{ id: number; name: string; shop: Shop }>();
    expect(product).toEqual(body.product);
    expect(product.shop.review_score).toBe(5);
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      embed: 'shop',
      'fields[root]': 'id,name',
    });
  });

  it('fieldsets_product_with_shop_and_association_fields: fields by resource', async () => {
    const { api, body, seen } = setup('fieldsets_product_with_shop_and_association_fields');
    const product = await api.skus.product(25809770, {
      embed: 'shop',
      fields: { root: ['id', 'name'], shop: ['review_score'] },
    });
    expectTypeOf(product).toEqualTypeOf<{
      id: number;
      name: string;
      shop: { review_score: number | null };
    }>();
    expect(product).toEqual(body.product);
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      embed: 'shop',
      'fields[root]': 'id,name',
      'fields[shop]': 'review_score',
    });
  });

  it('fieldsets_product_with_shop_and_exclude_fields: fields_except for the product, fields for the shop', async () => {
    const { api, body, seen } = setup('fieldsets_product_with_shop_and_exclude_fields');
    const product = await api.skus.product(25809770, {
      embed: 'shop',
      fields: { shop: ['id', 'name'] },
      fields_except: ['sizes'],
    });
    expectTypeOf(product).not.toHaveProperty('sizes');
    expectTypeOf(product.shop).toEqualTypeOf<{ id: number; name: string }>();
    expect(product).toEqual(body.product);
    expect(product.shop_uid).toBe('4909');
    expect(Object.fromEntries(seen[0]?.searchParams ?? [])).toEqual({
      embed: 'shop',
      'fields[shop]': 'id,name',
      'fields_except[root]': 'sizes',
    });
  });

  it('the narrowed schema checks the fields asked for, and only those', async () => {
    // The recorded answer holds id and name: asking for price too makes it fail validation...
    const { api } = setup('fieldsets_product_with_shop_and_root_fields');
    await expect(
      api.skus.product(25809770, { embed: 'shop', fields: ['id', 'price'] }),
    ).rejects.toMatchObject({
      name: 'ResponseValidationError',
    });
    // ...while the full product schema would have refused an answer without sku_id, price, etc.
    await expect(api.skus.product(25809770, { embed: 'shop', fields: ['name'] })).resolves.toMatchObject({
      name: 'ALCATEL One Touch 1016G Grey EU',
    });
  });

  it('products_search: skus.shopProducts with the shop_uid as a string', async () => {
    const { api, body, seen } = setup('products_search');
    const page = await api.skus.shopProducts(452, { shop_uid: '062276' });
    expect(page.items).toEqual(body.products);
    expect(page.items[0]?.shop_uid).toBe('062276');
    expect(page.hasNextPage()).toBe(false);
    expect(seen[0]?.searchParams.get('shop_uid')).toBe('062276');
  });
});

describe('product cards', () => {
  it('skus.productCards (strict) accepts real cards that carry no reseller key', async () => {
    const answer = JSON.parse(
      readFileSync(
        new URL('../fixtures/answers/product_cards_without_reseller.json', import.meta.url),
        'utf8',
      ),
    ) as Recording;
    const sandbox = newSandbox();
    const { fetch, seen } = replay(sandbox, answer);
    const api = sandboxClient(sandbox, { fetch, validation: 'strict' });
    const groups = await api.skus.productCards(3783654);
    const body = answer.response.body as { product_cards: { cards: Record<string, unknown>[] }[] };
    expect(body.product_cards[0]?.cards[0]).not.toHaveProperty('reseller');
    expect(groups).toEqual(body.product_cards);
    expect(groups[0]?.cards[0]?.reseller).toBeUndefined();
    expect(groups[0]?.cards[0]?.blp?.final_price).toBe(284);
    expect(seen.map((u) => u.pathname)).toEqual(['/skus/3783654/product_cards']);
  });
});

describe('SKU recordings', () => {
  it('sku_specifications: values filled, the unknown meta kept', async () => {
    const { api, body } = setup('sku_specifications');
    const specs = await api.skus.specifications(3443837);
    expect(specs).toEqual(body);
    expect(specs.specifications.every((s) => s.values.length > 0)).toBe(true);
  });

  it('skus_similar: skus.similar', async () => {
    const { api, body, seen } = setup('skus_similar');
    const page = await api.skus.similar(3034682);
    expect(page.items).toEqual(body.skus);
    expect(page.items.map((s) => parseFirstProductShopInfo(s))).toEqual(page.items.map(() => null));
    expect(seen.map((u) => u.pathname)).toEqual(['/skus/3034682/similar']);
  });

  it('skus_reviews: skus.reviews.list, the next page from the Link header', async () => {
    const { api, body, seen } = setup('skus_reviews');
    const page = await api.skus.reviews.list(3783654, { per: 3 });
    expect(page.items).toEqual(body.reviews);
    expect(page.nextPageNumber()).toBe(2);
    expect(page.pagination?.total_results).toBe(396);
    expect(seen[0]?.searchParams.get('per')).toBe('3');
  });

  it('skus_reviews_new: the review form, question types profiling_multiple and eval_sentiment', async () => {
    const { api, body } = setup('skus_reviews_new');
    const form = await api.skus.reviews.newForm(3783654);
    expect(form).toEqual(body.review_form);
    expect(new Set(form.questions.map((q) => q.type))).toEqual(
      new Set(['profiling_multiple', 'eval_sentiment']),
    );
  });

  it('skus_reviews_update: a partial PUT body {review: {rating}}', async () => {
    const { api, body, sent } = setup('skus_reviews_update');
    const review = await api.skus.reviews.update(3783654, 249474, { rating: 4 });
    expect(review).toEqual(body.sku_review);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { review: { rating: 4 } } });
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
  });

  it('skus_reviews_destroy: 204 gives undefined', async () => {
    const { api, sent } = setup('skus_reviews_destroy');
    const { data, response } = await api.skus.reviews.delete(3783654, 249471).withResponse();
    expect(data).toBeUndefined();
    expect(response.status).toBe(204);
    expect(sent.map((s) => s.method)).toEqual(['DELETE']);
  });

  it('sku_review_vote_create: vote[helpful]=true as a query param', async () => {
    const { api, body, seen } = setup('sku_review_vote_create', withReviewActions);
    const vote = await api.skus.reviews.vote(3982592, 21943, { helpful: true });
    expect(vote).toEqual(body.sku_review_vote);
    expect(seen[0]?.searchParams.get('vote[helpful]')).toBe('true');
    expect(seen[0]?.search).toBe('?vote%5Bhelpful%5D=true');
  });

  it('sku_review_flag_create: a bare flag record (no root key)', async () => {
    const { api, body, seen, sent } = setup('sku_review_flag_create', withReviewActions);
    const flag = await api.skus.reviews.flag(9783213, 240896, { reason: 'spam' });
    expect(flag).toEqual(body);
    expect(flag?.flaggable_type).toBe('SkuReview');
    expect(seen[0]?.searchParams.get('flag[reason]')).toBe('spam');
    expect(sent[0]?.body).toBeUndefined();
  });

  it('flags_index: the flag definitions are the reasons the SDK checks against', async () => {
    const { api, body } = setup('flags_index');
    const flags = await api.skus.flags();
    expect(flags).toEqual(body.flags);
    expect(flags.map((f) => f.reason)).toEqual([...FLAG_REASONS]);
  });
});

describe('shop recordings', () => {
  it('shop_locations_show_embed_address: the structured address', async () => {
    const { api, body, seen } = setup('shop_locations_show_embed_address');
    const location = await api.shops.location(452, 2500, { embed: 'address' });
    expect(location).toEqual(body.location);
    expect(location.format).toBe('structured');
    expect(location.address.city).toBe('ΜΕΤΑΜΟΡΦΩΣΗ');
    expect(seen[0]?.searchParams.get('embed')).toBe('address');
  });

  it('shop_reviews_with_rating_breakdown: a typed breakdown, next page from Link', async () => {
    const { api, body, seen } = setup('shop_reviews_with_rating_breakdown');
    const page = await api.shops.reviews(452, { include_meta: 'shop_rating_breakdown', per: 3 });
    expectTypeOf(page.body.meta.shop_rating_breakdown).toEqualTypeOf<ShopRatingBreakdown[]>();
    expect(page.items).toEqual(body.reviews);
    expect(page.body.meta.shop_rating_breakdown.map((b) => b.impression)).toEqual(['positive', 'negative']);
    expect(page.nextPageNumber()).toBe(2);
    expect(seen[0]?.searchParams.get('include_meta')).toBe('shop_rating_breakdown');
  });
});
