import { APIPromise } from '../core/api-promise.js';
import type { Engine } from '../core/call/engine.js';
import { pathMatches, pathParams } from '../endpoints/paths.js';
import type { EndpointCall } from '../endpoints/row.js';
import { stalePaths } from '../endpoints/stale.js';
import { call, type Endpoint } from './shared.js';

/**
 * A write: a call that then drops from the SDK's cache the reads its row says it makes stale.
 * Its own file, so that a client of read-only modules bundles none of it.
 */
export function write<T>(engine: Engine, spec: Endpoint<T>): APIPromise<T> {
  const written = call(engine, spec, (path) => staleAfter(engine, spec.row, path));
  const { signOut } = engine.config;
  if (!spec.row.signsOut || !signOut) return written;
  // A row that signs out (`user.logout`): the user's tokens are forgotten once the server has answered.
  return new APIPromise(
    written.withResponse().then(async (answer) => {
      await signOut();
      return answer;
    }),
  );
}

/**
 * Whether a cached read (by its URL's path, under the client's base path) is one the write to
 * `path` makes stale: a read its row names (`/categories/:id/favorites`, `/skus/7/reviews`), not
 * everything under its first path segment.
 */
function staleAfter(engine: Engine, row: EndpointCall, path: string): (cachedPath: string) => boolean {
  const base = new URL(engine.config.baseUrl).pathname.replace(/\/+$/, '');
  const patterns = stalePaths(row, pathParams(row, path) ?? {}).map((pattern) => `${base}${pattern}`);
  return (cachedPath) => patterns.some((pattern) => pathMatches(pattern, cachedPath));
}
