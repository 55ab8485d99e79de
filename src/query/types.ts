import type {
  DataTag,
  GetNextPageParamFunction,
  InfiniteData,
  InvalidateQueryFilters,
  MutationFunctionContext,
  QueryFunctionContext,
  QueryKey,
} from '@tanstack/query-core';
import type { Endpoints, PagePromise, Pagination, PriceCatalogError, RequestOptions } from '../index.js';

/**
 * One page of a list, as a query keeps it: plain data (it survives `dehydrate`/`hydrate`), with
 * the number of the next page as the SDK finds it (Link header or `meta.pagination`).
 */
export interface ListPage<Item, Body> {
  items: Item[];
  /** The whole answer, `meta` included. */
  body: Body;
  pagination: Pagination | undefined;
  /** The next page's number; undefined on the last page. */
  nextPage: number | undefined;
}

/** What `q.<module>.<method>(...args)` gives: for useQuery, useSuspenseQuery, fetchQuery, prefetchQuery. */
export interface CatalogQueryOptions<TData> {
  queryKey: DataTag<QueryKey, TData, PriceCatalogError>;
  queryFn: (context: QueryFunctionContext) => Promise<TData>;
  /** Milliseconds: the endpoint's `max-age`. */
  staleTime: number;
  /** The SDK retries what is worth retrying itself (network errors, 5xx); every retry is a call. */
  retry: false;
}

/** What `.infinite(...args)` gives: for useInfiniteQuery, fetchInfiniteQuery, prefetchInfiniteQuery. */
export interface CatalogInfiniteQueryOptions<Item, Body> {
  queryKey: DataTag<QueryKey, InfiniteData<ListPage<Item, Body>, number>, PriceCatalogError>;
  queryFn: (context: QueryFunctionContext<QueryKey, number>) => Promise<ListPage<Item, Body>>;
  initialPageParam: number;
  getNextPageParam: GetNextPageParamFunction<number, ListPage<Item, Body>>;
  staleTime: number;
  retry: false;
}

/**
 * What `.mutation()` gives: for useMutation or `new MutationObserver`. `onSuccess` invalidates
 * the queries the write makes stale (in the QueryClient the mutation runs in) and finishes when
 * the active ones are fetched again.
 */
export interface CatalogMutationOptions<TData, TVariables> {
  mutationKey: readonly unknown[];
  mutationFn: (variables: TVariables) => Promise<TData>;
  onSuccess: (
    data: TData,
    variables: TVariables,
    onMutateResult: unknown,
    context: MutationFunctionContext,
  ) => Promise<void>;
  /** The filter of the queries the write makes stale: `queryClient.invalidateQueries(m.invalidates(vars))`. */
  invalidates: (variables: TVariables) => InvalidateQueryFilters;
}

type AnyFunction = (...args: never[]) => unknown;

/** A method's arguments without the trailing `options` (which the mutation's caller cannot give). */
type WithoutOptions<A extends readonly unknown[]> = A extends readonly [
  ...infer Rest,
  (RequestOptions | undefined)?,
]
  ? Rest
  : A;

/** A write's variables: nothing, its one argument, or its arguments as a tuple. */
export type VariablesOf<F> = F extends (...args: infer A) => unknown
  ? WithoutOptions<Required<A>> extends infer V extends readonly unknown[]
    ? V extends readonly []
      ? // biome-ignore lint/suspicious/noConfusingVoidType: `void` lets `mutate()` be called without variables.
        void
      : V extends readonly [unknown]
        ? WithoutOptions<A>[0]
        : WithoutOptions<A>
    : never
  : never;

type ReadFactory<F> = F extends (...args: infer A) => infer R
  ? R extends PagePromise<infer Item, infer Body>
    ? ((...args: A) => CatalogQueryOptions<ListPage<Item, Body>>) & {
        infinite: (...args: A) => CatalogInfiniteQueryOptions<Item, Body>;
      }
    : (...args: A) => CatalogQueryOptions<Awaited<R>>
  : never;

type WriteFactory<F> = F extends (...args: infer _A) => infer R
  ? { mutation: () => CatalogMutationOptions<Awaited<R>, VariablesOf<F>> }
  : never;

type Factory<F, E> = E extends { method: 'GET' } ? ReadFactory<F> : WriteFactory<F>;

/** Keeps `K` when some endpoint is named by `Name` or lies under it. */
type Offered<K, Name extends string> =
  Extract<keyof Endpoints, Name | `${Name}.${string}`> extends never ? never : K;

type Mirror<T, Prefix extends string> = {
  [K in keyof T & string as Offered<K, `${Prefix}${K}`>]: `${Prefix}${K}` extends keyof Endpoints
    ? T[K] extends AnyFunction
      ? Factory<T[K], Endpoints[`${Prefix}${K}`]>
      : never
    : Mirror<T[K], `${Prefix}${K}.`>;
};

/** The client's modules and methods, each giving TanStack Query options. */
export type CatalogQueries<Client> = Mirror<Client, ''>;
