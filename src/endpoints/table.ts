import { CATALOG } from './catalog.js';
import { CATALOG_DETAILS } from './catalog-details.js';
import { FAVORITES } from './favorites.js';
import { FAVORITE_DETAILS } from './favorites-details.js';
import { NOTIFICATIONS } from './notifications.js';
import { NOTIFICATION_DETAILS } from './notifications-details.js';
import type { EndpointCall, EndpointDetails, EndpointRow, PathParam, RowOf } from './row.js';
import { SHOPS } from './shops.js';
import { SHOP_DETAILS } from './shops-details.js';
import { SKUS } from './skus.js';
import { SKU_DETAILS } from './skus-details.js';
import { USER } from './user.js';
import { USER_DETAILS } from './user-details.js';

type Calls = Record<string, EndpointCall>;
type Rows<C extends Calls> = { [N in keyof C & string]: RowOf<N, C[N]> };

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

/** The rows of one area: its calls joined with their details. */
function area<C extends Calls>(calls: C, details: { [N in keyof C]?: EndpointDetails }): Rows<C> {
  const out: Record<string, EndpointRow> = {};
  for (const [name, call] of Object.entries(calls)) {
    out[name] = row(name, call, details[name]);
    made.set(call, out[name]);
  }
  return out as Rows<C>;
}

/**
 * Every endpoint of the API the SDK calls, by the client method that calls it: one row per
 * documented method and path of the spec, and the three the recorded answers show beyond it.
 */
export const ENDPOINTS = {
  ...area(CATALOG, CATALOG_DETAILS),
  ...area(SKUS, SKU_DETAILS),
  ...area(SHOPS, SHOP_DETAILS),
  ...area(FAVORITES, FAVORITE_DETAILS),
  ...area(USER, USER_DETAILS),
  ...area(NOTIFICATIONS, NOTIFICATION_DETAILS),
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
