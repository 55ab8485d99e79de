/**
 * The routes the handler serves: the API's endpoint table (`ENDPOINTS` of `price-catalog`), one
 * route per row, with its user flag and the query names it takes. The handler serves these and
 * nothing else.
 */
import { ENDPOINT_ROWS, type EndpointRow, type QueryParam } from '../../index.js';
import type { HttpMethod } from '../../internal/http-method.js';

export interface ServedRoute {
  method: HttpMethod;
  /** `/categories/:id/skus`; a literal segment wins over a `:param` one. */
  path: string;
  /** Goes out with the signed-in user's token (and is answered 401 without a session). */
  user: boolean;
}

/** Every row of the table as a served route. */
export const SERVED_ROUTES: readonly ServedRoute[] = ENDPOINT_ROWS.map((row) => ({
  method: row.method,
  path: row.path,
  user: row.user,
}));

/** What the handler knows of a request's route. */
export interface RouteLookup {
  /** The route template, method and user flag. */
  route: ServedRoute;
  /** The client method the row backs (`skus.reviews.list`). */
  name: string;
  params: Readonly<Record<string, string>>;
  /** The query names the route takes, as the API spells them, with their kinds (fieldsets included). */
  query: readonly QueryParam[];
  /** The row itself (schema, cache class, what a write makes stale). */
  row: EndpointRow;
}

/**
 * The route's query parameter that a query name of the URL stands for, or undefined when the
 * route takes no such name: the name itself (`vote[helpful]` included), `name[]` (how the SDK
 * sends any array, e.g. `filter_ids[]`), `fields[shop]` for a `fieldset`. Values are the API's
 * to judge: the kind says what the SDK sends, not all the API takes.
 */
export function queryParamOf(lookup: RouteLookup, name: string): QueryParam | undefined {
  const exact = lookup.query.find((param) => param.name === name && param.kind !== 'fieldset');
  if (exact) return exact;
  if (name.endsWith('[]')) {
    const base = name.slice(0, -2);
    return lookup.query.find((param) => param.name === base && param.kind !== 'fieldset');
  }
  const fieldset = /^([a-z_]+)\[([A-Za-z0-9_]{1,64})\]$/.exec(name);
  if (!fieldset) return undefined;
  return lookup.query.find((param) => param.name === fieldset[1] && param.kind === 'fieldset');
}
