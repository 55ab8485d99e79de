import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import {
  type ErrorsBody,
  get,
  getJson,
  type Json,
  linkRel,
  obtainToken,
  type Pagination,
} from './helpers.js';

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = createSandbox({ rateLimit: { limit: 1000 } });
  token = await obtainToken(sandbox);
});

describe('pagination', () => {
  it('walks every page of a list by Link rel="next"', async () => {
    const seen: number[] = [];
    let url: string | undefined = `${sandbox.baseUrl}/manufacturers?per=7`;
    let pages = 0;
    while (url) {
      const response = await get(sandbox, token, url);
      const body = (await response.json()) as { manufacturers: Json[]; meta: { pagination: Pagination } };
      seen.push(...body.manufacturers.map((m) => Number(m.id)));
      url = linkRel(response.headers.get('link'), 'next');
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(40 / 7));
    expect(seen).toEqual(sandbox.data.manufacturers.map((m) => m.id).sort((a, b) => a - b));
  });

  it('writes absolute Link URLs that keep the other params, with first/prev/last/next', async () => {
    const response = await get(sandbox, token, '/categories/40/filter_groups?per=2&page=2&x=1');
    const link = response.headers.get('link');
    expect(linkRel(link, 'next')).toBe(`${sandbox.baseUrl}/categories/40/filter_groups?page=3&per=2&x=1`);
    expect(linkRel(link, 'prev')).toBe(`${sandbox.baseUrl}/categories/40/filter_groups?page=1&per=2&x=1`);
    expect(linkRel(link, 'first')).toBe(`${sandbox.baseUrl}/categories/40/filter_groups?page=1&per=2&x=1`);
    const total = sandbox.data.filterGroups.filter((g) => g.category_id === 40).length;
    expect(linkRel(link, 'last')).toBe(
      `${sandbox.baseUrl}/categories/40/filter_groups?page=${Math.ceil(total / 2)}&per=2&x=1`,
    );
  });

  it('keeps array params and never puts a token in a link', async () => {
    const response = await sandbox.fetch(
      `${sandbox.baseUrl}/categories/40/manufacturers?per=2&oauth_token=${token}&x[]=1&x[]=2`,
    );
    const next = linkRel(response.headers.get('link'), 'next') ?? '';
    expect(next).not.toContain('oauth_token');
    expect(new URL(next).searchParams.getAll('x[]')).toEqual(['1', '2']);
  });

  it('walks /categories/:id/skus by meta.pagination: it sends no Link header', async () => {
    const ids: number[] = [];
    let page = 1;
    let totalPages = 1;
    do {
      const response = await get(sandbox, token, `/categories/40/skus?per=100&page=${page}`);
      expect(response.headers.get('link')).toBeNull();
      const body = (await response.json()) as { skus: Json[]; meta: { pagination: Pagination } };
      ids.push(...body.skus.map((s) => Number(s.id)));
      totalPages = body.meta.pagination.total_pages;
      page += 1;
    } while (page <= totalPages);
    const expected = sandbox.data.skus.filter((s) => s.category_id === 40);
    expect(expected.length).toBeGreaterThanOrEqual(320);
    expect(new Set(ids)).toEqual(new Set(expected.map((s) => s.id)));
    expect(ids).toHaveLength(expected.length);
  });

  it("linkHeaders 'always' and 'never' override the default", async () => {
    const always = createSandbox({ linkHeaders: 'always' });
    const response = await get(always, always.issueToken(), '/categories/40/skus?per=10');
    expect(linkRel(response.headers.get('link'), 'next')).toContain('page=2');
    const never = createSandbox({ linkHeaders: 'never' });
    expect((await get(never, never.issueToken(), '/manufacturers?per=10')).headers.get('link')).toBeNull();
  });

  it('defaults per to 25, caps it at 100, and answers an empty list past the last page', async () => {
    const first = await getJson<{ skus: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      '/categories/40/skus',
    );
    expect(first.skus).toHaveLength(25);
    expect(first.meta.pagination.per).toBe(25);
    const capped = await getJson<{ skus: Json[]; meta: { pagination: Pagination } }>(
      sandbox,
      token,
      '/categories/40/skus?per=500',
    );
    expect(capped.skus).toHaveLength(100);
    expect(capped.meta.pagination.per).toBe(100);
    const past = await get(sandbox, token, '/manufacturers?page=99');
    const body = (await past.json()) as { manufacturers: Json[]; meta: { pagination: Pagination } };
    expect(body.manufacturers).toEqual([]);
    expect(body.meta.pagination).toMatchObject({ page: 99, total_results: 40 });
    expect(linkRel(past.headers.get('link'), 'next')).toBeUndefined();
  });

  it.each(['0', '-1', '2.5', 'abc'])('refuses per=%s and page=%s with 400', async (value) => {
    for (const param of ['per', 'page']) {
      const response = await get(sandbox, token, `/manufacturers?${param}=${value}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorsBody).errors[0]?.code).toBe('InvalidParameter');
    }
  });
});
