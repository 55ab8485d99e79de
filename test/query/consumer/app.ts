// A React app's code using price-catalog/query, type-checked against the installed tarball
// (test/query/consumer.test.ts) with skipLibCheck off.
import { QueryClient, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { type Category, createClient, type Favorite, type PriceCatalogError, type Sku } from 'price-catalog';
import { catalogQueries, type ListPage } from 'price-catalog/query';

const api = createClient({ baseUrl: '/api/catalog', token: 't' });
const q = catalogQueries(api, { user: 7 });
const queryClient = new QueryClient();

export function useCategoryPage(id: number) {
  const category: Category | undefined = useQuery(q.catalog.categories.get(id)).data;
  const error: PriceCatalogError | null = useQuery(q.catalog.categories.get(id)).error;
  const skus = useInfiniteQuery(q.catalog.categories.skus.infinite(id, { per: 10 }));
  const names: string[] = (skus.data?.pages ?? []).flatMap((page) =>
    page.items.map((sku: Sku) => sku.display_name),
  );
  const favorite = useMutation(q.favorites.create.mutation());
  const made: Favorite | undefined = favorite.data;
  const add = (skuId: number) => favorite.mutate({ sku_id: skuId });
  const page: ListPage<Category, unknown> | undefined = undefined;
  return { category, error, names, made, add, page };
}

export async function prefetch(): Promise<Category> {
  await queryClient.prefetchQuery(q.skus.products(3783654, { per: 50 }));
  return queryClient.fetchQuery(q.catalog.categories.get(40));
}
