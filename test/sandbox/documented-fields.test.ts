import { describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_USERS, type Sandbox } from '../../src/sandbox/index.js';
import { CONDITIONAL, INTRODUCED, SPEC } from '../fixtures/spec-fields.js';

/**
 * Every field the spec documents for a resource (test/fixtures/spec-fields.json, generated from the
 * spec by scripts/spec-fields.mjs) is in the sandbox's answers that carry that resource, at every
 * version that has the field: a documented field cannot be left out of an answer.
 */

const VERSIONS = ['3.0', '3.1', '3.2'] as const;
type Version = (typeof VERSIONS)[number];

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
  who: 'app' | keyof typeof SANDBOX_USERS;
  method?: string;
  path: string;
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

const ANSWERS: Answer[] = [
  {
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
    who: 'app',
    path: '/categories/252/children',
    places: [{ path: 'categories[]', resource: 'Category' }, PAGINATED],
  },
  {
    who: 'alice',
    path: '/categories/40/skus?per=3',
    places: [{ path: 'skus[]', resource: 'SKU', also: ['favorited'] }, PAGINATED],
    meta: { ordered_by: '3.0', order_by_methods: '3.2.0' },
  },
  {
    who: 'app',
    path: '/manufacturers/28/skus?per=3',
    places: [{ path: 'skus[]', resource: 'SKU' }, PAGINATED],
    meta: { ordered_by: '3.2.0', order_by_methods: '3.2.0' },
  },
  { who: 'app', path: '/skus/2161866/similar', places: [{ path: 'skus[]', resource: 'SKU' }, PAGINATED] },
  { who: 'app', path: '/skus/2161866', places: [{ path: 'sku', resource: 'SKU' }] },
  {
    who: 'app',
    path: '/manufacturers?per=3',
    places: [{ path: 'manufacturers[]', resource: 'Manufacturer' }, PAGINATED],
  },
  { who: 'app', path: '/manufacturers/28', places: [{ path: 'manufacturer', resource: 'Manufacturer' }] },
  {
    who: 'app',
    path: '/manufacturers/28/categories?per=3',
    places: [{ path: 'categories[]', resource: 'Category' }, PAGINATED],
  },
  {
    who: 'app',
    path: '/search?q=galaxy',
    places: [
      { path: '', resource: 'Search result' },
      { path: 'categories[]', resource: 'Category', also: ['match_count'] },
      PAGINATED,
    ],
  },
  { who: 'app', path: '/search?q=ipone', places: [{ path: '', resource: 'Search result' }, PAGINATED] },
  {
    who: 'app',
    path: '/autocomplete?q=gal',
    places: [{ path: 'autocomplete[]', resource: 'Autocomplete entry' }],
  },
  {
    who: 'alice',
    path: '/products/25811843?embed=shop',
    places: [
      { path: 'product', resource: 'Product', also: ['shop'] },
      { path: 'product.shop', resource: 'Shop' },
    ],
  },
  {
    who: 'app',
    path: '/skus/2161866/products',
    places: [{ path: 'products[]', resource: 'Product' }, PAGINATED],
    meta: { ordered_by: '3.2.0' },
  },
  {
    who: 'app',
    path: '/skus/2161866/product_cards',
    places: [
      { path: 'product_cards[].cards[]', resource: 'Product card groups: Each card', also: ['reseller'] },
      { path: 'product_cards[].cards[].products[]', resource: 'Product', also: ['color'] },
      { path: 'product_cards[].cards[].shop', resource: 'Shop' },
    ],
  },
  { who: 'app', path: '/shops/452', places: [{ path: 'shop', resource: 'Shop' }] },
  {
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
    who: 'app',
    path: '/shops/452/reviews?include_meta=shop_rating_breakdown',
    places: [{ path: 'reviews[]', resource: 'Shop review' }, PAGINATED],
    meta: { shop_rating_breakdown: '3.0' },
  },
  {
    who: 'app',
    path: '/shops/452/locations?embed=address',
    places: [{ path: 'locations[]', resource: 'Shop location', also: ['address'] }, PAGINATED],
  },
  {
    who: 'app',
    path: '/shops/452/locations/2500',
    places: [{ path: 'location', resource: 'Shop location' }],
  },
  {
    who: 'app',
    path: '/locations/find?lat=40.6008359591154&lng=22.95681734949468',
    places: [{ path: 'locations[]', resource: 'Shop location' }, PAGINATED],
  },
  {
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
    who: 'alice',
    method: 'POST',
    path: '/skus/2161866/reviews/150097/votes?vote[helpful]=true&embed=sku_review',
    places: [
      { path: 'sku_review_vote', resource: 'SKU review vote' },
      { path: 'sku_review_vote.sku_review', resource: 'SKU review', also: ['voted', 'flagged', 'helpful'] },
    ],
  },
  {
    who: 'alice',
    method: 'POST',
    path: '/skus/2161866/reviews/150097/flags?flag[reason]=spam',
    places: [{ path: '', resource: 'Flag (created record)' }],
  },
  { who: 'app', path: '/flags', places: [{ path: 'flags[]', resource: 'Flag (definition)' }] },
  {
    who: 'alice',
    path: '/skus/2161866/reviews/new',
    places: [{ path: 'review_form', resource: 'Review form' }],
  },
  {
    who: 'app',
    path: '/categories/40/specifications?include=group',
    since: '3.1.1',
    places: [
      { path: 'specifications[]', resource: 'Specification', also: ['group_id'] },
      { path: 'groups[]', resource: 'Specification: Group' },
    ],
  },
  {
    who: 'app',
    path: '/skus/2161866/specifications',
    places: [{ path: 'specifications[]', resource: 'Specification' }],
  },
  {
    who: 'app',
    path: '/categories/40/filter_groups',
    places: [{ path: 'filter_groups[]', resource: 'Filter group' }, PAGINATED],
  },
  {
    who: 'alice',
    path: '/favorite_lists',
    places: [{ path: 'favorite_lists[]', resource: 'Favorite list' }, PAGINATED],
  },
  {
    who: 'alice',
    method: 'POST',
    path: '/favorite_lists?favorite_list[name]=Trips',
    places: [{ path: 'favorite_list', resource: 'Favorite list', also: ['type'] }],
  },
  { who: 'alice', path: '/favorites', places: [{ path: 'favorites[]', resource: 'Favorite' }, PAGINATED] },
  { who: 'alice', path: '/favorites/7993706', places: [{ path: 'favorite', resource: 'Favorite' }] },
  { who: 'alice', path: '/user', places: [{ path: 'user', resource: 'User' }] },
  { who: 'bob', path: '/user/addresses', places: [{ path: 'addresses[]', resource: 'Address (user)' }] },
  {
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
    who: 'alice',
    path: '/user/saved_orders',
    since: '3.2.0',
    places: [
      { path: 'saved_orders[]', resource: 'Saved order' },
      { path: 'saved_orders[].line_items[]', resource: 'Saved order: A line item' },
      PAGINATED,
    ],
  },
  {
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
  const [c = 0, d = 0, e = 0] = since.split('.').map(Number);
  // A minor is served at its latest patch, so 3.1 has every 3.1.x field.
  return a > c || (a === c && (b > d || (b === d && e >= 0)));
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

async function answer(
  sandbox: Sandbox,
  item: Answer,
  version: Version,
): Promise<{ status: number; body: unknown }> {
  const token =
    item.who === 'app'
      ? sandbox.issueToken({ scope: 'public publish_sku_review_actions' })
      : sandbox.issueUserToken({
          userId: SANDBOX_USERS[item.who],
          scope: 'public favorites notifications publish_sku_review_actions',
        }).access_token;
  const response = await sandbox.fetch(`${sandbox.baseUrl}${item.path}`, {
    method: item.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, Accept: `application/vnd.skroutz+json; version=${version}` },
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
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

  for (const version of VERSIONS) {
    for (const item of ANSWERS) {
      if (item.since && !atLeast(version, item.since)) continue;
      it(`${version} ${item.method ?? 'GET'} ${item.path}`, async () => {
        const sandbox = createSandbox();
        const { status, body } = await answer(sandbox, item, version);
        expect(status, JSON.stringify(body)).toBeLessThan(300);
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
          if (atLeast(version, since) && missingIn(body as Record<string, unknown>, `meta.${field}`))
            missing.push(`meta.${field}`);
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
