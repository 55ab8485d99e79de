import * as z from 'zod/mini';
import { InvalidRequestError, isRecord } from '../core/errors.js';
import { describe } from './shared.js';

// The runtime twin of src/types/linked.ts: the answer of a call with sparse fieldsets and embeds
// is validated against the schema narrowed the way its type is, so `fields: ['id', 'price']`
// checks `id` and `price` and does not miss the fields the server was told to leave out.

/** A resource that takes sparse fieldsets and embeds: its own fields and its associations. */
export interface LinkedShape {
  /** A name for the schema cache (`product`). */
  name: string;
  /** The resource without its associations. */
  root: z.ZodMiniObject;
  /** The associations `embed` may add, by name, as the key they take in the parent. */
  embeds: Readonly<Record<string, z.ZodMiniObject>>;
  /** What `embed_ids=<name>` adds: the key in the parent and its schema. */
  embedIds: Readonly<Record<string, { key: string; schema: z.ZodMiniType }>>;
}

/** The linked-resource and fieldset params of a call. */
export interface LinkedParams {
  embed?: unknown;
  embed_ids?: unknown;
  fields?: unknown;
  fields_except?: unknown;
}

/** Narrowed schemas are built once per shape and param set; a bound keeps odd callers in check. */
const MAX_CACHED = 100;
const cache = new Map<string, z.ZodMiniObject>();

/** `'shop'` or `['shop']` as a list, each name checked against the allowed ones. */
export function linkNames(param: string, value: unknown, allowed: readonly string[]): string[] {
  if (value === undefined || value === null) return [];
  const names = Array.isArray(value) ? value : [value];
  for (const name of names) {
    if (typeof name !== 'string' || !allowed.includes(name)) {
      throw new InvalidRequestError(
        `${param} must name ${allowed.map((a) => `'${a}'`).join(' or ')}, got ${describe(name)}`,
        'InvalidParam',
        param,
      );
    }
  }
  return names as string[];
}

/** The field names a `fields` / `fields_except` param lists for `resource`; undefined for none. */
export function listedFields(value: unknown, resource: string): readonly string[] | undefined {
  const list = Array.isArray(value)
    ? resource === 'root'
      ? value
      : undefined
    : isRecord(value)
      ? value[resource]
      : undefined;
  return Array.isArray(list) ? (list as string[]) : undefined;
}

/** `schema` with only the `keep` fields (all when undefined), then without the `drop` ones. */
function narrow(
  schema: z.ZodMiniObject,
  keep: readonly string[] | undefined,
  drop: readonly string[] | undefined,
) {
  let out = schema;
  // Names the schema does not know are the server's business (it answers without them).
  if (keep) out = z.pick(out, mask(out, keep));
  if (drop) out = z.omit(out, mask(out, drop));
  return out;
}

function mask(schema: z.ZodMiniObject, names: readonly string[]): Record<string, true> {
  return Object.fromEntries(names.filter((n) => Object.hasOwn(schema.shape, n)).map((n) => [n, true]));
}

/** The cache key of a request's shape; input that cannot be a fieldset (a BigInt, a cycle) is refused. */
function cacheKey(parts: unknown[]): string {
  try {
    return JSON.stringify(parts);
  } catch {
    throw new InvalidRequestError(
      'fields and fields_except must be lists of field names',
      'InvalidParam',
      'fields',
    );
  }
}

/**
 * The schema of the resource as this call asks for it: root fields (the id form of `embed_ids`
 * among them) narrowed by `fields[root]` / `fields_except[root]`, and each embedded association,
 * required, narrowed by its own lists, as the server answers.
 */
export function linkedSchema(shape: LinkedShape, params: LinkedParams | undefined): z.ZodMiniObject {
  const embeds = linkNames('embed', params?.embed, Object.keys(shape.embeds));
  const ids = linkNames('embed_ids', params?.embed_ids, Object.keys(shape.embedIds));
  const key = cacheKey([shape.name, embeds, ids, params?.fields ?? null, params?.fields_except ?? null]);
  const cached = cache.get(key);
  if (cached) return cached;

  // The id form is a root field: `fields[root]` keeps it only when it names it.
  const idFields: Record<string, z.ZodMiniType> = {};
  for (const name of ids) {
    const link = shape.embedIds[name] as { key: string; schema: z.ZodMiniType };
    idFields[link.key] = link.schema;
  }
  const drop = listedFields(params?.fields_except, 'root');
  const root = narrow(z.extend(shape.root, idFields), listedFields(params?.fields, 'root'), drop);
  // An embedded association stays when `fields[root]` does not name it; `fields_except[root]` drops it.
  const embedded: Record<string, z.ZodMiniType> = {};
  for (const name of embeds.filter((n) => !drop?.includes(n))) {
    embedded[name] = narrow(
      shape.embeds[name] as z.ZodMiniObject,
      listedFields(params?.fields, name),
      listedFields(params?.fields_except, name),
    );
  }
  const schema = z.extend(root, embedded);

  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, schema);
  return schema;
}

const wrappers = new WeakMap<z.ZodMiniObject, Map<unknown, unknown>>();

/**
 * `build(schema)`, built once per narrowed schema and builder: the envelope around a
 * `linkedSchema` (`{ product: … }`, `{ locations: [...], meta }`) costs nothing on later calls.
 */
export function wrap<T>(schema: z.ZodMiniObject, build: (schema: z.ZodMiniObject) => T): T {
  let built = wrappers.get(schema);
  if (!built) {
    built = new Map();
    wrappers.set(schema, built);
  }
  if (!built.has(build)) built.set(build, build(schema));
  return built.get(build) as T;
}
