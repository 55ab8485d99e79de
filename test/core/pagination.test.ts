import { describe, expect, it, vi } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';
import { drive } from '../helpers/timers.js';

describe('PagePromise', () => {
  it('await gives the first page with pagination, rate limit and navigation', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const page = await api.manufacturers.list({ per: 15 });
    expect(page.items).toHaveLength(15);
    expect(page.pagination).toEqual({ total_results: 40, total_pages: 3, page: 1, per: 15 });
    expect(page.rateLimit?.limit).toBe(100);
    expect(page.hasNextPage()).toBe(true);
    const second = await page.getNextPage();
    expect(second.pagination?.page).toBe(2);
    const third = await second.getNextPage();
    expect(third.items).toHaveLength(10);
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toBeInstanceOf(InvalidRequestError);
  });

  it('follows Link rel="next" when sent, and meta.pagination when not', async () => {
    for (const linkHeaders of ['always', 'never'] as const) {
      const sandbox = newSandbox({ linkHeaders });
      const api = sandboxClient(sandbox).catalog;
      const names = (await api.manufacturers.list({ per: 7 }).toArray()).map((m) => m.id);
      expect(names).toHaveLength(40);
      const calls = sandbox.apiCalls({ path: '/manufacturers' });
      expect(calls).toHaveLength(6);
      expect(calls.map((c) => c.query.get('page'))).toEqual([null, '2', '3', '4', '5', '6']);
    }
  });

  it('.pages() yields pages; starting from a given page', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const seen: number[] = [];
    for await (const page of api.manufacturers.list({ per: 10, page: 2 }).pages()) {
      seen.push(page.pagination?.page ?? 0);
    }
    expect(seen).toEqual([2, 3, 4]);
  });

  it('.toArray({ limit }) stops fetching once it has enough', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const some = await api.manufacturers.list({ per: 10 }).toArray({ limit: 15 });
    expect(some).toHaveLength(15);
    expect(sandbox.apiCalls({ path: '/manufacturers' })).toHaveLength(2);
    expect(await api.manufacturers.list().toArray({ limit: 0 })).toEqual([]);
  });

  it('breaking out of for await fetches no further page', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    let n = 0;
    for await (const _ of api.manufacturers.list({ per: 5 })) {
      if (++n === 7) break;
    }
    expect(sandbox.apiCalls({ path: '/manufacturers' })).toHaveLength(2);
  });

  it('stops on an empty page and never refetches a page it has seen', async () => {
    const sandbox = newSandbox();
    let calls = 0;
    // A misbehaving server: says there are 9 pages, links page 2 back to page 1, and page 3 is empty.
    const api = sandboxClient(sandbox, {
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        if (url.pathname !== '/manufacturers') return sandbox.fetch(request);
        calls++;
        const page = Number(url.searchParams.get('page') ?? 1);
        const items = page >= 3 ? [] : [{ id: page, name: `m${page}`, image_url: null }];
        const next = page === 2 ? 1 : page + 1;
        return Response.json(
          { manufacturers: items, meta: { pagination: { total_results: 9, total_pages: 9, page, per: 1 } } },
          { headers: { link: `<${url.origin}/manufacturers?page=${next}>; rel="next"` } },
        );
      },
    }).catalog;
    expect((await api.manufacturers.list().toArray()).map((m) => m.id)).toEqual([1, 2]);
    expect(calls).toBe(2);

    const ids: number[] = [];
    calls = 0;
    const fromThree = sandboxClient(sandbox, {
      fetch: async (input, init) => {
        calls++;
        const request = new Request(input, init);
        if (new URL(request.url).pathname !== '/manufacturers') return sandbox.fetch(request);
        return Response.json({
          manufacturers: [],
          meta: { pagination: { total_results: 9, total_pages: 9, page: 3, per: 1 } },
        });
      },
    }).catalog;
    for await (const m of fromThree.manufacturers.list({ page: 3 })) ids.push(m.id);
    expect(ids).toEqual([]);
    expect(calls).toBe(2); // the token and the one empty page
  });

  it('rejects bad page and per before sending', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    await expect(api.manufacturers.list({ per: 0 })).rejects.toThrow(/per must be an integer/);
    await expect(api.manufacturers.list({ page: 1.5 })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(sandbox.requests).toHaveLength(0);
  });

  it('withResponse() gives data, response and rateLimit', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const { data, response, rateLimit } = await api.categories.root().withResponse();
    expect(data.parent_id).toBe(0);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\//);
    expect(rateLimit).toEqual({ limit: 100, remaining: 99, reset: expect.any(Number) });
    const listed = await api.manufacturers.list().withResponse();
    expect(listed.data.items).toHaveLength(25);
    expect(listed.rateLimit?.remaining).toBe(98);
  });

  it('a call is a promise of its data: then, catch and finally, each view consumed alone', async () => {
    const sandbox = newSandbox();
    const api = sandboxClient(sandbox).catalog;
    const call = api.categories.get(40);
    // then() without a callback passes the data on; twice on one call, one request.
    expect((await call.then()).id).toBe(40);
    expect(await call.then((category) => category.name)).toBe((await call).name);
    let settled = 0;
    const kept = await call.finally(() => {
      settled++;
    });
    expect([kept.id, settled]).toEqual([40, 1]);
    expect(sandbox.apiCalls({ path: '/categories/40' })).toHaveLength(1);
    const missing = api.categories.get(999_999);
    const caught = await missing.catch((error: unknown) => (error as Error).name);
    expect(caught).toBe('NotFoundError');
    await expect(missing.finally(() => settled++)).rejects.toMatchObject({ name: 'NotFoundError' });
    expect(settled).toBe(2);
    await expect(missing.withResponse()).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});

describe('PagePromise.concurrency()', () => {
  it('prefetches pages when total_pages is known: same items in the same order, each page once, faster', async () => {
    vi.useFakeTimers();
    try {
      const sandbox = newSandbox({ latencyMs: 50 });
      const api = sandboxClient(sandbox, { cache: false }).catalog;
      const walk = async (n: number) => {
        const start = Date.now();
        const ids: number[] = [];
        await drive(
          (async () => {
            for await (const sku of api.categories.skus(40, { per: 10 }).concurrency(n)) ids.push(sku.id);
          })(),
          5,
        );
        return { ids, ms: Date.now() - start };
      };
      const sequential = await walk(1);
      sandbox.clearRequests();
      const prefetched = await walk(8);
      expect(prefetched.ids).toEqual(sequential.ids);
      expect(sequential.ids).toHaveLength(340);
      const pages = sandbox.apiCalls({ path: '/categories/40/skus' }).map((r) => r.query.get('page') ?? '1');
      expect(pages).toHaveLength(34);
      expect(new Set(pages).size).toBe(34);
      expect(sequential.ms / prefetched.ms).toBeGreaterThanOrEqual(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('goes through the rate limiter: zero calls over the limit', async () => {
    vi.useFakeTimers();
    try {
      const sandbox = newSandbox({ rateLimit: { limit: 5, windowMs: 1_000 } });
      const api = sandboxClient(sandbox, { cache: false }).catalog;
      const items = await drive(api.categories.skus(40, { per: 20 }).concurrency(10).toArray(), 20);
      expect(items).toHaveLength(340);
      expect(sandbox.stats.overLimit).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a concurrency below 1', () => {
    const api = sandboxClient(newSandbox()).catalog;
    const list = api.manufacturers.list();
    expect(() => list.concurrency(0)).toThrow(InvalidRequestError);
  });
});
