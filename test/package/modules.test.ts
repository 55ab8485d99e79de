import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUDGET, bundle, ENTRIES, installPacked } from '../../scripts/size.mjs';
import {
  catalogModule,
  createClientWith,
  InvalidRequestError,
  type ModuleContext,
  shopsModule,
  skusModule,
  userModule,
} from '../../src/index.js';
import { newSandbox, sandboxOptions } from '../helpers/index.js';

describe('createClientWith', () => {
  it('makes a client with only the modules given, plus auth, usage, readUsage, request and forUser', async () => {
    const sandbox = newSandbox();
    const api = createClientWith({ catalog: catalogModule }, sandboxOptions(sandbox));

    const page = await api.catalog.search({ q: 'phone' });
    expect(page.items.length).toBeGreaterThan(0);
    const root = await api.request<{ category: { id: number } }>({ method: 'GET', path: '/categories/40' });
    expect(root.category.id).toBe(40);
    expect(Object.keys(api).sort()).toEqual(['auth', 'catalog', 'forUser', 'readUsage', 'request', 'usage']);
    expect(api.usage().calls).toBe(2);
    expect(sandbox.apiCalls().map((call) => call.path)).toEqual(['/search', '/categories/40']);
    // @ts-expect-error a module the client was not made with is not on its type
    expect(api.skus).toBeUndefined();
    // @ts-expect-error a module cannot take the name of a base member
    expect(() => createClientWith({ usage: catalogModule }, sandboxOptions(sandbox))).toThrow(/modules/);
  });

  it('puts each module under the name given, several sharing one core (limits, cache, budget)', async () => {
    const sandbox = newSandbox();
    const api = createClientWith({ prices: skusModule, stores: shopsModule }, sandboxOptions(sandbox));
    const sku = await api.prices.get(sandbox.data.skus[0]?.id ?? 0);
    const shop = await api.stores.get(sandbox.data.shops[0]?.id ?? 0);
    expect(sku.id).toBe(sandbox.data.skus[0]?.id);
    expect(shop.id).toBe(sandbox.data.shops[0]?.id);
    expect(api.usage().calls).toBe(2);
    // One application token for both modules.
    expect(sandbox.requests.filter((request) => request.path === '/oauth2/token')).toHaveLength(1);
  });

  it('userModule signs the user out after logout', async () => {
    const sandbox = newSandbox();
    const api = createClientWith({ user: userModule }, sandboxOptions(sandbox));
    const redirectUri = 'https://app.example/callback';
    const { url, state } = api.auth.authorizationUrl({ redirectUri, scopes: ['public'] });
    // The user's browser: the sandbox's authorize page signs its default user in and redirects back.
    const page = await sandbox.fetch(url, { redirect: 'manual' });
    await api.auth.handleCallback(page.headers.get('location') ?? '', { state, redirectUri });
    expect(await api.auth.signedIn()).toBe(true);
    await api.user.logout();
    expect(await api.auth.signedIn()).toBe(false);
  });

  it.each([
    ['a base name', { auth: catalogModule }],
    ['something not a module', { catalog: 'catalog' }],
    ['no object', null],
  ])('refuses %s before any request', (_, modules) => {
    const sandbox = newSandbox();
    const make = () =>
      createClientWith(
        modules as unknown as Record<string, (context: ModuleContext) => unknown>,
        sandboxOptions(sandbox),
      );
    expect(make).toThrow(InvalidRequestError);
    expect(make).toThrow(/modules/);
    expect(sandbox.requests).toHaveLength(0);
  });
});

describe('tree-shaking (browser ESM build of the packed package, as scripts/size.mjs measures it)', () => {
  let installed = '';
  beforeAll(() => {
    installed = installPacked().dir;
  }, 180_000);

  it('leaves the modules a client was not made with out of the bundle, within the size budget', async () => {
    const one = await bundle(ENTRIES.oneModule, installed);
    const whole = await bundle(ENTRIES.whole, installed);
    expect(one.text).toContain('"/search"');
    for (const path of ['"/flags"', '"/favorite_lists"', '"/user/logout"']) {
      expect(whole.text).toContain(path);
      expect(one.text).not.toContain(path);
    }
    expect(one.gzipped).toBeLessThanOrEqual(BUDGET.oneModule);
    expect(whole.gzipped).toBeLessThanOrEqual(BUDGET.whole);
  });

  it('ships no Node-only reader to a browser: neither PRICE_CATALOG_LOG nor system error codes', async () => {
    // package.json `browser` swaps log-env.ts and network-failure.ts for their -off twins, and
    // redirects.ts for its browser twin: a browser shows a script no redirect to follow.
    const whole = await bundle(ENTRIES.whole, installed);
    for (const nodeOnly of ['PRICE_CATALOG_LOG', 'ECONNREFUSED', 'EAI_AGAIN', 'Redirect loop']) {
      expect(whole.text).not.toContain(nodeOnly);
    }
    expect(whole.text).toContain('"/search"');
  });

  it('points the right way in a browser too: names by meaning, a string refused with the call to write', async () => {
    const entry = [
      "import { catalogModule, createClientWith } from 'price-catalog';",
      'export const sent = [];',
      'const fetch = async (url) => { sent.push(String(url)); return Response.json({ categories: [] }); };',
      "const api = createClientWith({ catalog: catalogModule }, { baseUrl: 'https://api.example.com', token: 't', fetch, validation: 'off' });",
      "const message = (call) => Promise.resolve(call).then(() => '', (error) => error.code + ': ' + error.message);",
      'export const messages = [',
      "  await message(api.catalog.search({ q: 'ab', per_page: 5 })),",
      "  await message(api.catalog.categories.skus(40, 'iphone')),",
      "  await message(api.catalog.search('iphone')),",
      '];',
    ].join('\n');
    const browserBuild = await bundle(entry, installed);
    const file = join(mkdtempSync(join(tmpdir(), 'price-catalog-browser-')), 'messages.mjs');
    writeFileSync(file, browserBuild.text);
    const run = (await import(pathToFileURL(file).href)) as { messages: string[]; sent: string[] };
    expect(run.messages).toEqual([
      'InvalidParam: unknown query parameter `per_page`; did you mean `per`?',
      'InvalidParam: GET /categories/:id/skus takes an object: { order_by: … }',
      '',
    ]);
    // Only the search given a string was sent, with the string as its `q`.
    expect(run.sent).toEqual(['https://api.example.com/search?q=iphone']);
    rmSync(dirname(file), { recursive: true, force: true });
  });
});
