import { ApiError, type CatalogClient, type CategorySkusParams, type Page, TokenError } from '../index.js';
import type { Task } from './checkpoint.js';
import type { ExportOptions } from './export-options.js';
import type { SearchCategory } from './plan.js';
import { nameHoldsQuery } from './search-match.js';

/** The listing the export starts with. */
export function firstTasks(o: ExportOptions): Task[] {
  const { category, manufacturer, search } = o.source;
  if (category !== undefined) {
    const params = search === undefined ? o.params : { ...o.params, q: search };
    return [{ list: 'category', id: category, params, page: 1, emit: o.what }];
  }
  if (manufacturer !== undefined)
    return [{ list: 'manufacturer', id: manufacturer, params: o.params, page: 1, emit: o.what }];
  return [{ list: 'search', q: search as string, params: o.params, page: 1, emit: o.what }];
}

export function fetchPage(
  api: CatalogClient,
  task: Task,
  per: number,
  signal: AbortSignal,
): Promise<Page<unknown, unknown>> {
  const options = { signal };
  switch (task.list) {
    case 'category':
      return api.catalog.categories.skus(
        task.id,
        { ...(task.params as CategorySkusParams), per, page: task.page },
        options,
      ) as Promise<Page<unknown, unknown>>;
    case 'manufacturer':
      return api.catalog.manufacturers.skus(
        task.id,
        { ...(task.params as object), per, page: task.page },
        options,
      ) as Promise<Page<unknown, unknown>>;
    case 'search':
      return api.catalog.search({ q: task.q, per, page: task.page }, options) as Promise<
        Page<unknown, unknown>
      >;
    case 'products':
      return api.skus.products(task.skuId, { per, page: task.page }, options) as Promise<
        Page<unknown, unknown>
      >;
  }
}

/** The records a page gives, and the listings that follow it (before the rest of the queue). */
export function expand(task: Task, page: Page<unknown, unknown>): { records: unknown[]; rest: Task[] } {
  const next = page.nextPageNumber();
  const following: Task[] = next === undefined ? [] : [{ ...task, page: next }];
  if (task.list === 'products') return { records: page.items, rest: following };
  if (task.list === 'search') {
    // The SKUs of a search: its leaf categories (a category with children is not listed: its SKUs
    // are in its leaves). A leaf the search matched by its name is listed whole, as its
    // match_count counts it; any other with the query as keyword, as the search counts its SKUs.
    const categories = (page.items as SearchCategory[]).filter((c) => c.children_count === 0);
    return {
      records: [],
      rest: [
        ...categories.map(
          (c): Task => ({
            list: 'category',
            id: c.id,
            params: nameHoldsQuery(c.name, task.q) ? { ...task.params } : { ...task.params, q: task.q },
            page: 1,
            emit: task.emit,
          }),
        ),
        ...following,
      ],
    };
  }
  if (task.emit === 'skus') return { records: page.items, rest: following };
  const skus = page.items as { id: number }[];
  return {
    records: [],
    rest: [...skus.map((sku): Task => ({ list: 'products', skuId: sku.id, page: 1 })), ...following],
  };
}

/** The server locked the client out for the day (its count went over, whatever ours said). */
export function isServerLockout(error: unknown): boolean {
  return (
    (error instanceof TokenError && error.status === 403) ||
    (error instanceof ApiError && error.code === 'DailyLimitExceeded')
  );
}
