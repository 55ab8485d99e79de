/**
 * The server half of the frontend example: one node:http server on localhost that serves the page
 * and mounts `price-catalog/server` at /api/catalog, over the sandbox. Used by `npm run
 * frontend-demo` (serve.ts) and the Chromium test.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxServer } from '../../src/sandbox/index.js';
import { type CatalogHandlerOptions, createCatalogHandler, toNodeHandler } from '../../src/server/index.js';

export interface SiteOptions {
  /** The loopback sandbox server (`sandbox.listen()`) and its credentials. */
  api: SandboxServer;
  clientId: string;
  clientSecret: string;
  /** The bundled page script (page.js with `price-catalog` resolved). */
  script: string;
  port?: number;
  handler?: Partial<CatalogHandlerOptions>;
}

const HTML =
  '<!doctype html><meta charset="utf-8"><title>price-catalog frontend</title><h1>price-catalog: a frontend over price-catalog/server</h1><ul id="out"></ul><script type="module" src="/page.js"></script>';

export async function startSite(options: SiteOptions) {
  const handler = createCatalogHandler({
    baseUrl: options.api.baseUrl,
    authUrl: options.api.authUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    ...options.handler,
  });
  const api = toNodeHandler(handler);
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path?.startsWith('/api/catalog/')) return api(req, res);
    const page: Record<string, [string, string]> = {
      '/': ['text/html; charset=utf-8', HTML],
      '/page.js': ['text/javascript', options.script],
    };
    const found = page[path ?? ''];
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': found[0], 'cache-control': 'no-store' });
    res.end(found[1]);
  });
  // localhost: browsers keep the handler's Secure cookies there over plain http.
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, 'localhost', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    url,
    handler,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
