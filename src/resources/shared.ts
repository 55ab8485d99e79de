import { APIPromise, type ApiResponse } from '../core/api-promise.js';
import { describe } from '../core/call/describe.js';
import type { CallSpec, Engine, RequestOptions } from '../core/call/engine.js';
import type { QueryParams } from '../core/call/query-string.js';
import type { Schema } from '../core/call/validate.js';
import { InvalidRequestError } from '../core/errors.js';
import { PagePromise } from '../core/pagination.js';
import { checkNames } from '../core/unknown-names.js';
import type { EndpointCall, ORDER_DIRS } from '../endpoints/row.js';
import { objectsOnly } from './takes-an-object.js';

export type { RequestOptions };
export { describe };

/** `page` (1-based) and `per` (page size, default 25) of every list. */
export interface PageParams {
  page?: number | undefined;
  per?: number | undefined;
}

/** The directions of every `order_dir`: the endpoint table's list. */
export type OrderDir = (typeof ORDER_DIRS)[number];

/**
 * A record id as a path segment: a positive safe integer (or a string of ASCII digits that is
 * one). Anything else (BigInt, objects, NaN, floats, negatives, `/`, `?`, `#`, `..`, `%2e`) is
 * refused before any request, since it could only change which path is asked for or get a 404.
 */
export function id(value: unknown, name = 'id'): string {
  const n = typeof value === 'string' && /^[0-9]{1,16}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0) {
    throw new InvalidRequestError(
      `${name} must be a positive integer, got ${describe(value)}`,
      'InvalidId',
      name,
    );
  }
  return String(n);
}

/** A list of record ids (in a query or a body): undefined, or an array of valid ids. */
export function ids(values: unknown, name: string): void {
  if (values === undefined) return;
  if (!Array.isArray(values)) {
    throw new InvalidRequestError(
      `${name} must be an array of ids, got ${describe(values)}`,
      'InvalidId',
      name,
    );
  }
  for (const value of values) id(value, name);
}

/** Throws unless `value` is undefined or one of `allowed`. */
export function oneOf<T extends string>(name: string, value: T | undefined, allowed: readonly T[]): void {
  if (value !== undefined && !allowed.includes(value)) {
    throw new InvalidRequestError(
      `${name} must be one of ${allowed.join(', ')}, got ${describe(value)}`,
      'InvalidParam',
      name,
    );
  }
}

function checkPaging(params: PageParams | undefined): void {
  for (const name of ['page', 'per'] as const) {
    const value = params?.[name];
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 1)) {
      throw new InvalidRequestError(
        `${name} must be an integer >= 1, got ${describe(value)}`,
        'InvalidParam',
        name,
      );
    }
  }
}

/**
 * The row's path with `values` put in: the literal's `args` say which value is which path
 * parameter (its order is the client method's). An `id` must be a positive integer, a `list_id` a
 * non-zero one; the error names the parameter.
 */
function pathOf({ path, listIds, args }: EndpointCall, values: readonly unknown[]): string {
  const slots = args.filter((slot) => slot !== 'params' && slot !== 'input');
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[slots.indexOf(name)];
    return listIds?.includes(name) ? listId(value) : id(value, name);
  });
}

/** Where a call goes: its row, its path parameters' values, and a check of the rest of its input. */
export interface Target {
  row: EndpointCall;
  /** The values of the row's path parameters, in the order of the literal's `args`. */
  ids?: readonly unknown[] | undefined;
  /** Refuses bad input; it runs inside the call (before the path is made), so it rejects the call. */
  check?: (() => void) | undefined;
  /** A write's input object as the method was given it: anything else is refused with the call to write. */
  input?: unknown;
}

/**
 * The call's path, made inside the call: input it refuses is a rejected call, not a throw. The
 * row's one-valued parameters are checked against the values it lists, then the call's own check.
 */
function pathFor({ row, ids = [], check, input }: Target, params: object | undefined): () => string {
  return () => {
    // `categories.skus(40, 'iphone')`: refused with the call to write, before any name is read.
    objectsOnly(row, ids, input, params);
    // A name the endpoint does not take (a typo such as `orderBy`) is refused, not dropped.
    if (row.queryNames) checkNames(params, row.queryNames, 'unknown query parameter', 'InvalidParam');
    for (const [name, allowed] of Object.entries(row.values ?? {})) {
      oneOf(name, (params as Record<string, string | undefined> | undefined)?.[name], allowed);
    }
    check?.();
    return pathOf(row, ids);
  };
}

/**
 * One endpoint call, by its row and named fields: the row gives the method, the path, the schema
 * (unless `schema` narrows it), the scope and what a write makes stale; `query` the params
 * (snake_case, as the API spells them); `select` picks the result.
 */
export type Endpoint<T> = Omit<CallSpec<T>, 'method' | 'path' | 'query' | 'invalidates' | 'scope'> &
  Target & { query?: object | undefined };

/** A read; a write goes through `write` (resources/write.ts), which also says what it makes stale. */
export function call<T>(
  engine: Engine,
  spec: Endpoint<T>,
  invalidates?: CallSpec<T>['invalidates'],
): APIPromise<T> {
  // The target's parts make the path; the engine is given only what a call spec holds.
  const { row, ids, check, input, query, schema, ...rest } = spec;
  return new APIPromise(
    engine.request<T>({
      ...rest,
      method: row.method ?? 'GET',
      path: pathFor({ row, ids, check, input }, query),
      schema: schema ?? row.schema,
      query: query as QueryParams | undefined,
      scope: row.scope,
      invalidates,
    }),
  );
}

/** A paginated GET, by named fields: `items` picks the list out of each page's body. */
export interface ListEndpoint<Item, Body> extends Target {
  /** The answer's schema, when the call narrows the row's. */
  schema?: Schema<Body> | undefined;
  items: (body: Body) => Item[];
  params?: (PageParams & object) | undefined;
  options?: RequestOptions | undefined;
}

export function list<Item, Body>(engine: Engine, spec: ListEndpoint<Item, Body>): PagePromise<Item, Body> {
  const { row, schema = row.schema as Schema<Body>, params, options } = spec;
  const path = pathFor(spec, params);
  const query = params as QueryParams | undefined;
  // A `per` over the API's largest page is served smaller: said once a list (its first answer
  // tells), at debug.
  let asked = params?.per;
  const noteCap = (answer: ApiResponse<Body>) => {
    const served = (answer.data as { meta?: { pagination?: { per?: number } } } | undefined)?.meta?.pagination
      ?.per;
    if (asked && served && served < asked) {
      engine.config.parts.logger.debug?.(
        `per ${asked} is over the API's largest page: it serves ${served} a page`,
      );
    }
    asked = undefined;
    return answer;
  };
  return new PagePromise<Item, Body>(
    (page, per) =>
      engine
        .request<Body>({
          method: 'GET',
          path: () => {
            checkPaging(params);
            return path();
          },
          schema,
          query:
            page === undefined && per === undefined
              ? query
              : { ...query, ...(page !== undefined && { page }), ...(per !== undefined && { per }) },
          options,
          scope: row.scope,
        })
        .then(noteCap),
    spec.items,
    params?.page ?? 1,
    // A walk from a given page, or with a given size, keeps them.
    params?.per !== undefined || params?.page !== undefined,
  );
}

/** A favorite-list id: auto lists have negative ids, so any non-zero safe integer. */
export function listId(value: unknown): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value === 0) {
    throw new InvalidRequestError(
      `favorite list id must be a non-zero integer, got ${describe(value)}`,
      'InvalidId',
      'id',
    );
  }
  return String(value);
}
