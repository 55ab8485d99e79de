import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { type ErrorsBody, get, type Json } from './helpers.js';

const sandbox = createSandbox({ rateLimit: { limit: 10_000 } });
const token = sandbox.issueToken();

async function resolved(accept: string | undefined): Promise<string | null> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (accept !== undefined) headers.Accept = accept;
  const response = await sandbox.fetch(`${sandbox.baseUrl}/categories/root`, { headers });
  return response.status === 200 ? response.headers.get('x-sandbox-version') : `status ${response.status}`;
}

describe('version resolution', () => {
  it.each([
    [undefined, '3.2.1'],
    ['application/json', '3.2.1'],
    ['*/*', '3.2.1'],
    ['application/vnd.skroutz+json', '3.2.1'],
    ['application/vnd.skroutz+json; version=3', '3.0.23'],
    ['application/vnd.skroutz+json; version=3.0', '3.0.23'],
    ['application/vnd.skroutz+json; version=3.1', '3.1.3'],
    ['application/vnd.skroutz+json; version=3.1.0', '3.1.3'],
    ['application/vnd.skroutz+json; version=3.2', '3.2.1'],
    ['application/vnd.skroutz+json;version=3.2.0', '3.2.1'],
    ['application/vnd.skroutz+json; version=3.5', '3.2.1'],
    ['application/vnd.skroutz+json; version=4', 'status 406'],
    ['application/vnd.skroutz+json; version=2.9', 'status 406'],
    ['application/vnd.skroutz+json; version=x', 'status 406'],
    ['application/vnd.other+json; version=3.1', 'status 406'],
    ['text/html', 'status 406'],
  ])('Accept %s -> %s', async (accept, expected) => {
    expect(await resolved(accept)).toBe(expected);
  });

  it('answers 406 in the errors format', async () => {
    const response = await get(sandbox, token, '/categories/root', {
      Accept: 'application/vnd.other+json; version=3',
    });
    expect(((await response.json()) as ErrorsBody).errors[0]?.code).toBe('NotAcceptable');
  });

  it('honours another vendor word', async () => {
    const custom = createSandbox({ vendor: 'acme' });
    const response = await get(custom, custom.issueToken(), '/categories/root', {
      Accept: 'application/vnd.acme+json; version=3.1',
    });
    expect(response.headers.get('x-sandbox-version')).toBe('3.1.3');
  });
});

describe('fields by version', () => {
  const at = (version: string) => ({ Accept: `application/vnd.skroutz+json; version=${version}` });
  const bodyAt = async <T>(path: string, version: string): Promise<T> =>
    (await (await get(sandbox, token, path, at(version))).json()) as T;
  const sku = sandbox.data.skus.find((s) => !s.future && s.sizes !== null);
  const product = sandbox.data.products[0];
  if (!sku || !product) throw new Error('missing data');

  it('strips family_id before 3.1.2', async () => {
    const old = (await bodyAt<{ category: Json }>('/categories/40', '3.0')).category;
    const now = (await bodyAt<{ category: Json }>('/categories/40', '3.1')).category;
    expect(old).not.toHaveProperty('family_id');
    expect(now).toHaveProperty('family_id', 1269);
  });

  it('strips comparable, favorited, sizes and description by version', async () => {
    const list = async (version: string) =>
      (await bodyAt<{ skus: Json[] }>(`/categories/${sku.category_id}/skus?per=1`, version)).skus[0];
    const v30 = await list('3.0');
    const v31 = await list('3.1');
    const v32 = await list('3.2');
    expect(v30).not.toHaveProperty('comparable');
    expect(v30).not.toHaveProperty('favorited');
    expect(v31).toHaveProperty('comparable');
    expect(v31).toHaveProperty('favorited', false);
    expect(v31).not.toHaveProperty('sizes');
    expect(v31).not.toHaveProperty('description');
    expect(v32).toHaveProperty('sizes');
    expect(v32).toHaveProperty('description');
  });

  it('strips blp and immediate_pickup from products, order_by_methods from SKU list meta', async () => {
    const show = async (version: string) =>
      (await bodyAt<{ product: Json }>(`/products/${product.id}`, version)).product;
    expect(await show('3.0')).not.toHaveProperty('immediate_pickup');
    expect(await show('3.1')).toHaveProperty('immediate_pickup');
    // A product has `blp` from 3.1 (as recorded), alone and in lists alike.
    expect(await show('3.0')).not.toHaveProperty('blp');
    expect(await show('3.1')).toHaveProperty('blp');
    expect(await show('3.2')).toHaveProperty('blp');
    const listed = async (version: string) =>
      (await bodyAt<{ products: Json[] }>(`/skus/${product.sku_id}/products`, version)).products[0];
    expect(await listed('3.0')).not.toHaveProperty('blp');
    expect(await listed('3.1')).toHaveProperty('blp');
    expect(await listed('3.2')).toHaveProperty('blp');
    const meta = async (version: string) =>
      (await bodyAt<{ meta: Json }>('/categories/40/skus?per=1', version)).meta;
    expect(await meta('3.1')).not.toHaveProperty('order_by_methods');
    expect(await meta('3.2')).toHaveProperty('order_by_methods');
  });

  it('strips shipping_cost_enabled from shops before 3.1.1', async () => {
    const shop = async (version: string) =>
      (await bodyAt<{ shop: { shipping: Json } }>(`/shops/${product.shop_id}`, version)).shop;
    expect((await shop('3.0')).shipping).not.toHaveProperty('shipping_cost_enabled');
    expect((await shop('3.1')).shipping).toHaveProperty('shipping_cost_enabled');
  });

  it('serves the category specifications endpoint from 3.1.1 on', async () => {
    expect((await get(sandbox, token, '/categories/40/specifications', at('3.0'))).status).toBe(404);
    expect((await get(sandbox, token, '/categories/40/specifications', at('3.1'))).status).toBe(200);
  });
});
