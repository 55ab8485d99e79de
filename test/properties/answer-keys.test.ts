/**
 * Every answer schema the package exports, against real and sandbox answers: with any one key the
 * schema does not require removed the answer still validates; with a required key removed it fails,
 * and the failure names that key's path. Which keys are optional follows the spec: a key it marks
 * "can be null or absent", shows only in some answers, or dates after 3.0.23 is optional; any other
 * it documents is required, but for the exceptions listed with their reasons.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as sdk from '../../src/index.js';
import { createSandbox, SANDBOX_USERS } from '../../src/sandbox/index.js';
import { CONDITIONAL, INTRODUCED, SPEC } from '../fixtures/spec-fields.js';

type Schema = z.core.$ZodType;
type Json = Record<string, unknown>;
type Path = (string | number)[];

const SCHEMAS = Object.fromEntries(
  Object.entries(sdk).filter(([name]) => name.endsWith('Schema')) as [string, Schema][],
);

const RECORDED = new URL('../fixtures/recorded/', import.meta.url);
function recorded(name: string): unknown {
  return (
    JSON.parse(readFileSync(new URL(`${name}.json`, RECORDED), 'utf8')) as { response: { body: unknown } }
  ).response.body;
}

const sandbox = createSandbox();
const scope = 'public favorites notifications publish_sku_review_actions';
const tokens = {
  app: sandbox.issueToken({ scope }),
  alice: sandbox.issueUserToken({ userId: SANDBOX_USERS.alice, scope }).access_token,
  bob: sandbox.issueUserToken({ userId: SANDBOX_USERS.bob, scope }).access_token,
};
async function ask(path: string, who: keyof typeof tokens = 'app', method = 'GET'): Promise<unknown> {
  const response = await sandbox.fetch(`${sandbox.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${tokens[who]}` },
  });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json();
}

/** An answer of each exported schema that is an answer (or a part no answer below holds). */
const SAMPLES: Record<string, () => Promise<unknown> | unknown> = {
  CategoryEnvelopeSchema: () => recorded('categories_show'),
  CategoryListSchema: () => recorded('children_api_category'),
  ManufacturerEnvelopeSchema: () => recorded('manufacturers_show'),
  ManufacturerListSchema: () => recorded('manufacturers_index'),
  SearchResultSchema: () => recorded('search_category_match'),
  AutocompleteSchema: () => ask('/autocomplete?q=gal'),
  SpecificationListSchema: () => recorded('category_specifications_with_group'),
  FilterGroupListSchema: () => recorded('filter_groups_index'),
  SkuListSchema: () => recorded('category_skus_with_available_filters'),
  SkuEnvelopeSchema: () => ask('/skus/2161866'),
  SimilarSkuListSchema: () => recorded('skus_similar'),
  ProductEnvelopeSchema: () => recorded('products_show'),
  ProductFieldsSchema: () => (recorded('products_show') as { product: unknown }).product,
  SparseProductEnvelopeSchema: () => recorded('fieldsets_product_with_shop_and_root_fields'),
  SparseProductSchema: () => (recorded('fieldsets_product_with_shop_and_association_fields') as Json).product,
  ProductListSchema: () => ask('/skus/2161866/products'),
  ProductCardGroupListSchema: () => ask('/skus/2161866/product_cards'),
  SkuSpecificationListSchema: () => recorded('sku_specifications'),
  PriceHistoryEnvelopeSchema: () => ask('/skus/2161866/price_history'),
  SkuReviewListSchema: () =>
    ask('/skus/2238062/reviews?include_meta=sku_rating_breakdown,sku_reviews_aggregation', 'alice'),
  SkuReviewEnvelopeSchema: () => recorded('skus_reviews_update'),
  ReviewFormEnvelopeSchema: () => recorded('skus_reviews_new'),
  EditReviewFormEnvelopeSchema: async () => {
    const form = (recorded('skus_reviews_new') as { review_form: Json }).review_form;
    return { review_form: { ...form, rating: 4, review: 'Fine' } };
  },
  SkuReviewVoteEnvelopeSchema: () =>
    ask('/skus/2161866/reviews/150024/votes?vote[helpful]=true&embed=sku_review', 'alice', 'POST'),
  SkuReviewVoteFieldsSchema: () => (recorded('sku_review_vote_create') as Json).sku_review_vote,
  FlagListSchema: () => recorded('flags_index'),
  FlagRecordSchema: () => recorded('sku_review_flag_create'),
  ShopEnvelopeSchema: () => ask('/shops/452'),
  ShopListSchema: () => ask('/shops/search?q=shop'),
  ShopReviewListSchema: () => recorded('shop_reviews_with_rating_breakdown'),
  ShopLocationEnvelopeSchema: () => recorded('shop_locations_show_embed_address'),
  ShopLocationListSchema: () => ask('/shops/452/locations?embed=address'),
  ShopLocationFieldsSchema: () => (recorded('shop_locations_find') as { locations: unknown[] }).locations[0],
  FoundLocationListSchema: () => recorded('shop_locations_find'),
  FavoriteEnvelopeSchema: () => recorded('favorite_create'),
  FavoritesSchema: () => recorded('favorites_index'),
  FavoriteListEnvelopeSchema: () => ask('/favorite_lists?favorite_list[name]=Trips', 'alice', 'POST'),
  FavoriteListListSchema: () => ask('/favorite_lists', 'alice'),
  UserEnvelopeSchema: () => ask('/user', 'alice'),
  AvatarListSchema: () => recorded('user_avatars'),
  AddressEnvelopeSchema: () => recorded('user_addresses_update'),
  AddressListSchema: () => ask('/user/addresses', 'bob'),
  AddressFormEnvelopeSchema: () => ask('/user/addresses/new', 'bob'),
  SavedOrderListSchema: () => ask('/user/saved_orders', 'alice'),
  LogoutAnswerSchema: () => recorded('user_logout'),
  NotificationListSchema: () => ask('/notifications?per=50', 'bob'),
  NotificationEnvelopeSchema: () => recorded('notifications_show'),
  OtherNotificationSchema: () => ({
    ...(recorded('notifications_show') as { notification: Json }).notification,
    etype: 'a_type_added_later',
  }),
};

/** Through optional, nullable and unions (the option the value matches) to the schema that parses it. */
function unwrap(schema: Schema, value: unknown): Schema {
  let current = schema;
  for (;;) {
    const def = current._zod.def as { type: string; innerType?: Schema; options?: Schema[] };
    if ((def.type === 'optional' || def.type === 'nullable') && def.innerType) current = def.innerType;
    else if (def.type === 'union' && def.options) {
      current =
        def.options.find((option) => z.safeParse(option, value).success) ?? (def.options[0] as Schema);
    } else return current;
  }
}

/** The schema of the key at `path`, and whether its parent is a record; undefined: the schema does not know it. */
function keyAt(root: Schema, value: unknown, path: Path): { schema: Schema; inRecord: boolean } | undefined {
  let schema = root;
  let current = value;
  let inRecord = false;
  for (const key of path) {
    const def = unwrap(schema, current)._zod.def as {
      type: string;
      shape?: Record<string, Schema>;
      element?: Schema;
      valueType?: Schema;
      catchall?: Schema;
    };
    // An object whose keys are ids or names (`v.catchall(v.object({}), value)`) is a record.
    const known = def.type === 'object' ? def.shape?.[key] : undefined;
    const next =
      def.type === 'object'
        ? (known ?? def.catchall)
        : def.type === 'array'
          ? def.element
          : def.type === 'record'
            ? def.valueType
            : undefined;
    if (!next) return undefined;
    inRecord = def.type === 'record' || (def.type === 'object' && !known);
    schema = next;
    current =
      current !== null && typeof current === 'object'
        ? (current as Record<string | number, unknown>)[key]
        : undefined;
  }
  return { schema, inRecord };
}

/** Every key path of `value`, through arrays (at most two items each: the shape repeats). */
function keyPaths(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (Array.isArray(value)) {
    for (const [i, item] of value.slice(0, 2).entries()) keyPaths(item, [...at, i], out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push([...at, key]);
      keyPaths(item, [...at, key], out);
    }
  }
  return out;
}

function without(value: unknown, path: Path): unknown {
  const copy = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  delete parent[path.at(-1) as string | number];
  return copy;
}

/** The paths zod's issues name, a union's inner issues included. */
function issuePaths(issues: readonly z.core.$ZodIssue[], at: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    const inner =
      issue.code === 'invalid_union' ? issue.errors.flatMap((errors) => issuePaths(errors, path)) : [];
    return [JSON.stringify(path), ...inner];
  });
}

/** Every schema reachable from `schema` (the parts an answer of it exercises). */
function reachable(schema: Schema, out = new Set<Schema>()): Set<Schema> {
  if (out.has(schema)) return out;
  out.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown>;
  for (const key of ['innerType', 'element', 'valueType']) if (def[key]) reachable(def[key] as Schema, out);
  for (const option of (def.options as Schema[] | undefined) ?? []) reachable(option, out);
  for (const child of Object.values((def.shape as Record<string, Schema> | undefined) ?? {}))
    reachable(child, out);
  return out;
}

const isOptional = (schema: Schema): boolean => schema._zod.optin === 'optional';

describe('every answer schema, one key removed', () => {
  it('every exported schema has an answer here, or is part of one that has', () => {
    const covered = new Set<Schema>();
    for (const name of Object.keys(SAMPLES)) {
      expect(SCHEMAS, name).toHaveProperty(name);
      reachable(SCHEMAS[name] as Schema, covered);
    }
    const left = Object.entries(SCHEMAS)
      .filter(([, schema]) => !covered.has(schema))
      .map(([name]) => name);
    expect(left).toEqual([]);
  });

  for (const name of Object.keys(SAMPLES)) {
    it(name, async () => {
      const schema = SCHEMAS[name] as Schema;
      const sample = await (SAMPLES[name] as () => unknown)();
      expect(z.safeParse(schema, sample).error?.issues).toBeUndefined();
      const paths = keyPaths(sample);
      if (paths.length === 0) return;
      fc.assert(
        fc.property(fc.constantFrom(...paths), (path) => {
          const key = keyAt(schema, sample, path);
          const result = z.safeParse(schema, without(sample, path));
          if (!key || key.inRecord || isOptional(key.schema)) {
            expect(result.error?.issues, `${path.join('.')} is not required`).toBeUndefined();
          } else {
            expect(result.success, `${path.join('.')} is required`).toBe(false);
            expect(issuePaths(result.error?.issues ?? [])).toContain(JSON.stringify(path));
          }
        }),
        { numRuns: Math.min(paths.length * 2, 300) },
      );
    });
  }
});

/** Spec resource → the schema of one such object. */
const RESOURCE_SCHEMAS: Record<string, string> = {
  Category: 'CategorySchema',
  Manufacturer: 'ManufacturerSchema',
  SKU: 'SkuSchema',
  Product: 'ProductSchema',
  'Product card groups: Each card': 'ProductCardSchema',
  Shop: 'ShopSchema',
  'Shop location': 'ShopLocationSchema',
  'Shop review': 'ShopReviewSchema',
  'SKU review': 'SkuReviewSchema',
  'SKU review vote': 'SkuReviewVoteSchema',
  'Flag (definition)': 'FlagDefinitionSchema',
  'Flag (created record)': 'FlagRecordSchema',
  'Review form': 'EditReviewFormSchema',
  Specification: 'SpecificationSchema',
  'Specification: Group': 'SpecificationGroupSchema',
  'Filter group': 'FilterGroupSchema',
  'Favorite list': 'FavoriteListSchema',
  Favorite: 'FavoriteSchema',
  User: 'UserSchema',
  'Address (user)': 'AddressSchema',
  'Address form': 'AddressFormEnvelopeSchema',
  'Saved order': 'SavedOrderSchema',
  'Saved order: A line item': 'SavedOrderLineItemSchema',
  Notification: 'PriceChangeNotificationSchema',
  'Search result': 'SearchResultSchema',
  'Autocomplete entry': 'AutocompleteEntrySchema',
  Pagination: 'PaginationSchema',
};

/** Keys the schema leaves optional though the spec shows them always, each with its reason. */
const LOOSER: Record<string, string> = {
  'Product.sizes':
    'the changelog names sizes at 3.0.23 and again at 3.2.1 ("exposes"), so older answers may lack them',
  'Shop.payment_methods.bkm': 'the recorded 3.1 shop has no bkm',
  'Shop.payment_methods.ipara': 'the recorded 3.1 shop has no ipara',
  'SKU review.sku_id': 'the recorded review list (GET /skus/:id/reviews) leaves it out',
  'Specification.order': 'came in 3.0.23; the SDK also reads answers that predate it',
  'Address (user).full': 'the recorded PUT /user/addresses/:id answer has the parts and no full',
  'Notification.sku.click_url': 'a SKU’s click_url can be null or absent (spec, SKU: S?)',
  'Autocomplete entry.i': 'came in 3.0.23; no recording shows an autocomplete answer',
};

/** Conditional keys a schema of that condition requires (the edit form is its own schema). */
const MODELLED: Record<string, string> = {
  'Review form.rating': 'EditReviewFormSchema is the edit form',
  'Review form.review': 'EditReviewFormSchema is the edit form',
};

/** Where a field the spec names at its resource's top sits in the schema. */
const PLACED: Record<string, string> = {
  'Review form.selected': 'questions.0.answers.0.selected',
  'Address form.required': 'address_form.required',
};

describe('which keys are optional follows the spec', () => {
  it('every spec resource has its schema', () => {
    expect(Object.keys(RESOURCE_SCHEMAS).sort()).toEqual(Object.keys(SPEC.resources).sort());
  });

  it('a key is optional exactly where the spec says it may be absent', () => {
    const wrong: string[] = [];
    for (const [resource, schemaName] of Object.entries(RESOURCE_SCHEMAS)) {
      const schema = SCHEMAS[schemaName] as Schema;
      for (const field of SPEC.resources[resource] ?? []) {
        if (field.further || field.name.includes('[]') || field.name === 'address_form') continue;
        const id = `${resource}.${field.name}`;
        const path = (PLACED[id] ?? field.name).split('.');
        const parent = path.length > 1 ? keyAt(schema, undefined, path.slice(0, -1)) : undefined;
        // A nested key of an object that may be absent is checked where that object is there.
        const key = keyAt(schema, undefined, path);
        if (path.length > 1 && !parent) continue;
        const mayBeAbsent =
          field.optional ||
          field.name in (CONDITIONAL[resource] ?? {}) ||
          field.name in (INTRODUCED[resource] ?? {}) ||
          // The notes of an object describe its fields, not it.
          (field.type !== 'O' &&
            /sometimes absent|absent in|only on|present (?:with|when|in)|appears in/.test(field.notes));
        if (!key) wrong.push(`${id}: not in ${schemaName}`);
        else if (mayBeAbsent && !isOptional(key.schema) && !(id in MODELLED))
          wrong.push(`${id}: required, the spec says it may be absent`);
        else if (!mayBeAbsent && isOptional(key.schema) && !(id in LOOSER))
          wrong.push(`${id}: optional, the spec shows it always`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every exception names a documented field', () => {
    const documented = new Set(
      Object.entries(SPEC.resources).flatMap(([resource, fields]) =>
        fields.map((f) => `${resource}.${f.name}`),
      ),
    );
    for (const id of [...Object.keys(LOOSER), ...Object.keys(MODELLED), ...Object.keys(PLACED)]) {
      expect(documented, id).toContain(id);
    }
  });
});
