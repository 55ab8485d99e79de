import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite } from '../../examples/frontend/site.js';
import type { TokenStore, UserTokens } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { bundlePage, launchChromium } from './chromium.js';

let browser: Browser | undefined;
let script = '';

beforeAll(async () => {
  script = await bundlePage('examples/frontend/page.js');
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

interface Received {
  url: string;
  status: number;
  headers: string;
  body: string;
}

describe('in Chromium: a frontend over price-catalog/server', () => {
  it('browses, signs in, favorites, reads notifications, signs out; no secret or token reaches the page', async () => {
    const sandbox = createSandbox();
    const api = await sandbox.listen();
    const issued: UserTokens[] = [];
    const memory = new Map<string, UserTokens>();
    const tokenStore = (key: string): TokenStore => ({
      get: () => memory.get(key),
      set: (tokens) => {
        if (tokens) issued.push(tokens);
        void (tokens ? memory.set(key, tokens) : memory.delete(key));
      },
    });
    const site = await startSite({
      api,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      script,
      handler: { tokenStore, logLevel: 'off' },
    });
    const context = await (browser as Browser).newContext();
    try {
      const page = await context.newPage();
      const received: Received[] = [];
      const urls: string[] = [];
      const console: string[] = [];
      page.on('console', (message) => console.push(`${message.type()}: ${message.text()}`));
      // Every URL the page asked for, redirects followed included.
      page.on('request', (request) => urls.push(request.url()));
      page.on('response', async (response) => {
        const entry: Received = {
          url: response.url(),
          status: response.status(),
          headers: JSON.stringify(await response.allHeaders()),
          body: '',
        };
        received.push(entry);
        if (response.status() < 300 || response.status() >= 400)
          entry.body = await response.text().catch(() => '');
      });
      await page.goto(`${site.url}/?auto`);
      await page.waitForFunction(() => (window as unknown as { __result?: unknown }).__result, null, {
        timeout: 60_000,
      });
      const result = (await page.evaluate(
        () => (window as unknown as { __result: unknown }).__result,
      )) as Record<string, unknown>;
      expect(result.failed, console.join('\n')).toBeUndefined();
      expect(result.categories).toBeGreaterThan(0);
      expect((result.pages as { page: number }[]).map((p) => p.page)).toEqual([1, 2]);
      expect(result.offers).toBeGreaterThan(0);
      expect(result.favorite).toBe(result.sku);
      expect(result.notifications).toBeGreaterThan(0);
      expect(result.signedInAfter).toBe(false);
      expect(result.afterSignOut).toEqual({ authentication: true, code: 'NotSignedIn' });

      // The page went through the sandbox's authorization page and back through the callback.
      expect(urls.some((url) => url.startsWith(`${api.authUrl}/oauth2/authorizations/new`))).toBe(true);
      expect(received.some((r) => r.url.startsWith(`${site.url}/api/catalog/auth/callback`))).toBe(true);
      expect(sandbox.apiCalls({ path: '/favorites', method: 'POST' })).toHaveLength(1);
      expect(sandbox.apiCalls({ path: '/user/logout', method: 'DELETE' })).toHaveLength(1);
      // Every API call came from the server: none carries the page's origin.
      expect(sandbox.apiCalls().every((call) => call.headers.get('origin') === null)).toBe(true);

      const secrets = new Set<string>([sandbox.clientSecret]);
      for (const request of sandbox.requests) if (request.token) secrets.add(request.token);
      for (const pair of issued) {
        secrets.add(pair.access_token);
        if (pair.refresh_token) secrets.add(pair.refresh_token);
      }
      expect(secrets.size).toBeGreaterThanOrEqual(4);
      const cookies = JSON.stringify(await context.cookies());
      const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      const everything = [
        ...received.map((r) => `${r.url}\n${r.headers}\n${r.body}`),
        ...urls,
        cookies,
        storage,
      ];
      expect(received.length).toBeGreaterThan(15);
      for (const secret of secrets) {
        for (const text of everything)
          expect(text.includes(secret), `a secret in ${text.slice(0, 120)}`).toBe(false);
      }
    } finally {
      await context.close();
      await site.close();
      await api.close();
    }
  }, 120_000);
});
