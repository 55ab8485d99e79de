import { APIPromise, type ApiResponse } from './api-promise.js';
import type { RateLimitInfo } from './call/rate-limit.js';
import { InvalidRequestError, ResponseValidationError } from './errors.js';

/** `meta.pagination` of a list answer. */
export interface Pagination {
  total_results: number;
  total_pages: number;
  page: number;
  per: number;
}

/**
 * Fetches one page of a list; `page` undefined means the page the caller asked for first. `per`,
 * when given, replaces the caller's page size (a walk without an explicit `per`).
 */
export type PageFetcher<Body> = (page: number | undefined, per?: number) => Promise<ApiResponse<Body>>;

/**
 * The page size a whole-list walk without an explicit `per` asks for. The API's maximum is not
 * documented (the sandbox serves 100): the walk asks for this much and pages on with the `per`
 * the first answer reports in `meta.pagination.per`.
 */
export const LARGEST_PAGE = 500;

interface PageSource<Item, Body> {
  fetch: (page: number) => Promise<ApiResponse<Body>>;
  items: (body: Body) => Item[];
  /** Page numbers already fetched in this walk: a page is never fetched twice. */
  seen: Set<number>;
}

/** One page of a list answer. `body` is the whole answer (with `meta`), `items` its list. */
export class Page<Item, Body = unknown> {
  readonly items: Item[];
  readonly body: Body;
  readonly pagination: Pagination | undefined;
  readonly response: Response;
  readonly rateLimit: RateLimitInfo | undefined;
  private readonly nextPage: number | undefined;

  constructor(
    private readonly source: PageSource<Item, Body>,
    result: ApiResponse<Body>,
    requested: number,
  ) {
    this.body = result.data;
    this.response = result.response;
    this.rateLimit = result.rateLimit;
    const items = pickItems(source.items, result.data);
    if (!Array.isArray(items)) {
      // Validation off or warn, and the answer has no list where one belongs: typed, not a TypeError.
      throw new ResponseValidationError(
        result.response.url,
        [{ path: [], message: 'no list of items', code: 'invalid_type' }],
        result.data,
      );
    }
    this.items = items;
    this.pagination = paginationOf(result.data);
    source.seen.add(requested);
    if (this.pagination) source.seen.add(this.pagination.page);
    this.nextPage = this.findNextPage();
  }

  /** `meta` of the answer, when it has one. */
  get meta(): unknown {
    return (this.body as { meta?: unknown } | undefined)?.meta;
  }

  hasNextPage(): boolean {
    return this.nextPage !== undefined;
  }

  /** The number of the next page, or undefined on the last one. */
  nextPageNumber(): number | undefined {
    return this.nextPage;
  }

  async getNextPage(): Promise<Page<Item, Body>> {
    const next = this.nextPage;
    if (next === undefined) {
      throw new InvalidRequestError('There is no next page: check hasNextPage() first', 'NoNextPage');
    }
    this.source.seen.add(next);
    return new Page(this.source, await this.source.fetch(next), next);
  }

  /**
   * The next page comes from `Link: <…>; rel="next"` when the server sends one, and from
   * `meta.pagination` otherwise (the real API often sends no Link header). An empty page, the
   * last page, or a page already fetched ends the walk.
   */
  private findNextPage(): number | undefined {
    if (this.items.length === 0) return undefined;
    const fromLink = pageParam(linkTarget(this.response.headers.get('link'), 'next'));
    const p = this.pagination;
    const fromMeta = p && p.page < p.total_pages ? p.page + 1 : undefined;
    const next = fromLink ?? fromMeta;
    return next !== undefined && !this.source.seen.has(next) ? next : undefined;
  }
}

/**
 * What every list method returns. `await` it for the first page; `for await` over it for every
 * item of every page; `.pages()` for page after page; `.toArray({ limit })` to collect.
 */
export class PagePromise<Item, Body = unknown>
  extends APIPromise<Page<Item, Body>>
  implements AsyncIterable<Item>
{
  /**
   * `firstPage` is the page number the caller asked for (1 when none). `sized`: the caller gave
   * `per`; otherwise a walk (`for await`, `.pages()`, `.toArray()`) started in the same tick as
   * the call asks for the largest page, and pages on with the size the answer reports.
   */
  constructor(fetchPage: PageFetcher<Body>, items: (body: Body) => Item[], firstPage = 1, sized = true) {
    const walk = { started: false, per: undefined as number | undefined };
    const source: PageSource<Item, Body> = {
      fetch: (page) => fetchPage(page, walk.per),
      items,
      seen: new Set(),
    };
    // The first request starts one microtask after the call, so that a walk chained on the call
    // (`for await (... of api.list())`, `.toArray()`) can still ask for the largest page.
    const first = (async () => {
      await undefined;
      const result = await fetchPage(undefined, !sized && walk.started ? LARGEST_PAGE : undefined);
      const page = new Page(source, result, firstPage);
      // Page on with the size the server served (an explicit per stays as given).
      if (!sized && walk.started) walk.per = page.pagination?.per;
      return { data: page, response: result.response, rateLimit: result.rateLimit };
    })();
    super(first);
    this.source = source;
    this.walk = walk;
  }

  private readonly source: PageSource<Item, Body>;
  private readonly walk: { started: boolean };
  private prefetch = 1;

  /**
   * Fetch up to `n` pages at a time while walking (`for await`, `.pages()`, `.toArray()`), when
   * the first page tells `total_pages`. Every request still goes through the client's rate
   * limiter, and items keep their order. Without `total_pages` the walk stays page by page.
   */
  concurrency(n: number): this {
    if (!Number.isInteger(n) || n < 1) {
      throw new InvalidRequestError('concurrency must be an integer >= 1', 'InvalidParam', 'concurrency');
    }
    this.prefetch = n;
    return this;
  }

  /** Every page, starting with the first. */
  async *pages(): AsyncGenerator<Page<Item, Body>, void, undefined> {
    this.walk.started = true;
    let page: Page<Item, Body> = (await this.result).data;
    yield page;
    const total = page.pagination?.total_pages;
    if (this.prefetch > 1 && total !== undefined && page.hasNextPage()) {
      yield* this.prefetched(page, total);
      return;
    }
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Pages after `first` up to `total`, `prefetch` requests in flight, yielded in order. */
  private async *prefetched(
    first: Page<Item, Body>,
    total: number,
  ): AsyncGenerator<Page<Item, Body>, void, undefined> {
    const { source } = this;
    const inFlight: Promise<Page<Item, Body>>[] = [];
    let next = first.nextPageNumber() as number;
    const fill = () => {
      for (; inFlight.length < this.prefetch && next <= total; next++) {
        if (source.seen.has(next)) continue;
        const number = next;
        source.seen.add(number);
        inFlight.push(source.fetch(number).then((result) => new Page(source, result, number)));
      }
    };
    try {
      fill();
      for (let page = inFlight.shift(); page; page = inFlight.shift()) {
        const done = await page;
        yield done;
        // An empty page ends the list, whatever total_pages said.
        if (done.items.length === 0) return;
        fill();
      }
    } finally {
      // Pages fetched ahead and not wanted any more (a break, an empty page): drop their outcome.
      for (const page of inFlight) page.catch(() => {});
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    this.walk.started = true;
    for await (const page of this.pages()) yield* page.items;
  }

  /** Collects items of every page, stopping (and fetching no further page) once `limit` are in. */
  async toArray(options: { limit?: number } = {}): Promise<Item[]> {
    this.walk.started = true;
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    if (!(limit >= 0)) throw new InvalidRequestError('limit must be a number >= 0', 'InvalidParam', 'limit');
    const out: Item[] = [];
    // The first page was asked for with the call: its failure is this caller's to hear.
    if (limit === 0) {
      await this.result;
      return out;
    }
    for await (const page of this.pages()) {
      for (const item of page.items) {
        out.push(item);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }
}

function pickItems<Item, Body>(items: (body: Body) => Item[], body: Body): unknown {
  try {
    return items(body);
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}

function paginationOf(body: unknown): Pagination | undefined {
  const p = (body as { meta?: { pagination?: Partial<Pagination> } } | undefined)?.meta?.pagination;
  if (!p || typeof p.page !== 'number' || typeof p.total_pages !== 'number') return undefined;
  return p as Pagination;
}

function pageParam(url: string | undefined): number | undefined {
  if (!url) return undefined;
  try {
    const value = new URL(url, 'http://relative.invalid').searchParams.get('page');
    const n = value === null ? Number.NaN : Number(value);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The URI of the `Link` header entry with the given rel, or undefined.
 * Written by hand: the header grammar we need (`<uri>; rel="next", <uri>; rel="last"`) is a few
 * lines, smaller than any parser package.
 */
export function linkTarget(header: string | null, rel: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>(.*)/.exec(part.trim());
    if (!match) continue;
    const rels = /;\s*rel="?([^";]+)"?/i.exec(match[2] ?? '')?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(rel)) return match[1];
  }
  return undefined;
}
