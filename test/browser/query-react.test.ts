import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_USERS, type SandboxServer } from '../../src/sandbox/index.js';
import { createCatalogHandler, toNodeHandler } from '../../src/server/index.js';
import { bundlePage, launchChromium, repo } from './chromium.js';

const CATEGORY = 40;

let browser: Browser | undefined;
let script = '';
let site: { url: string; close: () => Promise<void> } | undefined;

type NodeApi = (req: IncomingMessage, res: ServerResponse) => unknown;
interface Queries {
  __queries: { isFetching(): number };
}

/** The app's server: the page's HTML and bundled script, and `api` (if given) at /api/catalog/. */
async function serve(app: string, api?: NodeApi, host = '127.0.0.1') {
  const pages: Record<string, [string, string]> = {
    '/': [
      'text/html',
      '<!doctype html><meta charset="utf-8"><div id="root"></div><script type="module" src="/app.js"></script>',
    ],
    '/app.js': ['text/javascript', app],
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (api && path.startsWith('/api/catalog/')) return void api(req, res);
    const found = pages[path];
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': found[0], 'cache-control': 'no-store' });
    res.end(found[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    url: `http://${host}:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  // React and TanStack Query come from the repository, as an app has its own.
  script = await bundlePage('test/browser/query-react-app.js', {
    fromRepository: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  site = await serve(script);
  browser = await launchChromium();
  await mkdir(join(repo, 'test-results'), { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('price-catalog/query in Chromium, with @tanstack/react-query', () => {
  it('through price-catalog/server: signs in there, shows a category, loads more SKUs, favorites one', async () => {
    const sandbox = createSandbox();
    const api = await sandbox.listen();
    const handler = createCatalogHandler({
      baseUrl: api.baseUrl,
      authUrl: api.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      logLevel: 'off',
    });
    // localhost: the browser keeps the handler's Secure session cookie there over plain http.
    const app = await serve(script, toNodeHandler(handler), 'localhost');
    const context = await (browser as Browser).newContext();
    const logs: string[] = [];
    try {
      const page = await context.newPage();
      page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
      await page.goto(`${app.url}/?${new URLSearchParams({ mode: 'handler', category: String(CATEGORY) })}`);
      const skus = page.locator('#skus li');
      await page.locator('#category, #failed').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('#failed').count(), logs.join('\n')).toBe(0);
      await expect.poll(() => skus.count()).toBe(5);
      await page.locator('#more').click();
      await expect.poll(() => skus.count()).toBe(10);
      // The sandbox's default user, signed in through the handler, has favorites already.
      const count = async () => Number((await page.locator('#favorites').textContent())?.split(' ')[0]);
      const before = await count();
      expect(before).toBeGreaterThan(0);

      const target = skus.filter({ has: page.locator('button') }).first();
      const skuId = Number(await target.getAttribute('data-sku'));
      await target.locator('button').click();
      await page.locator(`li[data-sku="${skuId}"] .favorite`).waitFor({ timeout: 30_000 });
      expect(await count()).toBe(before + 1);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as Queries).__queries.isFetching()))
        .toBe(0);
      await page.screenshot({ path: join(repo, 'test-results', 'query-react-handler.png'), fullPage: true });

      const posts = sandbox.apiCalls({ method: 'POST', path: '/favorites' });
      expect(posts).toHaveLength(1);
      expect(posts[0]?.status).toBe(201);
      // The user's favorites, read at first and again after the write made them stale.
      expect(sandbox.apiCalls({ path: '/favorites', method: 'GET' }).length).toBeGreaterThanOrEqual(2);
      expect(
        sandbox.apiCalls({ path: `/categories/${CATEGORY}/skus` }).map((c) => c.query.get('page')),
      ).toEqual(expect.arrayContaining([null, '2'])); // page 1 goes without page=1 (the handler drops the default)
      // Every call to the API came from the server, none from the page.
      expect(sandbox.apiCalls().every((call) => call.headers.get('origin') === null)).toBe(true);
    } finally {
      await context.close();
      await app.close();
      await api.close();
    }
  }, 120_000);

  it('against the loopback sandbox server (cross-origin) with a user token the backend handed over', async () => {
    const sandbox = createSandbox();
    const userId = SANDBOX_USERS.carol;
    const grant = sandbox.issueUserToken({ userId });
    let server: SandboxServer | undefined;
    const context = await (browser as Browser).newContext();
    const logs: string[] = [];
    try {
      server = await sandbox.listen();
      const page = await context.newPage();
      page.on('console', (message) => logs.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
      const query = new URLSearchParams({
        server: server.url,
        token: grant.access_token,
        user: String(userId),
        category: String(CATEGORY),
      });
      await page.goto(`${site?.url}/?${query}`);
      const skus = page.locator('#skus li');
      await page.locator('#category, #failed').first().waitFor({ timeout: 30_000 });
      expect(await page.locator('#failed').count(), logs.join('\n')).toBe(0);
      const category = await sandbox.apiCalls({ path: `/categories/${CATEGORY}` });
      expect(category).toHaveLength(1);
      await expect.poll(() => skus.count()).toBe(5);

      await page.locator('#more').click();
      await expect.poll(() => skus.count()).toBe(10);
      const pages = sandbox.apiCalls({ path: `/categories/${CATEGORY}/skus` });
      expect(pages.map((call) => call.query.get('page') ?? '1')).toEqual(['1', '2']);
      expect(await page.locator('#favorites').textContent()).toBe('0 favorites');

      sandbox.clearRequests();
      const seventh = skus.nth(6);
      const skuId = Number(await seventh.getAttribute('data-sku'));
      await seventh.locator('button').click();
      await page.locator(`li[data-sku="${skuId}"] .favorite`).waitFor({ timeout: 30_000 });
      expect(await page.locator('#favorites').textContent()).toBe('1 favorites');
      // Until every query the write made stale is fetched again.
      await expect
        .poll(() => page.evaluate(() => (window as unknown as Queries).__queries.isFetching()))
        .toBe(0);
      await page.screenshot({ path: join(repo, 'test-results', 'query-react.png'), fullPage: true });

      // The write, then what the SDK says it makes stale, each fetched again once: the favorites
      // list and the category's SKU pages (a favorite shows on its category and its SKU). The
      // category itself (max-age=300) is answered by the browser's own HTTP cache.
      const calls = sandbox.apiCalls().map((call) => `${call.method} ${call.path}?${call.query}`);
      expect(calls.sort()).toEqual(
        [
          'POST /favorites?',
          'GET /favorites?',
          `GET /categories/${CATEGORY}/skus?per=5&page=1`,
          `GET /categories/${CATEGORY}/skus?per=5&page=2`,
        ].sort(),
      );
      // The favorite is the user's, on the server.
      const favorites = sandbox.apiCalls({ method: 'POST' });
      expect(favorites).toHaveLength(1);
      expect(favorites[0]?.status).toBe(201);
      // Every call came from the page's origin with the user's token.
      expect([...new Set(sandbox.apiCalls().map((call) => call.headers.get('origin')))]).toEqual([site?.url]);
    } finally {
      await context.close();
      await server?.close();
    }
  }, 120_000);
});
