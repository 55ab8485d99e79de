import { APIPromise } from '../core/api-promise.js';
import { describe } from '../core/describe.js';
import { InvalidRequestError } from '../core/errors.js';
import type { CallSpec, HttpCore, HttpMethod, RequestOptions } from '../core/http.js';
import { PagePromise } from '../core/pagination.js';
import type { QueryParams } from '../core/query-string.js';
import type { Schema } from '../core/validate.js';

export type { RequestOptions };
export { describe };

/** `page` (1-based) and `per` (page size, default 25) of every list. */
export interface PageParams {
  page?: number | undefined;
  per?: number | undefined;
}

export type OrderDir = 'asc' | 'desc';

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

/** A path, or a function giving it: a function runs inside the call, so input it rejects is a rejected call. */
export type PathSpec = string | (() => string);

/**
 * One endpoint call, by named fields: `GET` unless `method` says otherwise; `query` the params
 * (snake_case, as the API spells them); `schema` checks the answer and `select` picks the result.
 */
export type Endpoint<T> = Omit<CallSpec<T>, 'method' | 'query' | 'invalidates'> & {
  method?: HttpMethod | undefined;
  query?: object | undefined;
};

export function call<T>(core: HttpCore, spec: Endpoint<T>): APIPromise<T> {
  const { method = 'GET', query } = spec;
  const request: CallSpec<T> = { ...spec, method, query: query as QueryParams | undefined };
  // A write makes stale the cached reads of its own root and of the resources that embed it.
  return new APIPromise(
    core.request(method === 'GET' ? request : { ...request, invalidates: staleAfterWrite }),
  );
}

/**
 * Resource roots whose cached reads a write to the key root makes stale, besides its own: the
 * resources that embed it (a favorite shows on its list, its category and its SKU).
 */
const EMBEDDED_IN: Readonly<Record<string, readonly string[]>> = {
  favorites: ['favorite_lists', 'categories', 'skus'],
  favorite_lists: ['favorites'],
  skus: ['products'],
};

/**
 * The resource roots (first path segments, such as `favorites`) whose cached reads a write to
 * `path` makes stale: its own and those that embed it. The SDK's cache drops them after each
 * write; exported for caches outside the SDK (TanStack Query).
 */
export function staleAfterWrite(path: string): readonly string[] {
  const root = path.split('/')[1] ?? '';
  return [root, ...(EMBEDDED_IN[root] ?? [])];
}

/** A paginated GET, by named fields: `items` picks the list out of each page's body. */
export interface ListEndpoint<Item, Body> {
  path: PathSpec;
  schema: Schema<Body>;
  items: (body: Body) => Item[];
  params?: (PageParams & object) | undefined;
  options?: RequestOptions | undefined;
  scope?: string | undefined;
}

export function list<Item, Body>(core: HttpCore, spec: ListEndpoint<Item, Body>): PagePromise<Item, Body> {
  const { path, schema, params, options, scope } = spec;
  const query = params as QueryParams | undefined;
  return new PagePromise<Item, Body>(
    (page, per) =>
      core.request<Body>({
        method: 'GET',
        path: () => {
          checkPaging(params);
          return typeof path === 'function' ? path() : path;
        },
        schema,
        query:
          page === undefined && per === undefined
            ? query
            : { ...query, ...(page !== undefined && { page }), ...(per !== undefined && { per }) },
        options,
        scope,
      }),
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
