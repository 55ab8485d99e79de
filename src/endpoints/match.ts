import { literals, pathParams } from './paths.js';
import { type EndpointRow, FIELDSETS, type QueryParam } from './row.js';
import { ENDPOINT_ROWS } from './table.js';

/** A request's row and the values of its path parameters. */
export interface EndpointMatch {
  row: EndpointRow;
  /** By the template's names: `{ sku_id: '3443837', review_id: '12' }`. */
  params: Record<string, string>;
}

/**
 * The row of a method and path (relative to the API's base: `/skus/3443837`), or undefined.
 * Among the templates the path fits, the most literal wins (`/categories/root` over
 * `/categories/:id`); then the method must match, so a known path with another method is
 * undefined too.
 */
export function matchEndpoint(method: string, pathname: string): EndpointMatch | undefined {
  let best: EndpointMatch[] = [];
  let most = -1;
  for (const row of ENDPOINT_ROWS) {
    const params = pathParams(row, pathname);
    if (!params) continue;
    const count = literals(row.path);
    if (count > most) {
      most = count;
      best = [{ row, params }];
    } else if (count === most) best.push({ row, params });
  }
  return best.find((match) => match.row.method === method.toUpperCase());
}

/** Every query name a request of the row may carry: its own, and the sparse fieldsets on a read. */
export function queryNamesOf(row: EndpointRow): readonly QueryParam[] {
  if (row.method !== 'GET' || row.query.some((param) => param.kind === 'fieldset')) return row.query;
  return [...row.query, ...FIELDSETS];
}
