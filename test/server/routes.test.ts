import { describe, expect, it } from 'vitest';
import { SERVED_ROUTES } from '../../src/server/index.js';
import { MOUNT, PHONE, setup } from './setup.js';

describe('createCatalogHandler: the documented endpoints, nothing else', () => {
  it('serves a public GET through one server-side client, with the API status and body', async () => {
    const { call, sandbox } = setup();
    const response = await call(`${MOUNT}/skus/${PHONE}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sku: { id: number } };
    expect(body.sku.id).toBe(PHONE);
    expect(response.headers.get('etag')).toBeTruthy();
    expect(sandbox.apiCalls({ path: `/skus/${PHONE}` })).toHaveLength(1);
  });

  it('passes the query on (sparse fieldsets, arrays, order) as the API reads it', async () => {
    const { call, sandbox } = setup();
    const response = await call(`${MOUNT}/categories/40/skus?per=2&order_by=pricevat&fields[root]=id,name`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { skus: Record<string, unknown>[] };
    expect(body.skus).toHaveLength(2);
    const sent = sandbox.apiCalls({ path: '/categories/40/skus' })[0];
    expect(Object.fromEntries(sent?.query ?? [])).toEqual({
      per: '2',
      order_by: 'pricevat',
      'fields[root]': 'id,name',
    });
    await call(`${MOUNT}/skus/${PHONE}/products?availability[]=instock&availability[]=preorder`);
    const listed = sandbox.apiCalls({ path: `/skus/${PHONE}/products` })[0];
    expect(listed?.query.getAll('availability[]')).toEqual(['instock', 'preorder']);
  });

  it("the API's Link header comes back under the mount path, so the browser pages through the handler", async () => {
    const { call, browser, sandbox } = setup({}, { linkHeaders: 'always' });
    const response = await call(`${MOUNT}/categories/40/skus?per=2`);
    const link = response.headers.get('link') as string;
    expect(link).toContain('</api/catalog/categories/40/skus?page=2&per=2>; rel="next"');
    expect(link).not.toContain(sandbox.baseUrl);
    const pages: number[] = [];
    for await (const page of browser.catalog.categories.skus(40, { per: 2 }).pages()) {
      pages.push(page.pagination?.page ?? 0);
      if (pages.length === 3) break;
    }
    expect(pages).toEqual([1, 2, 3]);
  });

  it("the API's own errors pass through with their status and body", async () => {
    const { call } = setup();
    const missing = await call(`${MOUNT}/skus/999999999`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ errors: [{ code: 'RecordNotFound' }] });
    const short = await call(`${MOUNT}/search?q=a`);
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ errors: [{ code: 'InvalidSearch' }] });
  });

  it.each([
    ['an unknown path', '/api/catalog/admin/users'],
    ['a path outside the mount', '/api/other/skus/1'],
    ['the token endpoint', '/api/catalog/oauth2/token'],
    ['a sub-path of a documented one', '/api/catalog/skus/1/products/2'],
    ['the mount itself', '/api/catalog'],
  ])('%s: 404 without an API call', async (_name, path) => {
    const { call, sandbox } = setup();
    const response = await call(path, { headers: { origin: 'https://shop.test' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ errors: [{ code: 'NotServed' }] });
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it.each([
    ['an encoded slash', '/api/catalog/skus/1%2F..%2Fuser'],
    ['an encoded backslash', '/api/catalog/skus/1%5cuser'],
    ['an encoded dot segment', '/api/catalog/skus/%2e%2e%2fuser'],
    ['an encoded NUL', '/api/catalog/skus/1%00'],
    ['an encoded line break (header injection)', '/api/catalog/skus/1%0d%0aX-Injected:%201'],
    ['an empty segment', '/api/catalog//skus/1'],
    ['a unicode segment', '/api/catalog/skus/%C3%A9'],
    ['a control character in a query value', '/api/catalog/search?q=ab%0d%0aX-Injected:%201'],
    ['a token in the query', '/api/catalog/categories?oauth_token=abc'],
    ['an odd query name', '/api/catalog/categories?a%0d=1'],
    ['a parameter given twice', '/api/catalog/categories?page=1&page=2'],
    ['an oversized query string', `/api/catalog/search?q=${'a'.repeat(3000)}`],
  ])('%s: 4xx without an API call', async (_name, path) => {
    const { call, sandbox } = setup();
    const response = await call(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it('`..` in the URL is resolved before routing and never reaches another path of the API', async () => {
    const { call, sandbox } = setup();
    const response = await call('/api/catalog/skus/../../../oauth2/token');
    expect(response.status).toBe(404);
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it('the route table holds every endpoint of the spec, user ones marked', () => {
    expect(SERVED_ROUTES.length).toBe(62);
    const user = SERVED_ROUTES.filter((r) => r.user).map((r) => `${r.method} ${r.path}`);
    expect(user).toContain('POST /favorites');
    expect(user).toContain('GET /notifications');
    expect(user).toContain('PATCH /user');
    expect(SERVED_ROUTES.filter((r) => !r.user).every((r) => r.method === 'GET')).toBe(true);
  });
});
