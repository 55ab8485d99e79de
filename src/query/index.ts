import type { InvalidateQueryFilters, MutationFunctionContext, Query } from '@tanstack/query-core';
import { InvalidRequestError, Page, type RequestOptions } from '../index.js';
import { staleAfterWrite } from '../internal/invalidation.js';
import { ENDPOINTS, type Endpoint, USER_MODULES } from './endpoints.js';
import { argsKey, endpointOfKey, INFINITE, KEY_ROOT, type UserPart, userOfKey } from './keys.js';
import type { CatalogQueries, ListPage } from './types.js';

export type {
  CatalogInfiniteQueryOptions,
  CatalogMutationOptions,
  CatalogQueries,
  CatalogQueryOptions,
  ListPage,
  VariablesOf,
} from './types.js';

export interface CatalogQueriesOptions {
  /**
   * Who the client's calls act for: the signed-in user's id (or another stable id of the
   * session). Every key then ends with `{ user }`, so another user (or no user) never sees this
   * one's cached data. Needed by the `favorites`, `user` and `notifications` modules.
   */
  user?: string | number | undefined;
}

type Method = (...args: unknown[]) => unknown;

/**
 * TanStack Query options for every call of `api`: `q.catalog.categories.get(40)` for useQuery,
 * `q.skus.products.infinite(id)` for useInfiniteQuery, `q.favorites.create.mutation()` for
 * useMutation. Works with `createClient` and with `createClientWith` (its modules only).
 */
export function catalogQueries<Client extends object>(
  api: Client,
  options: CatalogQueriesOptions = {},
): CatalogQueries<Client> {
  if (typeof api !== 'object' || api === null) {
    throw new InvalidRequestError(
      'catalogQueries needs a client made by createClient',
      'InvalidOption',
      'api',
    );
  }
  const given: unknown = options?.user;
  if (given !== undefined && !((typeof given === 'string' && given !== '') || Number.isFinite(given))) {
    throw new InvalidRequestError(
      'catalogQueries: user must be a string or a number that names the signed-in user',
      'InvalidOption',
      'user',
    );
  }
  const user = given === undefined ? undefined : String(given);
  const userPart: UserPart[] = user === undefined ? [] : [{ user }];
  const out: Record<string, unknown> = {};
  for (const [name, endpoint] of Object.entries(ENDPOINTS) as [string, Endpoint][]) {
    const path = name.split('.');
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], api);
    const method = (parent as Record<string, unknown> | undefined)?.[path[path.length - 1] as string];
    if (typeof method !== 'function') continue;
    const call = (args: readonly unknown[]) => (method as Method).apply(parent, args as unknown[]);
    const forUser = USER_MODULES.has(path[0] as string);
    const needUser = () => {
      if (forUser && user === undefined) {
        throw new InvalidRequestError(
          `catalogQueries: ${name} is a user's data; give { user } so that it is cached for that user only`,
          'InvalidOption',
          'user',
        );
      }
    };
    const factory =
      'writes' in endpoint
        ? {
            mutation: () => {
              needUser();
              return mutation(name, endpoint, call, method.length, userPart, user);
            },
          }
        : read(name, endpoint, call, method.length, userPart, needUser);
    let node = out;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = factory;
  }
  return out as CatalogQueries<Client>;
}

/** The call's arguments with `signal` in the options (always the method's last parameter). */
function withSignal(args: readonly unknown[], arity: number, signal: AbortSignal): unknown[] {
  const all = Array.from({ length: Math.max(arity, args.length) }, (_, i) => args[i]);
  const given = all[arity - 1] as RequestOptions | undefined;
  all[arity - 1] = { ...given, signal };
  return all;
}

function read(
  name: string,
  endpoint: { root: string; maxAge: number },
  call: (args: readonly unknown[]) => unknown,
  arity: number,
  userPart: UserPart[],
  needUser: () => void,
) {
  const staleTime = endpoint.maxAge * 1000;
  const key = (args: readonly unknown[], extra: unknown[] = []) => [
    KEY_ROOT,
    ...name.split('.'),
    ...argsKey(args.slice(0, arity)),
    ...extra,
    ...userPart,
  ];
  const options = (...args: unknown[]) => {
    needUser();
    return {
      queryKey: key(args),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const result = await call(withSignal(args, arity, signal));
        return result instanceof Page ? listPage(result) : result;
      },
      staleTime,
      retry: false as const,
    };
  };
  options.infinite = (...args: unknown[]) => {
    needUser();
    // A list method's params come just before its options.
    const at = arity - 2;
    const params = args[at] as { page?: number } | undefined;
    return {
      queryKey: key(args, [INFINITE]),
      queryFn: async ({ signal, pageParam }: { signal: AbortSignal; pageParam: number }) => {
        const pageArgs = [...args];
        pageArgs[at] = { ...params, page: pageParam };
        const result = await call(withSignal(pageArgs, arity, signal));
        if (!(result instanceof Page)) {
          throw new InvalidRequestError(`catalogQueries: ${name} is not a list`, 'InvalidParam', name);
        }
        return listPage(result);
      },
      initialPageParam: params?.page ?? 1,
      getNextPageParam: (last: ListPage<unknown, unknown>) => last.nextPage,
      staleTime,
      retry: false as const,
    };
  };
  return options;
}

/** Whether a query is of this user (or, without one, made without a user). */
function ofUser(query: Query, user: string | undefined): boolean {
  return userOfKey(query.queryKey) === user;
}

function listPage(page: Page<unknown, unknown>): ListPage<unknown, unknown> {
  return { items: page.items, body: page.body, pagination: page.pagination, nextPage: page.nextPageNumber() };
}

function mutation(
  name: string,
  endpoint: { writes: string; signsOut?: boolean },
  call: (args: readonly unknown[]) => unknown,
  arity: number,
  userPart: UserPart[],
  user: string | undefined,
) {
  const params = arity - 1;
  const stale = new Set(staleAfterWrite(`/${endpoint.writes}`));
  const invalidates = (_variables?: unknown): InvalidateQueryFilters => ({
    queryKey: [KEY_ROOT],
    predicate: (query: Query) => {
      const read = endpointOfKey(query.queryKey);
      return read !== undefined && 'root' in read && stale.has(read.root) && ofUser(query, user);
    },
  });
  return {
    mutationKey: [KEY_ROOT, ...name.split('.'), ...userPart],
    mutationFn: (variables: unknown) =>
      Promise.resolve(call(params === 0 ? [] : params === 1 ? [variables] : (variables as unknown[]))),
    onSuccess: async (
      _data: unknown,
      variables: unknown,
      _result: unknown,
      context: MutationFunctionContext,
    ) => {
      if (endpoint.signsOut) {
        // Signed out: the user's cached data goes, so that no later screen shows it.
        context.client.removeQueries({ queryKey: [KEY_ROOT], predicate: (query) => ofUser(query, user) });
        return;
      }
      await context.client.invalidateQueries(invalidates(variables));
    },
    invalidates,
  };
}
