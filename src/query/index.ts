import type { InvalidateQueryFilters, MutationFunctionContext, Query } from '@tanstack/query-core';
import {
  type EndpointCall,
  InvalidRequestError,
  METHODS,
  Page,
  type RequestOptions,
  staleReads,
} from '../index.js';
import { argsKey, INFINITE, KEY_ROOT, type QueryRow, rowOfKey, type UserPart, userOfKey } from './keys.js';
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
  for (const [name, literal] of Object.entries(METHODS) as [string, EndpointCall][]) {
    const row: QueryRow = { name, call: literal };
    const path = name.split('.');
    const parent = path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], api);
    const method = (parent as Record<string, unknown> | undefined)?.[path[path.length - 1] as string];
    if (typeof method !== 'function') continue;
    const call = (args: readonly unknown[]) => (method as Method).apply(parent, args as unknown[]);
    const needUser = () => {
      if (row.call.user && user === undefined) {
        throw new InvalidRequestError(
          `catalogQueries: ${row.name} is a user's data; give { user } so that it is cached for that user only`,
          'InvalidOption',
          'user',
        );
      }
    };
    const factory =
      (row.call.method ?? 'GET') === 'GET'
        ? read(row, call, userPart, needUser)
        : {
            mutation: () => {
              needUser();
              return mutation(row, call, userPart, user);
            },
          };
    let node = out;
    for (const key of path.slice(0, -1)) {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
    node[path[path.length - 1] as string] = factory;
  }
  return out as CatalogQueries<Client>;
}

/** The call's arguments with TanStack's `signal` in the options. */
function withSignal(args: readonly unknown[], at: number, signal: AbortSignal): unknown[] {
  const all = Array.from({ length: Math.max(at + 1, args.length) }, (_, i) => args[i]);
  const given = all[at] as RequestOptions | undefined;
  all[at] = { ...given, signal };
  return all;
}

function read(
  row: QueryRow,
  call: (args: readonly unknown[]) => unknown,
  userPart: UserPart[],
  needUser: () => void,
) {
  const staleTime = (row.call.maxAge ?? 0) * 1000;
  // Every method takes its RequestOptions last.
  const at = row.call.args.length;
  const key = (args: readonly unknown[], extra: unknown[] = []) => [
    KEY_ROOT,
    ...row.name.split('.'),
    // The options too: `apiVersion` or `cache` change the answer (`signal` never enters a key).
    ...argsKey(args.slice(0, at + 1)),
    ...extra,
    ...userPart,
  ];
  const options = (...args: unknown[]) => {
    needUser();
    return {
      queryKey: key(args),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const result = await call(withSignal(args, at, signal));
        return result instanceof Page ? listPage(result) : result;
      },
      staleTime,
      retry: false as const,
    };
  };
  options.infinite = (...args: unknown[]) => {
    needUser();
    const paramsAt = row.call.args.indexOf('params');
    if (paramsAt === -1) throw notAList(row);
    const params = args[paramsAt] as { page?: number } | undefined;
    return {
      queryKey: key(args, [INFINITE]),
      queryFn: async ({ signal, pageParam }: { signal: AbortSignal; pageParam: number }) => {
        const pageArgs = [...args];
        pageArgs[paramsAt] = { ...params, page: pageParam };
        const result = await call(withSignal(pageArgs, at, signal));
        // A read with params that answers no page (the types offer `infinite` to lists only).
        if (!(result instanceof Page)) throw notAList(row);
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

function notAList(row: QueryRow): InvalidRequestError {
  return new InvalidRequestError(`catalogQueries: ${row.name} is not a list`, 'InvalidParam', row.name);
}

/** Whether a query is of this user (or, without one, made without a user). */
function ofUser(query: Query, user: string | undefined): boolean {
  return userOfKey(query.queryKey) === user;
}

function listPage(page: Page<unknown, unknown>): ListPage<unknown, unknown> {
  return { items: page.items, body: page.body, pagination: page.pagination, nextPage: page.nextPageNumber() };
}

/** The write's arguments as a tuple, from its variables: none, the one argument, or the tuple itself. */
function argsOf(count: number, variables: unknown): readonly unknown[] {
  return count === 0 ? [] : count === 1 ? [variables] : Array.isArray(variables) ? variables : [];
}

/** The values of the path parameters among a call's arguments (every slot but `params` and `input`). */
function pathValues(row: QueryRow, args: readonly unknown[]): Record<string, string> {
  const values: Record<string, string> = {};
  row.call.args.forEach((slot, i) => {
    const value = args[i];
    if (slot !== 'params' && slot !== 'input' && (typeof value === 'number' || typeof value === 'string')) {
      values[slot] = String(Number(value));
    }
  });
  return values;
}

/**
 * The filter of the queries a write with these arguments makes stale: reads the row names, of
 * this user, whose path parameters equal those the rule binds (`skus.reviews.list` of that SKU).
 */
function staleFilter(row: QueryRow, args: readonly unknown[], user: string | undefined) {
  const targets = staleReads(row.call, pathValues(row, args));
  return (query: Query): boolean => {
    if (!ofUser(query, user)) return false;
    const found = rowOfKey(query.queryKey);
    if (!found) return false;
    const { row: read, args: readArgs } = found;
    const values = pathValues(read, readArgs);
    return targets.some(
      (target) =>
        target.row === read.call &&
        Object.entries(target.params).every(([name, value]) => values[name] === value),
    );
  };
}

function mutation(
  row: QueryRow,
  call: (args: readonly unknown[]) => unknown,
  userPart: UserPart[],
  user: string | undefined,
) {
  const count = row.call.args.length;
  const invalidates = (variables?: unknown): InvalidateQueryFilters => ({
    queryKey: [KEY_ROOT],
    predicate: staleFilter(row, argsOf(count, variables), user),
  });
  return {
    mutationKey: [KEY_ROOT, ...row.name.split('.'), ...userPart],
    mutationFn: (variables: unknown) => Promise.resolve(call(argsOf(count, variables))),
    onSuccess: async (
      _data: unknown,
      variables: unknown,
      _result: unknown,
      context: MutationFunctionContext,
    ) => {
      if (row.call.signsOut) {
        // Signed out: the user's cached data goes, so that no later screen shows it.
        context.client.removeQueries({ queryKey: [KEY_ROOT], predicate: (query) => ofUser(query, user) });
        return;
      }
      await context.client.invalidateQueries(invalidates(variables));
    },
    invalidates,
  };
}
