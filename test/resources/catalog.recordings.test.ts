import { describe, expect, it } from 'vitest';
import { UnprocessableEntityError } from '../../src/index.js';
import { loadRecording, newSandbox, replay, sandboxClient } from '../helpers/index.js';

/** Each catalog recording answered through the public API: the data comes back untouched. */
function setup(name: string) {
  const sandbox = newSandbox();
  const recording = loadRecording(name);
  const { fetch, seen } = replay(sandbox, recording);
  const api = sandboxClient(sandbox, { fetch }).catalog;
  const body = recording.response.body as Record<string, unknown>;
  return { api, body, seen, params: recording.request.params };
}

describe('catalog recordings', () => {
  it('categories_show: categories.get', async () => {
    const { api, body, seen } = setup('categories_show');
    expect(await api.categories.get(88)).toEqual(body.category);
    expect(seen.map((u) => u.pathname)).toEqual(['/categories/88']);
  });

  it('children_api_category: categories.children, one page', async () => {
    const { api, body } = setup('children_api_category');
    const page = await api.categories.children(252);
    expect(page.items).toEqual(body.categories);
    expect(page.pagination).toEqual({ total_results: 3, total_pages: 1, page: 1, per: 25 });
    expect(page.hasNextPage()).toBe(false);
  });

  for (const name of [
    'category_skus_filters',
    'category_skus_manufacturers',
    'category_skus_with_applied_filters',
    'category_skus_with_available_filters',
  ]) {
    it(`${name}: categories.skus, next page from meta without a Link header`, async () => {
      const { api, body, seen, params } = setup(name);
      const categoryId = Number(/\/categories\/(\d+)/.exec(loadRecording(name).request.path)?.[1]);
      const page = await api.categories.skus(categoryId, { per: Number(params.per) });
      expect(page.items).toEqual(body.skus);
      expect(page.body).toEqual(body);
      expect(page.response.headers.get('link')).toBeNull();
      expect(page.hasNextPage()).toBe(true);
      expect(page.nextPageNumber()).toBe(2);
      expect(seen[0]?.searchParams.get('per')).toBe(String(params.per));
    });
  }

  it('category_specifications_with_group: include group', async () => {
    const { api, body, seen } = setup('category_specifications_with_group');
    const specs = await api.categories.specifications(40, { include: 'group' });
    expect(specs).toEqual(body);
    expect(specs.groups.length).toBeGreaterThan(0);
    expect(seen[0]?.searchParams.get('include')).toBe('group');
  });

  it('filter_groups_index: next page from the Link header', async () => {
    const { api, body } = setup('filter_groups_index');
    const page = await api.categories.filterGroups(40, { per: 2 });
    expect(page.items).toEqual(body.filter_groups);
    expect(page.nextPageNumber()).toBe(2);
  });

  it('manufacturers_index / manufacturers_show / categories / skus', async () => {
    let s = setup('manufacturers_index');
    expect((await s.api.manufacturers.list({ per: 2 })).items).toEqual(s.body.manufacturers);
    s = setup('manufacturers_show');
    expect(await s.api.manufacturers.get(12907)).toEqual(s.body.manufacturer);
    s = setup('manufacturer_categories');
    expect((await s.api.manufacturers.categories(356, { per: 2 })).items).toEqual(s.body.categories);
    s = setup('manufacturer_skus');
    expect((await s.api.manufacturers.skus(356, { per: 2 })).items).toEqual(s.body.skus);
  });

  for (const name of [
    'search_category_facade',
    'search_category_match',
    'search_latin_mapping',
    'search_manufacturer_match',
    'search_sku_match',
    'search_spelling',
  ]) {
    it(`${name}: search`, async () => {
      const { api, body, seen } = setup(name);
      const q = (body.meta as { q: string }).q;
      const page = await api.search({ q });
      expect(page.body).toEqual(body);
      expect(page.items).toEqual(body.categories);
      expect(seen[0]?.searchParams.get('q')).toBe(q);
    });
  }

  it('search_invalid: the server 422 maps to UnprocessableEntityError with code InvalidSearch', async () => {
    const { api } = setup('search_invalid');
    const error = await api.search({ q: 'xx' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error).toMatchObject({ status: 422, code: 'InvalidSearch' });
    expect((error as UnprocessableEntityError).messages[0]).toMatch(/2/);
  });
});
