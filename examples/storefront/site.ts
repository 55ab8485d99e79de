/**
 * The storefront's server: one node:http server on localhost that serves the page, its script
 * and styles, and mounts `price-catalog/server` at /api/catalog over the API (here the sandbox).
 * Every other path is the page itself: the app reads its route from the address.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CatalogHandlerOptions, createCatalogHandler, toNodeHandler } from 'price-catalog/server';

export interface StorefrontOptions {
  /** Where the API and its authorization server are, and the application's credentials. */
  api: { baseUrl: string; authUrl: string };
  clientId: string;
  clientSecret: string;
  /** The bundled browser code (`bundleStorefront()`). */
  script: string;
  port?: number;
  handler?: Partial<CatalogHandlerOptions>;
}

const STYLES = readFileSync(new URL('./app/styles.css', import.meta.url), 'utf8');

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Storefront · price-catalog</title><link rel="stylesheet" href="/styles.css"></head>
<body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

// The page loads only its own script and styles; product photos may come from any https host.
const SECURITY = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' https: data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};

export async function startStorefront(options: StorefrontOptions) {
  const handler = createCatalogHandler({
    baseUrl: options.api.baseUrl,
    authUrl: options.api.authUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    // One person browsing a cold cache alone: every page is a first view. A shop on the
    // internet keeps the default share (docs/frontend.md, "Which numbers to set").
    visitorShare: 250,
    ...options.handler,
  });
  const api = toNodeHandler(handler);
  const files: Record<string, [string, string]> = {
    '/app.js': ['text/javascript; charset=utf-8', options.script],
    '/styles.css': ['text/css; charset=utf-8', STYLES],
  };
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/api/catalog/')) return void api(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const [type, body] = files[path] ?? ['text/html; charset=utf-8', PAGE];
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store', ...SECURITY });
    res.end(req.method === 'HEAD' ? undefined : body);
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
