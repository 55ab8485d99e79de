import { invalidParameter } from './http-error.js';

export interface Pagination {
  total_results: number;
  total_pages: number;
  page: number;
  per: number;
}

export interface PageSlice<T> {
  items: T[];
  pagination: Pagination;
}

export const DEFAULT_PER = 25;
export const MAX_PER = 100;

function positiveInt(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) {
    throw invalidParameter(name, `must be a positive integer, got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}

/** Where the asked page lies in a list of `total` items: `[start, end)` and its `meta.pagination`. */
export interface PageWindow {
  start: number;
  end: number;
  pagination: Pagination;
}

/** `page` (1-based) and `per` (default 25, at most 100) over `total` items; a page past the last is empty. */
export function pageWindow(total: number, query: URLSearchParams): PageWindow {
  const page = positiveInt(query, 'page') ?? 1;
  const per = Math.min(positiveInt(query, 'per') ?? DEFAULT_PER, MAX_PER);
  const start = Math.min((page - 1) * per, total);
  return {
    start,
    end: Math.min(start + per, total),
    pagination: { total_results: total, total_pages: Math.ceil(total / per), page, per },
  };
}

/** `page` (1-based) and `per` (default 25, at most 100); a page past the last is empty. */
export function paginate<T>(items: readonly T[], query: URLSearchParams): PageSlice<T> {
  const { start, end, pagination } = pageWindow(items.length, query);
  return { items: items.slice(start, end), pagination };
}

/**
 * `Link` as the service's pagination gem writes it: first/prev when not on the first page,
 * last/next when not on the last one. Other params are kept and sorted, as Rails' `to_query` does;
 * an `oauth_token` is left out so a token never travels inside a link.
 */
export function linkHeader(url: URL, pagination: Pagination): string | null {
  const { page, total_pages: last } = pagination;
  const target = (n: number): string => {
    const params = [...url.searchParams].filter(([name]) => name !== 'page' && name !== 'oauth_token');
    params.push(['page', String(n)]);
    params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `<${url.origin}${url.pathname}?${new URLSearchParams(params)}>`;
  };
  const links: string[] = [];
  if (page > 1 && last >= 1) {
    links.push(`${target(1)}; rel="first"`, `${target(Math.min(page - 1, last))}; rel="prev"`);
  }
  if (page < last) links.push(`${target(last)}; rel="last"`, `${target(page + 1)}; rel="next"`);
  return links.length > 0 ? links.join(', ') : null;
}
