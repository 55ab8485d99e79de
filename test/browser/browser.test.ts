// The package in a real browser: Debian's chromium (`node scripts/system-deps.mjs chromium`,
// which `npm test` runs first; never a browser download) driven by playwright-core, loading a
// page bundled by esbuild from the packed tarball installed outside the repository (dist/
// through its `exports`, as a user's bundler sees it). The page (test/browser/app.js) signs in,
// searches, pages through a category, shows an error and two refusals against the sandbox in each
// of its three forms. Screenshots go to test-results/ (gitignored).
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SANDBOX_USER_ID, type SandboxServer } from '../../src/sandbox/index.js';
import { bundlePage, launchChromium, repo } from './chromium.js';

interface PageResult {
  mode: string;
  failed?: string;
  userId?: number;
  signedIn?: boolean;
  searchCount?: number;
  pages?: { page: number; ids: number[] }[];
  error?: { notFound: boolean; status: number; message: string };
  refusals?: string[];
  controlled?: boolean;
}

let browser: Browser | undefined;
let site: Server | undefined;
let siteUrl = '';

/** The static server of the page: its HTML, the bundled app, msw's worker script, the callback. */
function serve(app: string, worker: string): Promise<string> {
  const pages: Record<string, [string, string]> = {
    '/': [
      'text/html',
      '<!doctype html><meta charset="utf-8"><h1>price-catalog</h1><ul id="out"></ul><script type="module" src="/app.js"></script>',
    ],
    '/app.js': ['text/javascript', app],
    '/mockServiceWorker.js': ['text/javascript', worker],
    '/callback': ['text/html', '<!doctype html><p>signed in</p>'],
  };
  const server = createServer((req, res) => {
    const found = pages[new URL(req.url ?? '/', 'http://x').pathname];
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    // The callback is reached by a fetch redirected from another origin: it must allow any origin.
    res.writeHead(200, {
      'content-type': found[0],
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
    });
    res.end(found[1]);
  });
  site = server;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  // msw is an optional peer: it comes from the repository, as a user of the msw worker has it.
  const script = await bundlePage('test/browser/app.js', { fromRepository: true });
  const worker = readFileSync(join(repo, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8');
  siteUrl = await serve(script, worker);
  browser = await launchChromium();
  await mkdir(join(repo, 'test-results'), { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
});

/** Opens the page in a fresh browser context (own storage and service workers) and waits for its result. */
async function runPage(query: string, mode: string): Promise<PageResult> {
  const context = await (browser as Browser).newContext();
  try {
    const page = await context.newPage();
    const console: string[] = [];
    page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => console.push(`pageerror: ${error.message}`));
    await page.goto(`${siteUrl}/?${query}`);
    await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, null, {
      timeout: 60_000,
    });
    const result = (await page.evaluate(
      () => (window as unknown as { __result: unknown }).__result,
    )) as PageResult;
    await page.screenshot({ path: join(repo, 'test-results', `browser-${mode}.png`), fullPage: true });
    expect(result.failed, console.join('\n')).toBeUndefined();
    expect(await page.locator('#out li').count()).toBeGreaterThanOrEqual(7);
    return result;
  } finally {
    await context.close();
  }
}

function expectTheFlow(result: PageResult): void {
  expect(result.userId).toBe(SANDBOX_USER_ID);
  expect(result.signedIn).toBe(true);
  expect(result.searchCount).toBeGreaterThan(0);
  expect(result.pages?.map((page) => page.page)).toEqual([1, 2, 3]);
  const ids = result.pages?.flatMap((page) => page.ids) ?? [];
  expect(ids).toHaveLength(15);
  expect(new Set(ids).size).toBe(15);
  expect(result.error).toMatchObject({ notFound: true, status: 404 });
  // The browser build suggests by meaning and shows the call to write, as Node does.
  expect(result.refusals).toEqual([
    'unknown query parameter `per_page`; did you mean `per`?',
    'GET /categories/:id/skus takes an object: { order_by: … }',
  ]);
}

describe('in Chromium, the package as published', () => {
  it("runs against the sandbox's fetch in the page", async () => {
    const result = await runPage('mode=fetch', 'fetch');
    expectTheFlow(result);
  }, 120_000);

  it("runs against the sandbox's msw handlers in msw's service worker", async () => {
    const result = await runPage('mode=msw', 'msw');
    expectTheFlow(result);
    expect(result.controlled).toBe(true);
  }, 120_000);

  it('runs against the loopback sandbox server, cross-origin (CORS)', async () => {
    const sandbox = createSandbox();
    let server: SandboxServer | undefined;
    try {
      server = await sandbox.listen();
      const query = new URLSearchParams({
        mode: 'server',
        server: server.url,
        client_id: sandbox.clientId,
        client_secret: sandbox.clientSecret,
      });
      const result = await runPage(query.toString(), 'server');
      expectTheFlow(result);
      // The calls reached the server from the page's origin, another origin than the server's.
      const calls = sandbox.apiCalls();
      expect(calls.map((call) => call.path)).toEqual(
        expect.arrayContaining(['/user', '/search', '/categories/40/skus', '/categories/987654321']),
      );
      expect([...new Set(calls.map((call) => call.headers.get('origin')))]).toEqual([siteUrl]);
    } finally {
      await server?.close();
    }
  }, 120_000);
});
