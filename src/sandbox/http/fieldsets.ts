import { paramSupported } from '../versions/contract.js';
import type { Version } from '../versions/version.js';
import type { JsonObject, JsonValue } from './json.js';

/**
 * `fields[root]=a,b` (repeated or with `[]` too). An empty value restricts nothing: a client
 * building the query from an empty list must not get objects stripped bare.
 */
function fieldList(query: URLSearchParams, name: string): string[] | undefined {
  const fields = [...query.getAll(name), ...query.getAll(`${name}[]`)]
    .flatMap((value) => value.split(','))
    .map((field) => field.trim())
    .filter((field) => field !== '');
  return fields.length === 0 ? undefined : fields;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function select(
  object: JsonObject,
  include: string[] | undefined,
  exclude: string[] | undefined,
  keep: string[],
): JsonObject {
  let out: JsonObject = object;
  if (include)
    out = Object.fromEntries(
      Object.entries(out).filter(([key]) => include.includes(key) || keep.includes(key)),
    );
  // Exclusion applies after inclusion, as the spec orders them.
  if (exclude) out = Object.fromEntries(Object.entries(out).filter(([key]) => !exclude.includes(key)));
  return out;
}

function selectNamed(object: JsonObject, query: URLSearchParams, name: string): JsonObject {
  return select(object, fieldList(query, `fields[${name}]`), fieldList(query, `fields_except[${name}]`), []);
}

function selectValue(
  value: JsonValue | undefined,
  query: URLSearchParams,
  name: string,
): JsonValue | undefined {
  if (isObject(value)) return selectNamed(value, query, name);
  if (Array.isArray(value))
    return value.map((item) => (isObject(item) ? selectNamed(item, query, name) : item));
  return value;
}

/**
 * Sparse fieldsets (since 3.1.1): `fields[root]` / `fields_except[root]` for the resource itself,
 * `fields[<assoc>]` / `fields_except[<assoc>]` for an embedded association (an object, or an
 * array of them). An embedded association stays when the root list does not name it, as in the
 * recorded answers; `fields_except[root]=<assoc>` removes it.
 */
export function applyFieldsets(
  object: JsonObject,
  query: URLSearchParams,
  version: Version,
  associations: readonly string[] = [],
): JsonObject {
  if (!paramSupported('*', 'fields', version)) return object;
  const embedded = associations.filter((name) => isObject(object[name]) || Array.isArray(object[name]));
  const out = select(
    object,
    fieldList(query, 'fields[root]'),
    fieldList(query, 'fields_except[root]'),
    embedded,
  );
  for (const name of embedded) if (name in out) out[name] = selectValue(out[name], query, name);
  return out;
}

/** The same on every item of a list answer. */
export function applyFieldsetsToList(
  items: readonly JsonObject[],
  query: URLSearchParams,
  version: Version,
  associations: readonly string[] = [],
): JsonObject[] {
  return items.map((item) => applyFieldsets(item, query, version, associations));
}

/**
 * `fields[<name>]` / `fields_except[<name>]` on the records of an `include=<name>` association,
 * which sit in a sibling top-level array rather than inside the parents.
 */
export function applyIncludedFieldsets(
  records: readonly JsonObject[],
  query: URLSearchParams,
  version: Version,
  name: string,
): JsonObject[] {
  if (!paramSupported('*', 'fields', version)) return [...records];
  return records.map((record) => selectNamed(record, query, name));
}
