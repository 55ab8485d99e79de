// The SDK in the browser: no credentials, pointed at the app's own backend, which holds the
// secret, the tokens and the day's budget (price-catalog/server at /api/catalog).
import { createClient } from 'price-catalog';
import { catalogQueries } from 'price-catalog/query';

export const api = createClient({ baseUrl: '/api/catalog', auth: 'none' });

/** Catalog reads, shared by every visitor of this browser. */
export const q = catalogQueries(api);

/** The signed-in user's reads and writes, cached under their id only. */
export function userQueries(userId: number) {
  return catalogQueries(api, { user: userId });
}
