/**
 * Every real recorded answer goes through the SDK method that asks for it, in strict validation,
 * and comes back as sent. The table must name every file in test/fixtures/recorded.
 */
import { describe, expect, it } from 'vitest';
import { type CatalogClient, UnprocessableEntityError } from '../../src/index.js';
import { loadRecording, newSandbox, recordingNames, replay, sandboxClient } from '../helpers/index.js';

const SCOPE = 'public favorites notifications publish_sku_review_actions';

type Call = (api: CatalogClient) => Promise<unknown>;

/** Recording name → the call, and what of the recorded body it returns. */
const CALLS: Record<string, { call: Call; returns: (body: Record<string, unknown>) => unknown }> = {
  categories_show: { call: (api) => api.catalog.categories.get(88), returns: (b) => b.category },
  children_api_category: {
    call: (api) => api.catalog.categories.children(252).then((p) => p.body),
    returns: (b) => b,
  },
  category_skus_filters: {
    call: (api) => api.catalog.categories.skus(40, { per: 4 }).then((p) => p.body),
    returns: (b) => b,
  },
  category_skus_manufacturers: {
    call: (api) => api.catalog.categories.skus(40, { per: 4 }).then((p) => p.body),
    returns: (b) => b,
  },
  category_skus_with_applied_filters: {
    call: (api) =>
      api.catalog.categories.skus(40, { per: 1, include_meta: ['applied_filters'] }).then((p) => p.body),
    returns: (b) => b,
  },
  category_skus_with_available_filters: {
    call: (api) =>
      api.catalog.categories.skus(260, { per: 1, include_meta: ['available_filters'] }).then((p) => p.body),
    returns: (b) => b,
  },
  category_specifications_with_group: {
    call: (api) => api.catalog.categories.specifications(40, { include: 'group' }),
    returns: (b) => b,
  },
  filter_groups_index: {
    call: (api) => api.catalog.categories.filterGroups(40, { per: 2 }).then((p) => p.body),
    returns: (b) => b,
  },
  manufacturers_index: {
    call: (api) => api.catalog.manufacturers.list({ per: 2 }).then((p) => p.body),
    returns: (b) => b,
  },
  manufacturers_show: { call: (api) => api.catalog.manufacturers.get(12907), returns: (b) => b.manufacturer },
  manufacturer_categories: {
    call: (api) => api.catalog.manufacturers.categories(356, { per: 2 }).then((p) => p.body),
    returns: (b) => b,
  },
  manufacturer_skus: {
    call: (api) => api.catalog.manufacturers.skus(356, { per: 2 }).then((p) => p.body),
    returns: (b) => b,
  },
  search_category_facade: {
    call: (api) => api.catalog.search({ q: 'iphone' }).then((p) => p.body),
    returns: (b) => b,
  },
  search_category_match: {
    call: (api) => api.catalog.search({ q: 'tablets' }).then((p) => p.body),
    returns: (b) => b,
  },
  search_latin_mapping: {
    call: (api) => api.catalog.search({ q: 'ιπηονε' }).then((p) => p.body),
    returns: (b) => b,
  },
  search_manufacturer_match: {
    call: (api) => api.catalog.search({ q: 'samsung' }).then((p) => p.body),
    returns: (b) => b,
  },
  search_sku_match: {
    call: (api) => api.catalog.search({ q: 'iphone 7' }).then((p) => p.body),
    returns: (b) => b,
  },
  search_spelling: {
    call: (api) => api.catalog.search({ q: 'ipone' }).then((p) => p.body),
    returns: (b) => b,
  },
  search_invalid: {
    call: (api) =>
      api.catalog.search({ q: 'ab' }).then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    returns: () => expect.any(UnprocessableEntityError),
  },
  products_show: { call: (api) => api.skus.product(29878439), returns: (b) => b.product },
  products_search: {
    call: (api) => api.skus.shopProducts(452, { shop_uid: '062276' }).then((p) => p.body),
    returns: (b) => b,
  },
  fieldsets_product_with_shop_and_association_fields: {
    call: (api) =>
      api.skus.product(25809770, { embed: 'shop', fields: { root: ['id', 'name'], shop: ['review_score'] } }),
    returns: (b) => b.product,
  },
  fieldsets_product_with_shop_and_exclude_fields: {
    call: (api) =>
      api.skus.product(25809770, {
        embed: 'shop',
        fields: { shop: ['id', 'name'] },
        fields_except: ['sizes'],
      }),
    returns: (b) => b.product,
  },
  fieldsets_product_with_shop_and_root_fields: {
    call: (api) => api.skus.product(25809770, { embed: 'shop', fields: ['id', 'name'] }),
    returns: (b) => b.product,
  },
  sku_specifications: { call: (api) => api.skus.specifications(3443837), returns: (b) => b },
  skus_similar: { call: (api) => api.skus.similar(3034682).then((p) => p.body), returns: (b) => b },
  skus_reviews: {
    call: (api) => api.skus.reviews.list(3783654, { per: 3 }).then((p) => p.body),
    returns: (b) => b,
  },
  skus_reviews_new: { call: (api) => api.skus.reviews.newForm(3783654), returns: (b) => b.review_form },
  skus_reviews_update: {
    call: (api) => api.skus.reviews.update(3783654, 249474, { rating: 4 }),
    returns: (b) => b.sku_review,
  },
  skus_reviews_destroy: { call: (api) => api.skus.reviews.delete(3783654, 249471), returns: () => undefined },
  sku_review_vote_create: {
    call: (api) => api.skus.reviews.vote(3982592, 21943, { helpful: true }),
    returns: (b) => b.sku_review_vote,
  },
  sku_review_flag_create: {
    call: (api) => api.skus.reviews.flag(9783213, 240896, { reason: 'spam' }),
    returns: (b) => b,
  },
  flags_index: { call: (api) => api.skus.flags(), returns: (b) => b.flags },
  shop_locations_find: {
    call: (api) =>
      api.shops.findLocations({ lat: 40.6008359591154, lng: 22.95681734949468 }).then((p) => p.body),
    returns: (b) => b,
  },
  shop_locations_show_embed_address: {
    call: (api) => api.shops.location(452, 2500, { embed: 'address' }),
    returns: (b) => b.location,
  },
  shop_reviews_with_rating_breakdown: {
    call: (api) =>
      api.shops.reviews(452, { include_meta: 'shop_rating_breakdown', per: 3 }).then((p) => p.body),
    returns: (b) => b,
  },
  favorite_create: { call: (api) => api.favorites.create({ sku_id: 7957675 }), returns: (b) => b.favorite },
  favorite_update: {
    call: (api) => api.favorites.update(17832353, { have_it: true }),
    returns: (b) => b.favorite,
  },
  favorites_show: { call: (api) => api.favorites.get(5896665), returns: (b) => b.favorite },
  favorites_index: { call: (api) => api.favorites.list().then((p) => p.body), returns: (b) => b },
  favorite_list_favorites: {
    call: (api) => api.favorites.lists.favorites(861839).then((p) => p.body),
    returns: (b) => b,
  },
  sku_favorite: { call: (api) => api.favorites.forSku(8333136), returns: (b) => b.favorites },
  notifications_index: {
    call: (api) => api.notifications.list({ per: 1 }).then((p) => p.body),
    returns: (b) => b,
  },
  notifications_show: { call: (api) => api.notifications.get(314233664), returns: (b) => b.notification },
  user_addresses_update: {
    call: (api) => api.user.addresses.update(48937, { street_number: '62' }),
    returns: (b) => b.address,
  },
  user_avatars: { call: (api) => api.user.avatars(), returns: (b) => b.avatars },
  user_logout: { call: (api) => api.user.logout(), returns: (b) => b },
};

describe('every recorded answer through its SDK method (strict)', () => {
  it('names every recording', () => {
    expect(Object.keys(CALLS).sort()).toEqual(recordingNames().sort());
  });

  for (const [name, { call, returns }] of Object.entries(CALLS)) {
    it(name, async () => {
      const sandbox = newSandbox();
      const recording = loadRecording(name);
      const { fetch, seen } = replay(sandbox, recording);
      const grant = sandbox.issueUserToken({ scope: SCOPE });
      const api = sandboxClient(sandbox, {
        fetch,
        validation: 'strict',
        clientId: undefined,
        clientSecret: undefined,
        getToken: () => grant,
      });
      const result = await call(api);
      expect(result).toEqual(returns((recording.response.body ?? null) as Record<string, unknown>));
      expect(seen, 'the call reached the recorded path').toHaveLength(1);
      expect(seen[0]?.pathname).toBe(recording.request.path);
    });
  }
});
