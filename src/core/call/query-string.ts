import { InvalidRequestError, isRecord } from '../errors.js';
import { describe } from './describe.js';

export type Scalar = string | number | boolean;
/** `fields: ['id', 'price']` is the root resource; `{ root: [...], shop: [...] }` names associations. */
export type Fieldset = readonly string[] | { readonly [resource: string]: readonly string[] | undefined };
export type QueryValue = Scalar | readonly Scalar[] | Fieldset | null | undefined;
export type QueryParams = { readonly [name: string]: QueryValue };

/** Linked-resource params: sent as one comma-separated value (`embed=shop,address`). */
const COMMA_LISTS = new Set(['embed', 'embed_ids', 'include']);
/** Sparse fieldsets: sent as `fields[root]=a,b` / `fields_except[shop]=x`. */
const FIELDSETS = new Set(['fields', 'fields_except']);

/**
 * Encodes params the way the API reads them: arrays as `name[]=v`, sparse fieldsets as
 * `fields[resource]=a,b`, linked resources comma-separated, booleans as `true`/`false`;
 * `undefined` and `null` are left out. Returns the query string without `?` (empty when no pair),
 * form-encoded by URLSearchParams.
 */
export function encodeQuery(params: QueryParams | undefined): string {
  if (!params) return '';
  // A string or an array would go out as `0=p&1=e…`: refused, as any value the API cannot take.
  if (!isRecord(params)) {
    throw new InvalidRequestError(
      `params must be an object of query parameters, got ${describe(params)}`,
      'InvalidParam',
      'params',
    );
  }
  const out = new URLSearchParams();
  const add = (name: string, value: string): void => out.append(name, value);
  for (const name in params) {
    if (!Object.hasOwn(params, name)) continue;
    const value = params[name];
    if (value === undefined || value === null) continue;
    if (LONE_SURROGATE.test(name)) throw unsendable(name, 'a lone surrogate');
    if (FIELDSETS.has(name)) {
      encodeFieldset(name, value, add);
    } else if (COMMA_LISTS.has(name)) {
      const list = (Array.isArray(value) ? value : [value]).map((item) => scalar(name, item));
      // One item with a comma would reach the server as two.
      if (list.some((item) => item.includes(','))) throw unsendable(name, 'an item with a comma');
      if (list.length > 0) add(name, list.join(','));
    } else if (Array.isArray(value)) {
      for (const item of value) add(`${name}[]`, scalar(name, item));
    } else {
      add(name, scalar(name, value));
    }
  }
  return out.toString();
}

function encodeFieldset(name: string, value: QueryValue, add: (name: string, value: string) => void): void {
  const byResource: Record<string, unknown> = Array.isArray(value)
    ? { root: value }
    : isRecord(value)
      ? value
      : {};
  if (!Array.isArray(value) && !isRecord(value)) {
    throw new InvalidRequestError(
      `${name} must be an array of field names or an object of them`,
      'InvalidParam',
      name,
    );
  }
  for (const [resource, fields] of Object.entries(byResource)) {
    if (fields === undefined) continue;
    if (
      !Array.isArray(fields) ||
      /[[\]]|\p{Cs}/u.test(resource) ||
      fields.some((f) => typeof f !== 'string' || f.length === 0 || /,|\p{Cs}/u.test(f))
    ) {
      throw new InvalidRequestError(
        `${name}[${resource}] must be an array of field names`,
        'InvalidParam',
        name,
      );
    }
    if (fields.length > 0) add(`${name}[${resource}]`, fields.join(','));
  }
}

/** A lone surrogate cannot be sent: URL encoding turns it into U+FFFD, another string. */
const LONE_SURROGATE = /\p{Cs}/u;

function unsendable(name: string, what: string): InvalidRequestError {
  return new InvalidRequestError(
    `${name} has ${what}, which the query cannot carry as is`,
    'InvalidParam',
    name,
  );
}

function scalar(name: string, value: unknown): string {
  if (typeof value === 'string') {
    if (LONE_SURROGATE.test(value)) throw unsendable(name, 'a lone surrogate');
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new InvalidRequestError(`${name} must be a finite number`, 'InvalidParam', name);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  throw new InvalidRequestError(
    `${name} has a value the API cannot take: ${typeof value}`,
    'InvalidParam',
    name,
  );
}
