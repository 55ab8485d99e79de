import { describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_USERS, type Sandbox } from '../../src/sandbox/index.js';
import { CONDITIONAL, INTRODUCED, SPEC, type SpecEndpoint } from '../fixtures/spec-fields.js';

/**
 * Every field the spec documents for a resource (test/fixtures/spec-fields.json, generated from the
 * spec by scripts/spec-fields.mjs) is in the sandbox's answers that carry that resource, at every
 * version that has the field: a documented field cannot be left out of an answer.
 */

/** Every minor the spec's "Contract changes" table names (a patch is never chosen: it is ignored). */
const VERSIONS = SPEC.versions;
type Version = string;

/** Where an answer carries a resource, and what that place adds or leaves out (with why). */
interface Place {
  path: string;
  resource: string;
  /** Conditional fields this answer must have. */
  also?: string[];
  /** Documented fields this answer leaves out, each with its reason. */
  except?: Record<string, string>;
  /** Only items for which this holds (e.g. one etype). */
  where?: (item: Record<string, unknown>) => boolean;
}

interface Answer {
  /** The spec's endpoint row (`GET /categories/:id`), or null with `why` for one the spec has no row for. */
  endpoint: string | null;
  why?: string;
  who: 'app' | keyof typeof SANDBOX_USERS;
  method?: string;
  /** `{id}` is the id the `before` request created. */
  path: string;
  body?: unknown;
  /** A request that makes the record this one reads, changes or deletes. */
  before?: { method: string; path: string; body?: unknown; id: (body: Record<string, unknown>) => unknown };
  /** The version that brought the endpoint. */
  since?: string;
  places: Place[];
  /** Fields of the answer beyond its resources (meta), from the spec's endpoint sections. */
  meta?: Record<string, string>;
}

const PAGINATED: Place = { path: 'meta.pagination', resource: 'Pagination' };
const SPELLING: Record<string, string> = {
  onclick_behavior: 'recorded as onclick_behaviour (categories_show)',
};
const PRICE_ETYPES = ['price_drop', 'price_up'];

const REVIEWED_SKU = 2161866;
/** Alice's review of REVIEWED_SKU, written first (her own reviews start empty). */
const OWN_REVIEW = {
  method: 'POST',
  path: `/skus/${REVIEWED_SKU}/reviews`,
  body: {
    review: {
      rating: 4,
      answer_ids: [504, 529],
      review: 'Καλό κινητό για τα λεφτά του, με μπαταρία που βγάζει τη μέρα.',
    },
  },
  id: (body: Record<string, unknown>) => (body.sku_review as { id: number }).id,
};
const NEW_ADDRESS = {
  method: 'POST',
  path: '/user/addresses',
  body: { label: 'work', full: 'Ερμού 10, 10563 Αθήνα' },
  id: (body: Record<string, unknown>) => (body.address as { id: number }).id,
};
const NEW_LIST = {
  method: 'POST',
  path: '/favorite_lists',
  body: { favorite_list: { name: 'Trips' } },
  id: (body: Record<string, unknown>) => (body.favorite_list as { id: number }).id,
};
const SKU_REVIEW: Place = {
  path: 'sku_review',
  resource: 'SKU review',
  // A review just written has no one's vote or flag on it yet.
  except: {
    voted: 'the author’s own new review',
    flagged: 'the author’s own new review',
    helpful: 'the author’s own new review',
  },
};
const ADDRESS: Place = { path: 'address', resource: 'Address (user)' };
/** Alice's newest favorite, looked up (the first of her list) rather than named by id. */
const NEWEST_FAVORITE = {
  method: 'GET',
  path: '/favorites?per=1',
  id: (body: Record<string, unknown>) => (body.favorites as { id: number }[])[0]?.id,
};

const ANSWERS: Answer[] = [
  {
    endpoint: 'GET /search',
    who: 'app',
    path: '/search?q=galaxy',
    places: [
      { path: '', resource: 'Search result' },
      { path: 'categories[]', resource: 'Category', also: ['match_count'] },
      PAGINATED,
    ],
  },
  {
    endpoint: 'GET /search',
    who: 'app',
    path: '/search?q=ipone',
    places: [{ path: '', resource: 'Search result' }, PAGINATED],
  },
  {
    endpoint: 'GET /autocomplete',
    who: 'app',
    path: '/autocomplete?q=gal',
    places: [{ path: 'autocomplete[]', resource: 'Autocomplete entry' }],
  },
  {
    endpoint: 'GET /categories',
    who: 'app',
    path: '/categories?per=5',
    places: [{ path: 'categories[]', resource: 'Category' }, PAGINATED],
  },
  {
    endpoint: 'GET /categories/:id',
    who: 'app',
    path: '/categories/88',
    places: [
      {
        path: 'category',
        resource: 'Category',
        also: ['reviewable', 'adult', 'show_spec_summary', 'unit_price_label'],
        except: SPELLING,
      },
    ],
  },
  {
    endpoint: 'GET /categories/:id/parent',
    who: 'app',
    path: '/categories/40/parent',
    places: [{ path: 'category', resource: 'Category' }],
  },
  {
    endpoint: 'GET /categories/root',
    who: 'app',
    path: '/categories/root',
    places: [{ path: 'category', resource: 'Category' }],
  },
  {
    endpoint: 'GET /categories/:id/children',
    who: 'app',
    path: '/categories/252/children',
    places: [{ path: 'categories[]', resource: 'Category' }, PAGINATED],
  },
  {
    endpoint: 'GET /categories/:id/specifications',
    who: 'app',
    path: '/categories/40/specifications?include=group',
    since: '3.1.1',
    places: [
      { path: 'specifications[]', resource: 'Specification', also: ['group_id'] },
      { path: 'groups[]', resource: 'Specification: Group' },
    ],
  },
  {
    endpoint: 'GET /categories/:id/manufacturers',
    who: 'app',
    path: '/categories/40/manufacturers?order_by=name&per=3',
    places: [{ path: 'manufacturers[]', resource: 'Manufacturer' }, PAGINATED],
  },
  {
    endpoint: 'GET /categories/:id/favorites',
    who: 'alice',
    path: '/categories/40/favorites',
    places: [{ path: 'favorites[]', resource: 'Favorite' }, PAGINATED],
  },
  {
    endpoint: 'GET /categories/:category_id/skus',
    who: 'alice',
    path: '/categories/40/skus?per=3',
    places: [{ path: 'skus[]', resource: 'SKU', also: ['favorited'] }, PAGINATED],
    meta: { ordered_by: '3.0', order_by_methods: '3.2.0' },
  },
  {
    endpoint: 'GET /categories/:category_id/skus',
    who: 'app',
    path: '/categories/40/skus?per=3&q=galaxy&order_by=rating&order_dir=desc&include_meta=available_filters',
    places: [{ path: 'skus[]', resource: 'SKU' }, PAGINATED],
    meta: {
      ordered_by: '3.0',
      order_by_methods: '3.2.0',
      'available_filters.filters': '3.0',
      'available_filters.manufacturers': '3.0',
      'available_filters.shops': '3.2.1',
    },
  },
  {
    endpoint: 'GET /categories/:category_id/skus',
    who: 'app',
    path: '/categories/40/skus?per=3&manufacturer_ids[]=417&include_meta=applied_filters',
    places: [{ path: 'skus[]', resource: 'SKU' }, PAGINATED],
    meta: { ordered_by: '3.0', order_by_methods: '3.2.0', applied_filters: '3.0' },
  },
  {
    endpoint: 'GET /categories/:category_id/filter_groups',
    who: 'app',
    path: '/categories/40/filter_groups',
    places: [{ path: 'filter_groups[]', resource: 'Filter group' }, PAGINATED],
  },
  {
    endpoint: 'GET /manufacturers',
    who: 'app',
    path: '/manufacturers?per=3',
    places: [{ path: 'manufacturers[]', resource: 'Manufacturer' }, PAGINATED],
  },
  {
    endpoint: 'GET /manufacturers/:id',
    who: 'app',
    path: '/manufacturers/28',
    places: [{ path: 'manufacturer', resource: 'Manufacturer' }],
  },
  {
    endpoint: 'GET /manufacturers/:id/categories',
    who: 'app',
    path: '/manufacturers/28/categories?per=3',
    places: [{ path: 'categories[]', resource: 'Category' }, PAGINATED],
  },
  {
    endpoint: 'GET /manufacturers/:id/skus',
    who: 'app',
    path: '/manufacturers/28/skus?per=3',
    places: [{ path: 'skus[]', resource: 'SKU' }, PAGINATED],
    meta: { ordered_by: '3.2.0', order_by_methods: '3.2.0' },
  },
  {
    endpoint: null,
    why: 'the spec says the shape of a single SKU record is not shown, and names no path',
    who: 'app',
    path: `/skus/${REVIEWED_SKU}`,
    places: [{ path: 'sku', resource: 'SKU' }],
  },
  {
    endpoint: null,
    why: 'similar SKUs: a recorded endpoint (skus_similar) the spec has no row for',
    who: 'app',
    path: `/skus/${REVIEWED_SKU}/similar`,
    places: [{ path: 'skus[]', resource: 'SKU' }, PAGINATED],
  },
  {
    endpoint: null,
    why: 'finding locations near a point: a recorded endpoint (shop_locations_find) the spec has no row for',
    who: 'app',
    path: '/locations/find?lat=40.6008359591154&lng=22.95681734949468',
    places: [{ path: 'locations[]', resource: 'Shop location' }, PAGINATED],
  },
  {
    endpoint: 'GET /products/:id',
    who: 'alice',
    path: '/products/25811843?embed=shop',
    places: [
      { path: 'product', resource: 'Product', also: ['shop'] },
      { path: 'product.shop', resource: 'Shop' },
    ],
  },
  {
    endpoint: 'GET /skus/:id/products',
    who: 'app',
    path: `/skus/${REVIEWED_SKU}/products`,
    places: [{ path: 'products[]', resource: 'Product' }, PAGINATED],
    meta: { ordered_by: '3.2.0', order_by_methods: '3.2.0' },
  },
  {
    endpoint: 'GET /skus/:id/product_cards',
    who: 'app',
    path: `/skus/${REVIEWED_SKU}/product_cards`,
    places: [
      { path: 'product_cards[].cards[]', resource: 'Product card groups: Each card', also: ['reseller'] },
      { path: 'product_cards[].cards[].products[]', resource: 'Product', also: ['color'] },
      { path: 'product_cards[].cards[].shop', resource: 'Shop' },
    ],
    meta: { ordered_by: '3.2.0', order_by_methods: '3.2.0' },
  },
  {
    endpoint: 'GET /skus/:id/specifications',
    who: 'app',
    path: `/skus/${REVIEWED_SKU}/specifications`,
    places: [{ path: 'specifications[]', resource: 'Specification' }],
  },
  {
    endpoint: 'GET /skus/:id/reviews',
    who: 'alice',
    path: '/skus/2238062/reviews?include_meta=sku_rating_breakdown',
    places: [
      {
        path: 'reviews[]',
        resource: 'SKU review',
        also: ['voted', 'flagged', 'helpful'],
        except: { sku_id: 'the recorded review list (skus_reviews) leaves it out' },
      },
      PAGINATED,
    ],
    meta: { sku_rating_breakdown: '3.0' },
  },
  {
    endpoint: 'GET /skus/:id/reviews',
    who: 'app',
    path: '/skus/2238062/reviews?include_meta=sku_reviews_aggregation&sort=most_helpful',
    places: [
      {
        path: 'reviews[]',
        resource: 'SKU review',
        except: { sku_id: 'the recorded review list (skus_reviews) leaves it out' },
      },
      PAGINATED,
    ],
    meta: { sku_reviews_aggregation: '3.1.3' },
  },
  {
    endpoint: 'GET /skus/:id/reviews/new',
    who: 'alice',
    path: `/skus/${REVIEWED_SKU}/reviews/new`,
    places: [{ path: 'review_form', resource: 'Review form' }],
  },
  {
    endpoint: 'POST /skus/:id/reviews',
    who: 'alice',
    method: OWN_REVIEW.method,
    path: OWN_REVIEW.path,
    body: OWN_REVIEW.body,
    since: '3.2.0',
    places: [SKU_REVIEW],
  },
  {
    endpoint: 'GET /skus/:id/reviews/:id/edit',
    who: 'alice',
    before: OWN_REVIEW,
    path: `/skus/${REVIEWED_SKU}/reviews/{id}/edit`,
    since: '3.2.0',
    // `selected` is on the chosen answers, not the form: the answers test (sku-reviews) checks it.
    places: [{ path: 'review_form', resource: 'Review form', also: ['rating', 'review'] }],
  },
  {
    endpoint: 'PUT /skus/:id/reviews/:id',
    who: 'alice',
    method: 'PUT',
    before: OWN_REVIEW,
    path: `/skus/${REVIEWED_SKU}/reviews/{id}`,
    body: { review: { rating: 5 } },
    since: '3.2.0',
    places: [SKU_REVIEW],
  },
  {
    endpoint: 'DELETE /skus/:id/reviews/:id',
    who: 'alice',
    method: 'DELETE',
    before: OWN_REVIEW,
    path: `/skus/${REVIEWED_SKU}/reviews/{id}`,
    since: '3.2.0',
    places: [],
  },
  {
    endpoint: 'POST /skus/:sku_id/reviews/:review_id/votes',
    who: 'alice',
    method: 'POST',
    path: `/skus/${REVIEWED_SKU}/reviews/150024/votes?vote[helpful]=true&embed=sku_review`,
    places: [
      { path: 'sku_review_vote', resource: 'SKU review vote' },
      { path: 'sku_review_vote.sku_review', resource: 'SKU review', also: ['voted', 'flagged', 'helpful'] },
    ],
  },
  {
    endpoint: 'POST /skus/:sku_id/reviews/:review_id/flags',
    who: 'alice',
    method: 'POST',
    path: `/skus/${REVIEWED_SKU}/reviews/150024/flags?flag[reason]=spam`,
    places: [{ path: '', resource: 'Flag (created record)' }],
  },
  {
    endpoint: 'GET /flags',
    who: 'app',
    path: '/flags',
    places: [{ path: 'flags[]', resource: 'Flag (definition)' }],
  },
  {
    endpoint: 'GET /skus/:id/price_history',
    who: 'app',
    path: `/skus/${REVIEWED_SKU}/price_history`,
    places: [],
  },
  {
    endpoint: 'GET /shops/:shop_id/products/search',
    who: 'app',
    path: '/shops/2798/products/search?shop_uid=826811',
    // The spec shows no shape, but what it finds are Products: each with every Product field.
    places: [{ path: 'products[]', resource: 'Product' }, PAGINATED],
  },
  {
    endpoint: 'GET /shops/:id',
    who: 'app',
    path: '/shops/452',
    places: [{ path: 'shop', resource: 'Shop' }],
  },
  {
    endpoint: 'GET /shops/:id/reviews',
    who: 'app',
    path: '/shops/452/reviews?include_meta=shop_rating_breakdown',
    places: [{ path: 'reviews[]', resource: 'Shop review' }, PAGINATED],
    meta: { shop_rating_breakdown: '3.0' },
  },
  {
    endpoint: 'GET /shops/:shop_id/locations',
    who: 'app',
    path: '/shops/452/locations?embed=address',
    places: [{ path: 'locations[]', resource: 'Shop location', also: ['address'] }, PAGINATED],
  },
  {
    endpoint: 'GET /shops/:shop_id/locations/:id',
    who: 'app',
    path: '/shops/452/locations/2500?embed=address',
    places: [{ path: 'location', resource: 'Shop location', also: ['address'] }],
  },
  {
    endpoint: 'GET /shops/search',
    who: 'app',
    path: '/shops/search?q=shop',
    places: [
      {
        path: 'shops[]',
        resource: 'Shop',
        except: { 'shipping.shipping_cost_enabled': 'spec, Shop: absent in shop search results' },
      },
      PAGINATED,
    ],
  },
  {
    endpoint: 'GET /favorite_lists',
    who: 'alice',
    path: '/favorite_lists',
    places: [{ path: 'favorite_lists[]', resource: 'Favorite list' }, PAGINATED],
  },
  {
    endpoint: 'POST /favorite_lists',
    who: 'alice',
    method: 'POST',
    path: NEW_LIST.path,
    body: NEW_LIST.body,
    places: [{ path: 'favorite_list', resource: 'Favorite list', also: ['type'] }],
  },
  {
    endpoint: 'DELETE /favorite_lists/:id',
    who: 'alice',
    method: 'DELETE',
    before: NEW_LIST,
    path: '/favorite_lists/{id}',
    places: [],
  },
  {
    endpoint: 'GET /favorites',
    who: 'alice',
    path: '/favorites',
    places: [{ path: 'favorites[]', resource: 'Favorite' }, PAGINATED],
  },
  {
    endpoint: 'GET /favorites',
    who: 'alice',
    path: '/favorites?owned=true',
    since: '3.2.0',
    places: [{ path: 'favorites[]', resource: 'Favorite' }, PAGINATED],
  },
  {
    endpoint: 'GET /favorite_lists/:id/favorites',
    who: 'alice',
    path: '/favorite_lists/-40/favorites',
    places: [{ path: 'favorites[]', resource: 'Favorite' }, PAGINATED],
  },
  {
    endpoint: 'GET /favorites/:id',
    who: 'alice',
    before: NEWEST_FAVORITE,
    path: '/favorites/{id}',
    places: [{ path: 'favorite', resource: 'Favorite' }],
  },
  {
    endpoint: 'POST /favorites',
    who: 'alice',
    method: 'POST',
    path: '/favorites',
    body: { favorite: { sku_id: REVIEWED_SKU } },
    places: [{ path: 'favorite', resource: 'Favorite' }],
  },
  {
    endpoint: 'PUT /favorites/:id',
    who: 'alice',
    method: 'PUT',
    before: NEWEST_FAVORITE,
    path: '/favorites/{id}',
    body: { favorite: { have_it: true } },
    places: [{ path: 'favorite', resource: 'Favorite' }],
  },
  {
    endpoint: 'DELETE /favorites/:id',
    who: 'alice',
    method: 'DELETE',
    before: NEWEST_FAVORITE,
    path: '/favorites/{id}',
    places: [],
  },
  { endpoint: 'GET /user', who: 'alice', path: '/user', places: [{ path: 'user', resource: 'User' }] },
  {
    endpoint: 'PATCH /user',
    who: 'alice',
    method: 'PATCH',
    path: '/user',
    body: { birthyear: 1990 },
    since: '3.2.0',
    places: [{ path: 'user', resource: 'User' }],
  },
  { endpoint: 'GET /user/avatars', who: 'alice', path: '/user/avatars', places: [] },
  {
    endpoint: 'GET /user/addresses',
    who: 'bob',
    path: '/user/addresses',
    places: [{ path: 'addresses[]', resource: 'Address (user)' }],
  },
  {
    endpoint: 'GET /user/addresses/new',
    who: 'bob',
    path: '/user/addresses/new',
    places: [
      {
        path: 'address_form',
        resource: 'Address form',
        except: { address_form: 'the spec names the envelope key among the fields; `required` is inside it' },
      },
    ],
  },
  {
    endpoint: 'POST /user/addresses',
    who: 'bob',
    method: 'POST',
    path: NEW_ADDRESS.path,
    body: NEW_ADDRESS.body,
    since: '3.2.0',
    places: [ADDRESS],
  },
  {
    endpoint: 'PUT /user/addresses/:id',
    who: 'bob',
    method: 'PUT',
    before: NEW_ADDRESS,
    path: '/user/addresses/{id}',
    body: { label: 'office' },
    since: '3.2.0',
    places: [ADDRESS],
  },
  {
    endpoint: 'DELETE /user/addresses/:id',
    who: 'bob',
    method: 'DELETE',
    before: NEW_ADDRESS,
    path: '/user/addresses/{id}',
    since: '3.2.0',
    places: [],
  },
  {
    endpoint: 'GET /user/saved_orders',
    who: 'alice',
    path: '/user/saved_orders',
    since: '3.2.0',
    places: [
      { path: 'saved_orders[]', resource: 'Saved order' },
      { path: 'saved_orders[].line_items[]', resource: 'Saved order: A line item' },
      PAGINATED,
    ],
  },
  { endpoint: 'DELETE /user/logout', who: 'alice', method: 'DELETE', path: '/user/logout', places: [] },
  {
    endpoint: 'GET /notifications',
    who: 'bob',
    path: '/notifications?per=50',
    places: [
      { path: 'notifications[]', resource: 'Notification', except: snapshotOfOtherEtypes() },
      {
        path: 'notifications[]',
        resource: 'Notification',
        also: ['sku', 'category_name'],
        where: (n) => PRICE_ETYPES.includes(String(n.etype)),
      },
      PAGINATED,
    ],
  },
  {
    endpoint: 'GET /notifications/:id',
    who: 'bob',
    path: '/notifications/314374039',
    places: [{ path: 'notification', resource: 'Notification' }],
  },
  {
    endpoint: 'POST /notifications/view',
    who: 'bob',
    method: 'POST',
    path: '/notifications/view',
    body: { ids: [314374039] },
    places: [],
  },
];

/** The spec documents the snapshot's fields for price changes only ("not shown" for the others). */
function snapshotOfOtherEtypes(): Record<string, string> {
  return {
    'snapshot.price_min': 'snapshot fields are documented for price changes only',
    'snapshot.latest_price': 'snapshot fields are documented for price changes only',
    'snapshot.change_rate': 'snapshot fields are documented for price changes only',
  };
}

function atLeast(version: Version, since: string): boolean {
  const [a = 0, b = 0] = version.split('.').map(Number);
  const [c = 0, d = 0] = since.split('.').map(Number);
  // A minor is served at its latest patch, so 3.1 has every 3.1.x field.
  return a > c || (a === c && b >= d);
}

/** The values at `path` (`a.b[].c`): arrays spread, missing parts give nothing. */
function valuesAt(value: unknown, path: string): unknown[] {
  if (path === '') return [value];
  let current: unknown[] = [value];
  for (const part of path.split('.')) {
    const key = part.replace(/\[\]$/, '');
    const spread = part.endsWith('[]');
    current = current.flatMap((item) => {
      if (item === null || typeof item !== 'object') return [];
      const child = (item as Record<string, unknown>)[key];
      if (child === undefined) return [];
      return spread ? (Array.isArray(child) ? child : []) : [child];
    });
  }
  return current;
}

/**
 * `a.b[].c` missing from `item`: its last part is absent where its parent is there. A parent that
 * is absent, null or empty hides the rest (the parent is a field of its own, checked by itself).
 */
function missingIn(item: Record<string, unknown>, field: string): boolean {
  const parts = field.split('.');
  let current: unknown[] = [item];
  for (const [index, part] of parts.entries()) {
    const key = part.replace(/\[\]$/, '');
    const next: unknown[] = [];
    for (const value of current) {
      if (value === null || typeof value !== 'object') continue;
      if (!(key in value)) return index === parts.length - 1;
      const child = (value as Record<string, unknown>)[key];
      if (part.endsWith('[]')) next.push(...(Array.isArray(child) ? child : []));
      else next.push(child);
    }
    current = next;
  }
  return false;
}

/** The fields `place` must have at `version`. */
function required(place: Place, version: Version): string[] {
  const fields = SPEC.resources[place.resource];
  if (!fields) throw new Error(`no resource ${place.resource} in spec-fields.json`);
  const conditional = CONDITIONAL[place.resource] ?? {};
  const introduced = INTRODUCED[place.resource] ?? {};
  return fields
    .filter((field) => !field.optional)
    .map((field) => field.name)
    .filter((name) => !(name in conditional) || place.also?.includes(name))
    .filter((name) => !(name in (place.except ?? {})))
    .filter((name) => {
      const since = introduced[name] ?? introduced[name.split('.')[0] ?? ''];
      return since === undefined || atLeast(version, since);
    });
}

type Sent = { status: number; body: unknown };

async function send(
  sandbox: Sandbox,
  token: string,
  version: Version,
  request: { method?: string; path: string; body?: unknown },
): Promise<Sent> {
  const response = await sandbox.fetch(`${sandbox.baseUrl}${request.path}`, {
    method: request.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: `application/vnd.skroutz+json; version=${version}`,
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

async function answer(sandbox: Sandbox, item: Answer, version: Version): Promise<Sent> {
  const token =
    item.who === 'app'
      ? sandbox.issueToken({ scope: 'public publish_sku_review_actions' })
      : sandbox.issueUserToken({
          userId: SANDBOX_USERS[item.who],
          scope: 'public favorites notifications publish_sku_review_actions',
        }).access_token;
  let path = item.path;
  if (item.before) {
    const made = await send(sandbox, token, version, item.before);
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300);
    path = path.replace('{id}', String(item.before.id(made.body as Record<string, unknown>)));
  }
  return send(sandbox, token, version, { method: item.method, path, body: item.body });
}

/** The spec's row for `item`'s endpoint. */
function endpointOf(item: Answer): SpecEndpoint | undefined {
  return SPEC.endpoints.find((e) => `${e.method} ${e.path}` === item.endpoint);
}

describe('the sandbox sends every field the spec documents', () => {
  it('every resource of the spec is walked in some answer, and every name used is the spec’s', () => {
    const walked = new Set(ANSWERS.flatMap((a) => a.places.map((p) => p.resource)));
    expect([...walked].sort()).toEqual(Object.keys(SPEC.resources).sort());
    for (const [resource, names] of Object.entries({ ...CONDITIONAL, ...INTRODUCED })) {
      const documented = (SPEC.resources[resource] ?? []).map((f) => f.name);
      for (const name of Object.keys(names)) expect(documented, `${resource}.${name}`).toContain(name);
    }
  });

  it('every endpoint of the spec is asked, in every version the spec names', () => {
    const asked = new Set(ANSWERS.map((a) => a.endpoint));
    const rows = SPEC.endpoints.map((e) => `${e.method} ${e.path}`);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((row) => !asked.has(row))).toEqual([]);
    // An answer names a row the spec has, or says why the spec has none.
    for (const item of ANSWERS) {
      if (item.endpoint === null) expect(item.why, item.path).toBeTruthy();
      else expect(rows, item.path).toContain(item.endpoint);
      expect(item.method ?? 'GET', item.path).toBe(item.endpoint?.split(' ')[0] ?? 'GET');
    }
    expect(VERSIONS).toEqual(['3.0', '3.1', '3.2']);
  });

  for (const version of VERSIONS) {
    for (const item of ANSWERS) {
      if (item.since && !atLeast(version, item.since)) continue;
      it(`${version} ${item.method ?? 'GET'} ${item.path}`, async () => {
        const sandbox = createSandbox();
        const { status, body } = await answer(sandbox, item, version);
        const row = endpointOf(item);
        if (row) expect(status, JSON.stringify(body)).toBe(row.status);
        else expect(status, JSON.stringify(body)).toBe(200);
        if (status === 204) expect(body).toBeNull();
        // The answer's top-level keys, as the endpoint table writes its response (`{skus, meta}`).
        const keys = body !== null && typeof body === 'object' ? Object.keys(body) : [];
        for (const key of row?.keys ?? []) expect(keys, `${item.endpoint}: ${key}`).toContain(key);
        if (row && !row.shown) expect(body, 'an answer with a body').not.toBeNull();
        const missing: string[] = [];
        for (const place of item.places) {
          const found = valuesAt(body, place.path).filter(
            (v): v is Record<string, unknown> => v !== null && typeof v === 'object',
          );
          const items = place.where ? found.filter(place.where) : found;
          expect(items.length, `${place.path} holds a ${place.resource}`).toBeGreaterThan(0);
          for (const object of items) {
            for (const field of required(place, version)) {
              if (missingIn(object, field)) missing.push(`${place.path}.${field}`);
            }
          }
        }
        for (const [field, since] of Object.entries(item.meta ?? {})) {
          if (!atLeast(version, since)) continue;
          // `meta` itself is asked for: an answer without it lacks every field inside it.
          const whole = `meta.${field}`.split('.');
          for (let end = 1; end <= whole.length; end++) {
            const path = whole.slice(0, end).join('.');
            if (missingIn(body as Record<string, unknown>, path)) missing.push(path);
          }
        }
        expect([...new Set(missing)]).toEqual([]);
      });
    }
  }

  it('a field left out is seen', () => {
    const product = { id: 1, name: 'x', blp: { shipping_cost: 1 } };
    expect(missingIn(product, 'blp.final_price')).toBe(true);
    expect(missingIn(product, 'sku_id')).toBe(true);
    expect(missingIn({ blp: null }, 'blp.final_price')).toBe(false);
    expect(missingIn({}, 'd.n')).toBe(false);
    expect(required({ path: 'product', resource: 'Product' }, '3.1')).not.toContain('blp');
    expect(required({ path: 'product', resource: 'Product' }, '3.2')).toContain('blp.shipping_cost');
  });
});
