/**
 * The served routes compiled once, when the handler is created, by the endpoint table's own
 * precedence rule (`compileEndpoints`: templates split once, the most literal first); no template
 * is split again per request.
 */
import { compileEndpoints, ENDPOINT_ROWS, type EndpointRow, queryNamesOf } from '../../index.js';
import type { HttpMethod } from '../../internal/http-method.js';
import type { RouteLookup } from './routes.js';

/** Every route a path fits among the most literal templates that fit it, by method. */
export interface PathMatch {
  /** The methods the path takes, in table order of first appearance. */
  readonly methods: readonly HttpMethod[];
  lookup(method: string): RouteLookup | undefined;
}

export type RouteTable = (segments: readonly string[]) => PathMatch | undefined;

/** The endpoint table's one precedence rule (`compileEndpoints`), with each row's query names found once. */
export function compileRoutes(rows: readonly EndpointRow[] = ENDPOINT_ROWS): RouteTable {
  const table = compileEndpoints(rows);
  const queries = new Map(rows.map((row) => [row, queryNamesOf(row)]));
  return (segments) => {
    const found = table(segments);
    if (found.length === 0) return undefined;
    const methods: HttpMethod[] = [];
    for (const { row } of found) if (!methods.includes(row.method)) methods.push(row.method);
    return {
      methods,
      lookup(method) {
        const hit = found.find((match) => match.row.method === method);
        if (!hit) return undefined;
        const { row, params } = hit;
        return {
          route: { method: row.method, path: row.path, user: row.user },
          name: row.name,
          params,
          query: queries.get(row) ?? [],
          row,
        };
      },
    };
  };
}
