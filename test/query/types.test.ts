import type { InfiniteData, QueryClient } from '@tanstack/query-core';
import { useInfiniteQuery, useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type Category,
  type CategoryList,
  catalogModule,
  createClient,
  createClientWith,
  type Favorite,
  type FavoriteCreateParams,
  type FavoriteUpdateParams,
  type PriceCatalogError,
  type Sku,
} from '../../src/index.js';
import { catalogQueries, type ListPage } from '../../src/query/index.js';

// Type tests: `tsc --noEmit` checks this file (tsconfig includes test/). The hooks sit inside
// arrow functions that expectTypeOf only looks at: nothing renders and no request is sent.
const api = createClient({ baseUrl: 'https://api.example.test', token: 'type-tests' });
const q = catalogQueries(api, { user: 1 });
declare const queryClient: QueryClient;

describe('query options carry the SDK method types', () => {
  it('useQuery(q.catalog.categories.get(40)) infers Category, with the SDK errors', () => {
    expectTypeOf(() => useQuery(q.catalog.categories.get(40)).data).returns.toEqualTypeOf<
      Category | undefined
    >();
    expectTypeOf(
      () => useQuery(q.catalog.categories.get(40)).error,
    ).returns.toEqualTypeOf<PriceCatalogError | null>();
    expectTypeOf(() => useSuspenseQuery(q.skus.get(1)).data).returns.toEqualTypeOf<Sku>();
  });

  it('the same arguments as the method, checked', () => {
    expectTypeOf(q.catalog.categories.get).parameters.toEqualTypeOf<
      Parameters<typeof api.catalog.categories.get>
    >();
    // @ts-expect-error: a category id is a number
    q.catalog.categories.get('forty', undefined, undefined);
    // @ts-expect-error: search needs its q
    expectTypeOf(() => q.catalog.search({})).toBeFunction();
  });

  it('a list query keeps one page; .infinite pages of it', () => {
    expectTypeOf(() => useQuery(q.catalog.categories.list()).data).returns.toEqualTypeOf<
      ListPage<Category, CategoryList> | undefined
    >();
    type SkusPage = Awaited<ReturnType<typeof api.catalog.categories.skus>>;
    expectTypeOf(
      () => useInfiniteQuery(q.catalog.categories.skus.infinite(40, { per: 10 })).data,
    ).returns.toEqualTypeOf<
      InfiniteData<ListPage<SkusPage['items'][number], SkusPage['body']>> | undefined
    >();
    expectTypeOf<SkusPage['items'][number]>().toEqualTypeOf<Sku>();
    // Only lists have .infinite.
    // @ts-expect-error: categories.get is no list
    expectTypeOf(q.catalog.categories.get.infinite).toBeFunction();
  });

  it('fetchQuery and getQueryData are typed from the key', () => {
    expectTypeOf(() =>
      queryClient.fetchQuery(q.catalog.categories.get(40)),
    ).returns.resolves.toEqualTypeOf<Category>();
    expectTypeOf(() => queryClient.getQueryData(q.catalog.categories.get(40).queryKey)).returns.toEqualTypeOf<
      Category | undefined
    >();
  });

  it('mutations take the write’s arguments: one as is, several as a tuple, none as void', () => {
    expectTypeOf(() => useMutation(q.favorites.create.mutation()).mutateAsync)
      .returns.parameter(0)
      .toEqualTypeOf<FavoriteCreateParams>();
    expectTypeOf(() => useMutation(q.favorites.create.mutation()).data).returns.toEqualTypeOf<
      Favorite | undefined
    >();
    expectTypeOf(() => useMutation(q.favorites.update.mutation()).mutate)
      .returns.parameter(0)
      .toEqualTypeOf<[favoriteId: number, params: FavoriteUpdateParams]>();
    expectTypeOf(() => useMutation(q.favorites.delete.mutation()).mutate)
      .returns.parameter(0)
      .toEqualTypeOf<number>();
    expectTypeOf(q.user.logout.mutation().mutationFn).parameter(0).toBeVoid();
    // Reads have no .mutation, writes no query options.
    // @ts-expect-error: a read
    expectTypeOf(q.favorites.list.mutation).toBeFunction();
    // @ts-expect-error: a write
    expectTypeOf(() => q.favorites.create(1)).toBeFunction();
  });

  it('mirrors only the modules the client has, and none of auth, usage, request', () => {
    const one = catalogQueries(
      createClientWith({ catalog: catalogModule }, { baseUrl: 'https://x.test', token: 't' }),
    );
    expectTypeOf(one).toHaveProperty('catalog');
    expectTypeOf(one).not.toHaveProperty('skus');
    expectTypeOf(q).not.toHaveProperty('auth');
    expectTypeOf(q).not.toHaveProperty('request');
  });
});
