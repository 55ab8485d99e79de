import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { type ErrorsBody, get, getJson, type Json, obtainToken, type Pagination } from './helpers.js';

interface SearchBody {
  categories: Json[];
  meta: {
    q: string;
    alternatives: {
      term: string;
      count: number;
      drop: { token: string; dropped: boolean }[];
      important: boolean;
    }[];
    strong_matches: { category?: Json; manufacturer?: Json; sku?: Json };
    pagination?: Pagination;
  };
}

let sandbox: Sandbox;
let token: string;

beforeAll(async () => {
  sandbox = createSandbox();
  token = await obtainToken(sandbox);
});

describe('GET /search', () => {
  it('matches categories by the names of their SKUs, with match_count', async () => {
    const body = await getJson<SearchBody>(sandbox, token, '/search?q=iphone');
    const ids = body.categories.map((c) => c.id);
    expect(ids).toContain(40);
    expect(ids).toContain(579);
    const phones = body.categories.find((c) => c.id === 40);
    const expected = sandbox.data.skus.filter(
      (s) => s.category_id === 40 && s.display_name.toLowerCase().includes('iphone'),
    ).length;
    expect(phones?.match_count).toBe(expected);
    expect(body.meta).toMatchObject({ q: 'iphone', alternatives: [], strong_matches: {} });
    expect(body.meta.pagination).toEqual({
      total_results: body.categories.length,
      total_pages: 1,
      page: 1,
      per: 25,
    });
  });

  it('matches category names, accents and case folded, with a strong category match', async () => {
    const body = await getJson<SearchBody>(
      sandbox,
      token,
      `/search?q=${encodeURIComponent('κινητα τηλεφωνα')}`,
    );
    expect(body.categories[0]?.id).toBe(40);
    expect(body.meta.strong_matches.category).toMatchObject({ id: 40, name: 'Κινητά Τηλέφωνα' });
    expect(body.meta.strong_matches.category).not.toHaveProperty('match_count');
  });

  it('gives a strong manufacturer match, and a strong SKU match for a single hit', async () => {
    const apple = await getJson<SearchBody>(sandbox, token, '/search?q=apple');
    expect(apple.meta.strong_matches.manufacturer).toEqual({
      id: 356,
      name: 'Apple',
      image_url: expect.anything() as unknown,
    });
    const sku = sandbox.data.skus.find((s) => s.category_id === 40);
    if (!sku) throw new Error('no sku');
    const exact = await getJson<SearchBody>(
      sandbox,
      token,
      `/search?q=${encodeURIComponent(sku.display_name)}`,
    );
    expect(exact.meta.strong_matches.sku).toMatchObject({ id: sku.id, display_name: sku.display_name });
  });

  it('suggests the Latin word for a query typed on a Greek keyboard', async () => {
    const body = await getJson<SearchBody>(sandbox, token, `/search?q=${encodeURIComponent('ιπηονε')}`);
    expect(body.categories).toEqual([]);
    expect(body.meta.alternatives).toEqual([
      { term: 'iphone', count: expect.any(Number) as unknown, drop: [], important: true },
    ]);
    expect(body.meta.pagination).toBeUndefined();
  });

  it('answers a misspelt query with the results of its correction, and suggests words to drop', async () => {
    const typo = await getJson<SearchBody>(sandbox, token, '/search?q=samsnug');
    const right = await getJson<SearchBody>(sandbox, token, '/search?q=samsung');
    expect(typo.categories).toEqual(right.categories);
    expect(typo.categories.length).toBeGreaterThan(0);
    expect(typo.meta).toMatchObject({ q: 'samsnug', alternatives: [], strong_matches: {} });
    expect(typo.meta.pagination).toEqual(right.meta.pagination);
    const extra = await getJson<SearchBody>(sandbox, token, '/search?q=galaxy%20qqqqqqqq');
    expect(extra.meta.alternatives).toContainEqual({
      term: 'galaxy',
      count: expect.any(Number) as unknown,
      drop: [
        { token: 'galaxy', dropped: false },
        { token: 'qqqqqqqq', dropped: true },
      ],
      important: false,
    });
  });

  it('answers an unmatched query with empty categories and alternatives', async () => {
    const body = await getJson<SearchBody>(sandbox, token, '/search?q=zzzzzzzzzzzz');
    expect(body).toEqual({
      categories: [],
      meta: { q: 'zzzzzzzzzzzz', alternatives: [], strong_matches: {} },
    });
  });

  it('refuses a query under 2 characters with 422 InvalidSearch', async () => {
    for (const q of ['', 'a', ' b ']) {
      const response = await get(sandbox, token, `/search?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(422);
      const body = (await response.json()) as ErrorsBody;
      expect(body.errors[0]?.code).toBe('InvalidSearch');
      expect(body.errors[0]?.messages[0]).toMatch(/2/);
    }
  });

  it('paginates the categories with Link headers', async () => {
    const response = await get(sandbox, token, '/search?q=samsung&per=2');
    expect(response.headers.get('link')).toContain('rel="next"');
    const body = (await response.json()) as SearchBody;
    expect(body.categories).toHaveLength(2);
    expect(body.meta.pagination?.total_pages).toBeGreaterThan(1);
  });
});

describe('GET /autocomplete', () => {
  it('suggests keyphrases with a highlight index and category hints', async () => {
    const body = await getJson<{ autocomplete: { k: string; i: number; d?: { n: string; id: number } }[] }>(
      sandbox,
      token,
      '/autocomplete?q=gala',
    );
    expect(body.autocomplete.length).toBeGreaterThan(0);
    expect(body.autocomplete.length).toBeLessThanOrEqual(10);
    for (const entry of body.autocomplete) {
      expect(entry.k).toContain('gala');
      expect(entry.k.slice(entry.i - 4, entry.i)).toBe('gala');
    }
    expect(body.autocomplete[0]?.d).toEqual({
      n: expect.any(String) as unknown,
      id: expect.any(Number) as unknown,
    });
  });

  it('answers an empty list for an empty or unknown prefix', async () => {
    expect(await getJson(sandbox, token, '/autocomplete?q=')).toEqual({ autocomplete: [] });
    expect(await getJson(sandbox, token, '/autocomplete?q=qqqq')).toEqual({ autocomplete: [] });
  });
});
