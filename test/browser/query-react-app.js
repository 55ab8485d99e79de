// A React page using price-catalog/query with @tanstack/react-query, bundled by
// test/browser/query-react.test.ts from the installed tarball: shows a category, loads more of its
// SKUs, and favorites one. Its client talks to the API given by `?server=`, with the user token
// the test's backend handed it, or through price-catalog/server (see start()).
import {
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { createClient } from 'price-catalog';
import { catalogQueries } from 'price-catalog/query';
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

const params = new URLSearchParams(location.search);
const CATEGORY = Number(params.get('category'));

/**
 * The client and whose data it reads. `?mode=handler`: no credentials, through the app's own
 * backend (price-catalog/server at /api/catalog), signing in there first; otherwise the API at
 * `?server=` with the user token the test handed over (`?token=`), as user `?user=`.
 */
async function start() {
  if (params.get('mode') !== 'handler') {
    return {
      api: createClient({ baseUrl: params.get('server'), token: params.get('token') }),
      user: params.get('user'),
    };
  }
  const api = createClient({ baseUrl: '/api/catalog', auth: 'none' });
  const session = await (await fetch('/api/catalog/auth/session')).json();
  if (!session.signed_in) {
    location.href = `/api/catalog/auth/login?return_to=${encodeURIComponent(location.pathname + location.search)}`;
    return undefined;
  }
  const me = await api.user.get();
  return { api, user: me.id };
}

function CategoryPage({ q }) {
  const category = useQuery(q.catalog.categories.get(CATEGORY));
  const skus = useInfiniteQuery(q.catalog.categories.skus.infinite(CATEGORY, { per: 5 }));
  const favorites = useQuery(q.favorites.list());
  const favorite = useMutation(q.favorites.create.mutation());
  if (category.error || skus.error || favorites.error || favorite.error) {
    const error = category.error ?? skus.error ?? favorites.error ?? favorite.error;
    return h('p', { id: 'failed' }, String(error?.stack ?? error));
  }
  if (!category.data || !skus.data || !favorites.data) return h('p', { id: 'loading' }, 'Loading…');
  const favorited = new Set(favorites.data.items.map((f) => f.sku_id));
  return h(
    'main',
    null,
    h('h1', { id: 'category' }, category.data.name),
    h(
      'ul',
      { id: 'skus' },
      skus.data.pages
        .flatMap((page) => page.items)
        .map((sku) =>
          h(
            'li',
            { key: sku.id, 'data-sku': sku.id },
            sku.display_name,
            ' ',
            favorited.has(sku.id)
              ? h('strong', { className: 'favorite' }, '★ favorite')
              : h(
                  'button',
                  {
                    type: 'button',
                    disabled: favorite.isPending,
                    onClick: () => favorite.mutate({ sku_id: sku.id }),
                  },
                  '☆ favorite',
                ),
          ),
        ),
    ),
    skus.hasNextPage
      ? h(
          'button',
          {
            id: 'more',
            type: 'button',
            disabled: skus.isFetchingNextPage,
            onClick: () => skus.fetchNextPage(),
          },
          skus.isFetchingNextPage ? 'Loading…' : 'More SKUs',
        )
      : null,
    h('p', { id: 'favorites' }, `${favorites.data.items.length} favorites`),
  );
}

const queryClient = new QueryClient();
// For the test: whether queries are still being fetched.
window.__queries = queryClient;

start().then(
  (started) => {
    if (!started) return;
    const q = catalogQueries(started.api, { user: started.user });
    createRoot(document.getElementById('root')).render(
      h(QueryClientProvider, { client: queryClient }, h(CategoryPage, { q })),
    );
  },
  (error) => {
    document.getElementById('root').innerHTML = `<p id="failed"></p>`;
    document.getElementById('failed').textContent = String(error?.stack ?? error);
  },
);
