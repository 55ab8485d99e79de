import type { APIPromise } from '../core/api-promise.js';
import type { HttpCore } from '../core/http.js';
import { pathParams } from '../endpoints/paths.js';
import type { EndpointCall } from '../endpoints/row.js';
import { stalePaths } from '../endpoints/stale.js';
import { call, type Endpoint } from './shared.js';

/**
 * A write: a call that then drops from the SDK's cache the reads its row says it makes stale.
 * Its own file, so that a client of read-only modules bundles none of it.
 */
export function write<T>(core: HttpCore, spec: Endpoint<T>): APIPromise<T> {
  return call(core, spec, staleAfter(core, spec.row));
}

/**
 * What a write to `row` makes stale in the SDK's cache, as path patterns under the client's
 * base path (`/v3/favorites`, `/v3/categories/:id/favorites`): the reads its row names, not
 * everything under its first path segment.
 */
function staleAfter(core: HttpCore, row: EndpointCall): (path: string) => readonly string[] {
  return (path) => {
    const base = new URL(core.config.baseUrl).pathname.replace(/\/+$/, '');
    return stalePaths(row, pathParams(row, path) ?? {}).map((pattern) => `${base}${pattern}`);
  };
}
