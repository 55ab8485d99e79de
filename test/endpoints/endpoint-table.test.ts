import { describe, expect, it } from 'vitest';
import type { EndpointCall } from '../../src/index.js';
import {
  createClient,
  ENDPOINT_ROWS,
  ENDPOINTS,
  METHODS,
  matchEndpoint,
  PagePromise,
} from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';

function client() {
  const sandbox = createSandbox();
  return createClient({ baseUrl: sandbox.baseUrl, token: sandbox.issueToken(), fetch: sandbox.fetch });
}

/** The client method a row names: `skus.reviews.list` is `api.skus.reviews.list`. */
function methodOf(api: object, name: string): unknown {
  return name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], api);
}

describe('the endpoint table', () => {
  it('has one row per method and path, each backing a method of the client that takes the arguments the row places', () => {
    const api = client();
    const keys = ENDPOINT_ROWS.map((row) => `${row.method} ${row.path.replace(/:[a-z_]+/g, ':')}`);
    expect(new Set(keys).size).toBe(ENDPOINT_ROWS.length);
    for (const row of ENDPOINT_ROWS) {
      const method = methodOf(api, row.name);
      expect(typeof method, row.name).toBe('function');
      // Every argument the row places is a parameter of the method, then its options.
      expect((method as () => unknown).length, row.name).toBe(row.args.length + 1);
      expect(row.args, row.name).not.toContain('options');
      for (const param of row.pathParams) expect(row.args, row.name).toContain(param.name);
    }
  });

  it("a list's method gives a PagePromise; every other read does not", () => {
    const api = client();
    for (const row of ENDPOINT_ROWS.filter((r) => r.method === 'GET')) {
      const args = [
        ...row.args.map((slot) =>
          slot === 'params' ? { q: 'phone', shop_uid: 'x', lat: 1, lng: 1 } : 2119391,
        ),
        { signal: AbortSignal.abort() },
      ];
      const result = (methodOf(api, row.name) as (...a: unknown[]) => Promise<unknown>)(...args);
      result.catch(() => undefined);
      expect(result instanceof PagePromise, row.name).toBe(row.pagination === 'pages');
    }
  });

  it('matchEndpoint finds the row of a request: the most literal template wins, then the method', () => {
    expect(matchEndpoint('GET', '/categories/root')?.row.name).toBe('catalog.categories.root');
    expect(matchEndpoint('GET', '/categories/40')).toMatchObject({
      row: { name: 'catalog.categories.get' },
      params: { id: '40' },
    });
    expect(matchEndpoint('GET', '/shops/search')?.row.name).toBe('shops.search');
    expect(matchEndpoint('DELETE', '/favorite_lists/-40')?.params).toEqual({ id: '-40' });
    expect(matchEndpoint('POST', '/skus/7/reviews/3/votes')?.params).toEqual({ sku_id: '7', review_id: '3' });
    expect(matchEndpoint('PATCH', '/skus/7')).toBeUndefined();
    expect(matchEndpoint('GET', '/skus/7/unknown')).toBeUndefined();
    expect(matchEndpoint('GET', '/skus/..%2f')).toBeUndefined();
  });

  it('rows carry what the spec says: user and scope, cache class, query names as the API spells them, version', () => {
    expect(ENDPOINTS['favorites.create']).toMatchObject({ method: 'POST', user: true, scope: 'favorites' });
    expect(ENDPOINTS['catalog.categories.filterGroups']).toMatchObject({
      maxAge: 300,
      user: false,
      scope: 'public',
    });
    expect(ENDPOINTS['skus.reviews.vote'].query.map((q) => q.name)).toEqual(['vote[helpful]', 'embed']);
    expect(ENDPOINTS['catalog.categories.skus'].query).toContainEqual({ name: 'filter_ids', kind: 'array' });
    expect(ENDPOINTS['catalog.categories.specifications'].since).toBe('3.1.1');
    expect(
      ENDPOINT_ROWS.filter((row) => !row.documented)
        .map((row) => row.name)
        .sort(),
    ).toEqual(['favorites.forSku', 'shops.findLocations', 'skus.similar']);
  });

  it('checks a one-valued parameter against the values its row lists, before sending; the full row lists them too', async () => {
    const sandbox = createSandbox();
    const api = createClient({
      baseUrl: sandbox.baseUrl,
      getToken: () => sandbox.issueUserToken(),
      fetch: sandbox.fetch,
    });
    const checked = Object.entries(METHODS as Record<string, EndpointCall>).filter(
      ([, spec]) => spec.values !== undefined,
    );
    expect(checked.map(([name]) => name).sort()).toEqual([
      'catalog.categories.manufacturers',
      'catalog.categories.skus',
      'catalog.categories.specifications',
      'catalog.manufacturers.categories',
      'catalog.manufacturers.skus',
      'favorites.list',
      'skus.reviews.list',
      'skus.specifications',
    ]);
    for (const [name, spec] of checked) {
      const row = ENDPOINTS[name as keyof typeof ENDPOINTS];
      for (const [param, allowed] of Object.entries(spec.values ?? {})) {
        expect(row.query.find((q) => q.name === param)?.values, `${name} ${param}`).toEqual(allowed);
        sandbox.clearRequests();
        const args = spec.args.map((slot) => (slot === 'params' ? { [param]: 'sideways' } : 2119391));
        const call = (methodOf(api, name) as (...a: unknown[]) => Promise<unknown>)(...args);
        await expect(call, `${name} ${param}`).rejects.toMatchObject({
          name: 'InvalidRequestError',
          code: 'InvalidParam',
          param,
          message: expect.stringContaining(`${param} must be one of ${allowed.join(', ')}, got`),
        });
        expect(sandbox.requests, `${name} ${param}`).toHaveLength(0);
      }
    }
  });
});
