import { CATALOG_DETAILS } from './catalog-details.js';
import { FAVORITE_DETAILS } from './favorites-details.js';
import { METHODS, type MethodName, type Methods } from './methods.js';
import { NOTIFICATION_DETAILS } from './notifications-details.js';
import type {
  EndpointCall,
  EndpointDetails,
  EndpointRow,
  PathParam,
  QueryKind,
  QueryParam,
  RowOf,
} from './row.js';
import { SHOP_DETAILS } from './shops-details.js';
import { SKU_DETAILS } from './skus-details.js';
import { USER_DETAILS } from './user-details.js';

const DETAILS: Partial<Record<MethodName, EndpointDetails>> = {
  ...CATALOG_DETAILS,
  ...SKU_DETAILS,
  ...SHOP_DETAILS,
  ...FAVORITE_DETAILS,
  ...USER_DETAILS,
  ...NOTIFICATION_DETAILS,
};

/** The row of a client method: its call, its details, and what follows from them. */
function row(name: string, call: EndpointCall, details: EndpointDetails = {}): EndpointRow {
  const pathParams = call.path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment): PathParam => {
      const param = segment.slice(1);
      return { name: param, kind: call.listIds?.includes(param) ? 'list_id' : 'id' };
    });
  // A read's names and their order are its literal's (tsc holds its details' kinds to them); a
  // write's are its details'. A one-valued parameter's values are the literal's (the resources
  // check them from there).
  const kinds = details.query ?? {};
  const listed = details.values ?? {};
  const names = (call.method ?? 'GET') === 'GET' ? (call.queryNames ?? []) : Object.keys(kinds);
  const query = names.map((name): QueryParam => {
    const values = call.values?.[name] ?? listed[name];
    return {
      name,
      kind: kinds[name] as QueryKind,
      ...(values !== undefined && { values }),
      ...(details.required?.includes(name) && { required: true as const }),
    };
  });
  const user = call.user ?? false;
  return {
    name,
    method: call.method ?? 'GET',
    path: call.path,
    pathParams,
    query,
    args: call.args,
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
    since: call.since ?? '3.0.0',
    documented: details.documented ?? true,
    ...(details.input !== undefined && { input: details.input }),
  };
}

const made = new Map<EndpointCall, EndpointRow>();
const rows: Record<string, EndpointRow> = {};
for (const [name, call] of Object.entries(METHODS) as [MethodName, EndpointCall][]) {
  const full = row(name, call, DETAILS[name]);
  rows[name] = full;
  made.set(call, full);
}
for (const [call, full] of made) {
  full.stale = (call.stale ?? []).map((stale) => {
    const target = made.get(stale.read);
    if (!target) throw new Error(`${full.name}: a stale read is not a row of the table`);
    return { ...stale, read: target };
  });
}

/**
 * Every endpoint of the API the SDK calls, by the client method that calls it: one row per
 * documented method and path of the spec, and the three the recorded answers show beyond it.
 */
export const ENDPOINTS = rows as { [N in MethodName]: RowOf<N, Methods[N]> };

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = MethodName;

/** The rows in one list. */
export const ENDPOINT_ROWS: readonly EndpointRow[] = Object.values(ENDPOINTS);
