import { paramSupported } from '../versions/contract.js';
import type { Version } from '../versions/version.js';
import type { JsonObject, JsonValue } from './json.js';

function fieldList(query: URLSearchParams, name: string): string[] | undefined {
  const raw = query.getAll(name);
  if (raw.length === 0) return undefined;
  return raw
    .flatMap((value) => value.split(','))
    .map((field) => field.trim())
    .filter((field) => field !== '');
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

/**
 * Sparse fieldsets (since 3.1.1): `fields[root]` / `fields_except[root]` for the resource itself,
 * `fields[<assoc>]` / `fields_except[<assoc>]` for an embedded association. An embedded
 * association stays when the root list does not name it, as in the recorded answers.
 */
export function applyFieldsets(
  object: JsonObject,
  query: URLSearchParams,
  version: Version,
  associations: string[] = [],
): JsonObject {
  if (!paramSupported('*', 'fields', version)) return object;
  const embedded = associations.filter((name) => isObject(object[name]));
  const out = select(
    object,
    fieldList(query, 'fields[root]'),
    fieldList(query, 'fields_except[root]'),
    embedded,
  );
  for (const name of embedded) {
    const child = out[name];
    if (isObject(child))
      out[name] = select(
        child,
        fieldList(query, `fields[${name}]`),
        fieldList(query, `fields_except[${name}]`),
        [],
      );
  }
  return out;
}
