import { CATALOG_ROWS } from './catalog-rows.js';
import { FAVORITE_ROWS } from './favorites-rows.js';
import { NOTIFICATION_ROWS } from './notifications-rows.js';
import type { EndpointCall, EndpointDetails, EndpointRow, EndpointRowSpec, PathParam, RowOf } from './row.js';
import { SHOP_ROWS } from './shops-rows.js';
import { SKU_ROWS } from './skus-rows.js';
import { USER_ROWS } from './user-rows.js';

type Specs = Record<string, EndpointRowSpec>;
type Rows<S extends Specs> = { [N in keyof S & string]: RowOf<N, S[N][0]> };

/** The row of a call and its details, with what follows from them filled in. */
function row(name: string, call: EndpointCall, details: EndpointDetails = {}): EndpointRow {
  const pathParams = call.path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment): PathParam => {
      const param = segment.slice(1);
      return { name: param, kind: call.listIds?.includes(param) ? 'list_id' : 'id' };
    });
  const method = call.method ?? 'GET';
  const query = details.query ?? [];
  const user = call.user ?? false;
  const input =
    method === 'GET' ? (query.length > 0 ? ['params'] : []) : method === 'DELETE' ? [] : ['input'];
  return {
    name,
    method,
    path: call.path,
    pathParams,
    query,
    args: details.args ?? [...pathParams.map((param) => param.name), ...input, 'options'],
    schema: call.schema,
    user,
    scope: call.scope ?? (user ? undefined : 'public'),
    maxAge: call.maxAge ?? 0,
    ...(call.listIds !== undefined && { listIds: call.listIds }),
    // Every list of the API takes `page` and `per`.
    pagination: query.some((param) => param.name === 'page') ? 'pages' : 'none',
    // The reads' own rows, filled in below once every row is made.
    stale: [],
    signsOut: call.signsOut ?? false,
    since: details.since ?? '3.0.0',
    documented: details.documented ?? true,
  };
}

const made = new Map<EndpointCall, EndpointRow>();

/** The rows of one area: each call joined with its details. */
function area<S extends Specs>(specs: S): Rows<S> {
  const out: Record<string, EndpointRow> = {};
  for (const [name, [call, details]] of Object.entries(specs)) {
    const full = row(name, call, details);
    out[name] = full;
    made.set(call, full);
  }
  return out as Rows<S>;
}

/**
 * Every endpoint of the API the SDK calls, by the client method that calls it: one row per
 * documented method and path of the spec, and the three the recorded answers show beyond it.
 */
export const ENDPOINTS = {
  ...area(CATALOG_ROWS),
  ...area(SKU_ROWS),
  ...area(SHOP_ROWS),
  ...area(FAVORITE_ROWS),
  ...area(USER_ROWS),
  ...area(NOTIFICATION_ROWS),
};

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

/** The rows in one list. */
export const ENDPOINT_ROWS: readonly EndpointRow[] = Object.values(ENDPOINTS);

for (const [call, full] of made) {
  full.stale = (call.stale ?? []).map(({ read, same }) => {
    const target = made.get(read);
    if (!target) throw new Error(`${full.name}: a stale read is not a row of the table`);
    return same === undefined ? { read: target } : { read: target, same };
  });
}
