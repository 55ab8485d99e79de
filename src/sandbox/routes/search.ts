import { liveSku } from '../catalog/live.js';
import { HttpError } from '../http/http-error.js';
import type { JsonObject } from '../http/json.js';
import { paginate } from '../http/pagination.js';
import { presentCategory, presentManufacturer } from '../present/catalog.js';
import { presentSku } from '../present/sku.js';
import type { RouteDef } from '../router.js';
import { autocomplete } from '../search/autocomplete.js';
import { search } from '../search/search.js';
import { shapeFor } from '../versions/contract.js';

export const searchRoutes: RouteDef[] = [
  {
    id: 'search',
    method: 'GET',
    path: '/search',
    handler: ({ query, catalog, version, state }) => {
      const q = query.get('q') ?? '';
      if (q.trim().length < 2) {
        throw new HttpError(
          422,
          'InvalidSearch',
          'Η αναζήτησή σου πρέπει να περιέχει τουλάχιστον 2 χαρακτήρες',
        );
      }
      const outcome = search(catalog, q);
      const strong: JsonObject = {};
      if (outcome.strong.category) strong.category = presentCategory(outcome.strong.category, version);
      if (outcome.strong.manufacturer) strong.manufacturer = presentManufacturer(outcome.strong.manufacturer);
      if (outcome.strong.sku) strong.sku = presentSku(liveSku(state, outcome.strong.sku), version);
      const meta: JsonObject = { q, alternatives: outcome.alternatives, strong_matches: strong };
      // An unmatched search answers without `meta.pagination`, as the recorded service does.
      if (outcome.categories.length === 0) return { body: { categories: [], meta }, cache: 'fresh' };
      const page = paginate(outcome.categories, query);
      return {
        body: {
          // A SKU match lists its categories without `match_count`, as recorded (search_sku_match).
          categories: page.items.map((m) =>
            presentCategory(m.category, version, outcome.strong.sku ? {} : { matchCount: m.matchCount }),
          ),
          meta: { ...meta, pagination: { ...page.pagination } },
        },
        pagination: page.pagination,
        cache: 'fresh',
      };
    },
  },
  {
    id: 'autocomplete',
    method: 'GET',
    path: '/autocomplete',
    handler: ({ query, catalog, version }) => ({
      body: {
        autocomplete: autocomplete(catalog, query.get('q') ?? '').map((entry) =>
          shapeFor('autocomplete_entry', entry, version),
        ),
      },
    }),
  },
];
