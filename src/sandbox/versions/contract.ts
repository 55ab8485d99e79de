import type { JsonObject, JsonValue } from '../http/json.js';
import { atLeast, type Version } from './version.js';

/** The kinds of object a serializer produces; a row below names one of them. */
export type ContractResource =
  | 'category'
  | 'sku'
  | 'product'
  | 'shop'
  | 'specification'
  | 'autocomplete_entry'
  | 'sku_list_meta'
  | 'ordered_list_meta'
  | 'available_filters'
  | 'user'
  | 'sku_review'
  | 'sku_review_list_meta'
  | 'product_card';

export interface FieldRow {
  resource: ContractResource;
  /** A dotted path for nested fields: `shipping.shipping_cost_enabled`. */
  field: string;
  since: string;
}

/**
 * Which version introduced which field (the spec's "Contract changes" table). Fields are removed
 * from answers of older versions. Since a patch is never chosen (3.0 is served as 3.0.23), only
 * changes from 3.1.0 on can ever be stripped; older rows are left out on purpose.
 */
export const FIELDS_INTRODUCED: readonly FieldRow[] = [
  { resource: 'sku', field: 'favorited', since: '3.1.0' },
  { resource: 'product', field: 'immediate_pickup', since: '3.1.0' },
  { resource: 'sku', field: 'comparable', since: '3.1.1' },
  { resource: 'shop', field: 'shipping.shipping_cost_enabled', since: '3.1.1' },
  { resource: 'category', field: 'family_id', since: '3.1.2' },
  { resource: 'sku_review', field: 'sentiments', since: '3.1.3' },
  { resource: 'sku_review_list_meta', field: 'sku_reviews_aggregation', since: '3.1.3' },
  // The changelog says 3.2.0, but the recorded 3.1 GET /products/:id of 2018-01 has `blp`: 3.1
  // is served at its latest patch, and a Product has the same fields wherever one appears.
  { resource: 'product', field: 'blp', since: '3.1.0' },
  // `reviewable` and `name_source` are attributes the spec exposes with no version, so every
  // version has them. `ecommerce_enabled` is not in the spec: as recorded, from 3.2.0.
  { resource: 'sku', field: 'ecommerce_enabled', since: '3.2.0' },
  // A card's `blp` is its cheapest product's: from the version its products have one.
  { resource: 'product_card', field: 'blp', since: '3.1.0' },
  { resource: 'sku_list_meta', field: 'order_by_methods', since: '3.2.0' },
  // Other ordered lists (a manufacturer's SKUs, a SKU's products) say their order with the
  // dynamic methods of 3.2.0; their recorded 3.1 answers have pagination alone.
  { resource: 'ordered_list_meta', field: 'ordered_by', since: '3.2.0' },
  { resource: 'ordered_list_meta', field: 'order_by_methods', since: '3.2.0' },
  // With the profile update of 3.2.0: a 3.1 answer to PATCH /user has no such field.
  { resource: 'user', field: 'resend_verification_email', since: '3.2.0' },
  { resource: 'user', field: 'is_staff', since: '3.2.1' },
  { resource: 'sku', field: 'description', since: '3.2.1' },
  { resource: 'sku', field: 'sizes', since: '3.2.1' },
  { resource: 'available_filters', field: 'shops', since: '3.2.1' },
  { resource: 'available_filters', field: 'availabilities', since: '3.2.1' },
  { resource: 'available_filters', field: 'distances', since: '3.2.1' },
];

export interface ParamRow {
  /** A route id (see the route modules) or '*' for every route. */
  route: string;
  param: string;
  since: string;
}

/** Request parameters older versions ignore. */
export const PARAMS_INTRODUCED: readonly ParamRow[] = [
  { route: '*', param: 'fields', since: '3.1.1' },
  { route: '*', param: 'fields_except', since: '3.1.1' },
  { route: 'category_skus', param: 'shop_ids', since: '3.2.1' },
  { route: 'category_skus', param: 'distance', since: '3.2.1' },
  { route: 'category_skus', param: 'availability', since: '3.2.1' },
  { route: 'sku_products', param: 'size', since: '3.2.1' },
  { route: 'sku_products', param: 'distance', since: '3.2.1' },
  { route: 'sku_products', param: 'availability', since: '3.2.1' },
  { route: 'sku_products', param: 'zero_installments', since: '3.2.1' },
  // Before 3.1.3 there was one order only: `sort=most_helpful` is ignored.
  { route: 'sku_reviews', param: 'sort', since: '3.1.3' },
];

export function paramSupported(route: string, param: string, version: Version): boolean {
  return PARAMS_INTRODUCED.every(
    (row) =>
      !((row.route === '*' || row.route === route) && row.param === param) || atLeast(version, row.since),
  );
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function without(object: JsonObject, path: readonly string[]): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined || !(head in object)) return object;
  const copy = { ...object };
  if (rest.length === 0) {
    delete copy[head];
    return copy;
  }
  const child = copy[head];
  if (isObject(child)) copy[head] = without(child, rest);
  return copy;
}

/** Whether `version` has `field` of `resource` (a field with no row: every version has it). */
export function fieldSince(resource: ContractResource, field: string, version: Version): boolean {
  const row = FIELDS_INTRODUCED.find(
    (candidate) => candidate.resource === resource && candidate.field === field,
  );
  return row === undefined || atLeast(version, row.since);
}

/** A copy of `object` without the fields `version` does not have yet. */
export function shapeFor<T extends JsonObject>(
  resource: ContractResource,
  object: T,
  version: Version,
): JsonObject {
  let out: JsonObject = object;
  for (const row of FIELDS_INTRODUCED) {
    if (row.resource !== resource) continue;
    if (!atLeast(version, row.since)) out = without(out, row.field.split('.'));
  }
  return out;
}
