import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleStorefront } from '../../examples/storefront/bundle.js';
import { startStorefront } from '../../examples/storefront/site.js';
import { installPacked } from '../../scripts/size.mjs';
import type { TokenStore, UserTokens } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { launchChromium, repo } from './chromium.js';

const PHONES = 40;
const SHOTS = join(repo, 'test-results', 'storefront');
/** The pictures docs/frontend.md shows: each page checked below, at a phone's width and a desktop's. */
const DOC_SHOTS = join(repo, 'docs', 'storefront');
const SCREENS = [
  { width: 390, height: 844 },
  { width: 1280, height: 860 },
] as const;
const EURO = /€\d{1,3}(,\d{3})*\.\d{2}/;
const RAW_CODES = /\b(price_up|price_drop|sku_review|availability_true|availability_false|sku_release)\b/;

let browser: Browser | undefined;
let script = '';

beforeAll(async () => {
  // The page's code bundled against the packed package, as an app's bundler takes it.
  script = await bundleStorefront({ packageDir: installPacked().dir });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync(DOC_SHOTS, { recursive: true });
  console.log(`storefront screenshots: ${SHOTS}`);
}, 400_000);

afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** The sum of a total's parts, from "€109.65 item + €4.41 shipping + €1.50 payment fee". */
function partsSum(text: string): number {
  const amounts = [...text.matchAll(new RegExp(EURO.source, 'g'))].map((m) =>
    Number(m[0].replace(/[€,]/g, '')),
  );
  return Math.round(amounts.reduce((a, b) => a + b, 0) * 100) / 100;
}

/** The handler's refusals of `status` the page gets: when, their Retry-After and their code. */
function refusalsOf(page: Page, status: number) {
  const refusals: { at: number; retryAfter: number; code: string }[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/catalog/') || response.status() !== status) return;
    const refusal = { at: Date.now(), retryAfter: Number(response.headers()['retry-after']), code: '' };
    refusals.push(refusal);
    // The body may be gone once the page is closed: its code is read while it is there.
    response.json().then(
      (body: { errors?: { code: string }[] }) => {
        refusal.code = body.errors?.[0]?.code ?? '';
      },
      () => undefined,
    );
  });
  return refusals;
}

/** The "come back at" notice in view, once every refusal came with `code` and a Retry-After. */
async function comeBackTold(page: Page, refusals: ReturnType<typeof refusalsOf>, code: string) {
  // The one in view (on a phone the tree, in its closed menu, may be told too).
  const told = page.locator('[data-testid="come-back"]:visible');
  await told.first().waitFor({ timeout: 60_000 });
  await expect.poll(() => refusals.length).toBeGreaterThan(0);
  await expect
    .poll(() => refusals.every((refusal) => refusal.code === code && refusal.retryAfter > 0))
    .toBe(true);
  return told;
}

/** The prices shown, as numbers, from texts like "€1,234.50". */
function euros(texts: readonly string[]): number[] {
  return texts.map((text) => Number((EURO.exec(text)?.[0] ?? 'NaN').replace(/[€,]/g, '')));
}

describe('in Chromium: the storefront example (React, TanStack Query, price-catalog/server)', () => {
  it('browses, sorts, loads more, opens a product, searches, signs in and out, toggles a favorite', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true });
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
    const site = await startStorefront({
      api,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      script,
      handler: { tokenStore, logLevel: 'off' },
    });
    const context = await (browser as Browser).newContext({ viewport: { width: 1280, height: 860 } });
    const logs: string[] = [];
    const seen: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
      page.on('request', (request) => seen.push(request.url()));
      page.on('response', async (response) => {
        const headers = JSON.stringify(await response.allHeaders());
        const redirect = response.status() >= 300 && response.status() < 400;
        seen.push(`${response.url()}\n${headers}\n${redirect ? '' : await response.text().catch(() => '')}`);
      });
      const cards = page.getByTestId('skus').locator('li');

      // The front page, then down the tree's tiles to the phones.
      await page.goto(`${site.url}/`);
      await page.locator('.tile', { hasText: 'Τεχνολογία' }).click();
      await page.locator('.tile', { hasText: 'Κινητή Τηλεφωνία' }).click();
      await page.locator('.tile', { hasText: 'Κινητά Τηλέφωνα' }).click();
      await expect.poll(() => page.url()).toBe(`${site.url}/c/${PHONES}`);
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(24);
      expect(logs).toEqual([]);
      expect(await page.getByTestId('count').textContent()).toBe('340 products');
      // The branch of the current category is open in the tree.
      expect(await page.locator('.tree li.current').textContent()).toBe('Κινητά Τηλέφωνα');

      // Load more: page 2 of the same list, appended.
      await page.getByTestId('load-more').click();
      await expect.poll(() => cards.count()).toBe(48);
      expect(await page.getByTestId('shown').textContent()).toBe('Showing 48 of 340');
      // The handler asks for the first page without `page=1` (the default, dropped from its key).
      expect(
        sandbox.apiCalls({ path: `/categories/${PHONES}/skus` }).map((call) => call.query.get('page')),
      ).toEqual([null, '2']);

      // Sort: dearest first, prices in euros.
      await page.getByTestId('sort').selectOption('price-desc');
      await expect.poll(() => page.url()).toBe(`${site.url}/c/${PHONES}?sort=price-desc`);
      await expect.poll(() => cards.count()).toBe(24);
      const sorted = sandbox.apiCalls({ path: `/categories/${PHONES}/skus` }).at(-1);
      expect(sorted?.query.get('order_by')).toBe('pricevat');
      expect(sorted?.query.get('order_dir')).toBe('desc');
      const prices = euros(await cards.getByTestId('price').allTextContents());
      expect(prices).toHaveLength(24);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      // Believable prices: the dearest phones cost hundreds of euros, and photos that cannot load
      // (no network here) show the placeholder.
      expect(prices[0]).toBeGreaterThan(900);
      // Photos load as they scroll into view: every one in view is the placeholder.
      const inView = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('.card img')]
            .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
            .map((img) => img.dataset.placeholder === 'true'),
        );
      // A photo's host failing to resolve can take a few seconds offline.
      await expect
        .poll(
          async () => {
            const shown = await inView();
            return shown.length >= 8 && shown.every(Boolean);
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      await shot(page, 'category');

      // A product: its offers in euros, by what the shopper pays in the end, and its price history.
      const first = cards.first();
      const skuId = Number(await first.getAttribute('data-sku'));
      const name = (await first.locator('.name').textContent()) ?? '';
      await first.locator('.card-link').click();
      await expect.poll(() => page.getByTestId('title').textContent()).toBe(name);
      const totals = page.getByTestId('offer-total');
      await expect.poll(() => totals.count(), { timeout: 30_000 }).toBeGreaterThan(1);
      const offerTotals = euros(await totals.allTextContents());
      expect(offerTotals).toEqual([...offerTotals].sort((a, b) => a - b));
      // Each total is its parts: the item, the shipping and the payment fee.
      const parts = await page.getByTestId('offer-total-parts').allTextContents();
      expect(parts.map(partsSum)).toEqual(offerTotals);
      const offerPrices = euros(await page.getByTestId('offer-price').allTextContents());
      expect(offerPrices.every((price) => price > 0)).toBe(true);
      // The headline: the best total first; the SKU's range is of item prices, and says so.
      expect(euros([(await page.getByTestId('best-total').textContent()) ?? ''])[0]).toBe(offerTotals[0]);
      expect(euros([(await page.getByTestId('price-min').textContent()) ?? ''])[0]).toBe(
        Math.min(...offerPrices),
      );
      expect(await page.getByTestId('price-range').textContent()).toMatch(
        /^Item prices €.* at \d+ shops, before shipping and payment fees$/,
      );
      await page.getByTestId('history').waitFor();
      expect(
        ((await page.locator('polyline.average').getAttribute('points')) ?? '').split(' ').length,
      ).toBeGreaterThan(30);
      expect(await page.getByTestId('lowest-ever').textContent()).toMatch(EURO);
      await expect
        .poll(() => page.locator('.photo').getAttribute('data-placeholder'), { timeout: 20_000 })
        .toBe('true');
      expect(sandbox.apiCalls({ path: `/skus/${skuId}/product_cards` })).toHaveLength(1);
      expect(sandbox.apiCalls({ path: `/skus/${skuId}/price_history` })).toHaveLength(1);
      await shot(page, 'product');

      // Search with autocomplete: suggestions while typing, one picked with the keyboard.
      const search = page.getByTestId('search');
      await search.click();
      await search.pressSequentially('galax', { delay: 40 });
      const suggestions = page.getByTestId('suggestions').getByRole('option');
      await expect.poll(() => suggestions.count(), { timeout: 30_000 }).toBeGreaterThan(2);
      const texts = await suggestions.allTextContents();
      expect(texts.every((text) => text.toLowerCase().includes('galax'))).toBe(true);
      // Fewer calls than keys pressed: the box waits for a pause in typing.
      expect(sandbox.apiCalls({ path: '/autocomplete' }).length).toBeLessThan(5);
      await shot(page, 'search');
      const target = texts.findIndex((text) => text.includes(' in '));
      expect(target).toBeGreaterThanOrEqual(0);
      for (let i = 0; i <= target; i++) await search.press('ArrowDown');
      await search.press('Enter');
      await expect.poll(() => page.url()).toMatch(/\/c\/\d+\?q=/);
      await expect
        .poll(() => page.getByTestId('count').textContent(), { timeout: 30_000 })
        .toMatch(/results? for “/);
      const picked = decodeURIComponent(new URL(page.url()).searchParams.get('q') ?? '');
      expect(
        sandbox.apiCalls().some((call) => call.path.endsWith('/skus') && call.query.get('q') === picked),
      ).toBe(true);
      // The search page: the categories with matches.
      await search.fill('galaxy');
      await search.press('Enter');
      await expect
        .poll(() => page.getByTestId('results').locator('li').count(), { timeout: 30_000 })
        .toBeGreaterThan(0);
      expect(await page.getByTestId('title').textContent()).toBe('Results for “galaxy”');

      // Sign in on the sandbox's authorization page, Approve: back on the product, signed in.
      await page.goto(`${site.url}/s/${skuId}`);
      await page.getByTestId('sign-in').click();
      await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 });
      expect(page.url().startsWith(`${api.authUrl}/oauth2/authorizations/new`)).toBe(true);
      expect(await page.locator('h1').textContent()).toBe(`Authorize ${sandbox.clientId}`);
      await shot(page, 'authorize');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByTestId('user').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.url()).toBe(`${site.url}/s/${skuId}`);
      expect(await page.getByTestId('user').textContent()).toBe('alice');
      expect(await page.getByTestId('notice').textContent()).toBe('You are signed in.');

      // The favorite shows its state and toggles: on, off, on; never a second create.
      const favorite = page.getByTestId('favorite');
      const pressed = () => favorite.getAttribute('aria-pressed');
      await expect.poll(() => favorite.isEnabled(), { timeout: 30_000 }).toBe(true);
      expect(await pressed()).toBe('false');
      expect(await favorite.textContent()).toBe('♡ Add to favorites');
      await favorite.click();
      await expect.poll(pressed, { timeout: 30_000 }).toBe('true');
      await expect.poll(() => favorite.isEnabled()).toBe(true);
      expect(await favorite.textContent()).toBe('♥ Saved to favorites');
      await shot(page, 'favorite');
      await favorite.click();
      await expect.poll(pressed, { timeout: 30_000 }).toBe('false');
      await expect.poll(() => favorite.isEnabled()).toBe(true);
      await favorite.click();
      await expect.poll(pressed, { timeout: 30_000 }).toBe('true');
      const creates = sandbox.apiCalls({ method: 'POST', path: '/favorites' });
      expect(creates.map((call) => call.status)).toEqual([201, 201]);
      const deletes = sandbox
        .apiCalls({ method: 'DELETE' })
        .filter((call) => call.path.startsWith('/favorites/'));
      expect(deletes.map((call) => call.status)).toEqual([204]);
      expect(await page.locator('[data-testid="favorite"] ~ .error').count()).toBe(0);

      // The favorites, listed with the one just saved.
      await page.getByRole('link', { name: 'Favorites', exact: true }).click();
      const rows = page.getByTestId('favorite-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(1);
      expect(await rows.first().getAttribute('data-sku')).toBe(String(skuId));
      await expect.poll(() => rows.first().locator('a').textContent()).toBe(name);
      await shot(page, 'favorites');

      // Notifications, written for people: sentences, prices in euros, no raw codes.
      await page.getByRole('link', { name: 'Notifications', exact: true }).click();
      const notifications = page.getByTestId('notification');
      await expect.poll(() => notifications.count(), { timeout: 30_000 }).toBeGreaterThan(2);
      const said = await notifications.allTextContents();
      for (const text of said) expect(text).not.toMatch(RAW_CODES);
      expect(said.some((text) => /is cheaper|costs more/.test(text) && EURO.test(text))).toBe(true);
      expect(said.some((text) => /review of/.test(text))).toBe(true);
      await shot(page, 'notifications');

      // Sign out: the account is gone from the page and the backend answers 401 to user calls.
      await page.getByTestId('sign-out').click();
      await page.getByTestId('sign-in').waitFor();
      expect(await page.getByTestId('user').count()).toBe(0);
      expect(await page.evaluate(() => fetch('/api/catalog/favorites').then((r) => r.status))).toBe(401);
      expect(sandbox.apiCalls({ path: '/user/logout', method: 'DELETE' })).toHaveLength(1);

      // Sign in again and Deny: back, still signed out, told so.
      await page.getByTestId('sign-in').click();
      await page.getByRole('button', { name: 'Deny' }).click();
      await page.getByTestId('notice').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('notice').textContent()).toBe(
        'Sign-in was cancelled: the storefront was not authorized.',
      );
      expect(await page.getByTestId('sign-in').count()).toBe(1);
      expect(
        seen.some((text) => text.startsWith(`${site.url}/api/catalog/auth/callback?error=access_denied`)),
      ).toBe(true);
      expect(new URL(page.url()).searchParams.has('signin')).toBe(false);
      await shot(page, 'signed-out');

      expect(logs).toEqual([]);
      // Every API call came from the server, none from the page.
      expect(sandbox.apiCalls().every((call) => call.headers.get('origin') === null)).toBe(true);
      // No secret or token reached the page: not in a URL, header, body, cookie or storage.
      const secrets = new Set<string>([sandbox.clientSecret]);
      for (const request of sandbox.requests) if (request.token) secrets.add(request.token);
      for (const pair of issued) {
        secrets.add(pair.access_token);
        if (pair.refresh_token) secrets.add(pair.refresh_token);
      }
      expect(secrets.size).toBeGreaterThanOrEqual(3);
      const everything = [
        ...seen,
        JSON.stringify(await context.cookies()),
        await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage })),
      ];
      for (const secret of secrets)
        for (const text of everything)
          expect(text.includes(secret), `a secret in ${text.slice(0, 120)}`).toBe(false);
    } finally {
      await context.close();
      await site.close();
      await api.close();
    }
  }, 300_000);
  it('holds on a 390 px phone: no page scrolls sideways; a missing product is a friendly page', async () => {
    const sandbox = createSandbox();
    sandbox.setAuthorization({ page: true });
    const api = await sandbox.listen();
    const memory = new Map<string, UserTokens>();
    const tokenStore = (key: string): TokenStore => ({
      get: () => memory.get(key),
      set: (tokens) => void (tokens ? memory.set(key, tokens) : memory.delete(key)),
    });
    const site = await startStorefront({
      api,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      script,
      handler: { tokenStore, logLevel: 'off' },
    });
    const context = await (browser as Browser).newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    });
    const logs: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
      /** Nothing is wider than the screen: the page cannot be scrolled sideways. */
      const holds = async (name: string) => {
        const widths = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          body: document.body.scrollWidth,
          inner: window.innerWidth,
        }));
        expect(widths.inner, name).toBe(390);
        expect(widths.scroll, `${name}: the page is ${widths.scroll} px wide`).toBeLessThanOrEqual(
          widths.inner,
        );
        expect(widths.body, `${name}: the body is ${widths.body} px wide`).toBeLessThanOrEqual(widths.inner);
        await page.screenshot({ path: join(SHOTS, `phone-${name}.png`), fullPage: true });
      };

      // The category tree (the front page), then the phones' listing.
      await page.goto(`${site.url}/`);
      await page.locator('.tile', { hasText: 'Τεχνολογία' }).waitFor({ timeout: 30_000 });
      await holds('category-tree');
      await page.goto(`${site.url}/c/${PHONES}`);
      const cards = page.getByTestId('skus').locator('li');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(24);
      await holds('category');

      // The SKU with the longest name: its title whole on the screen, its specs wrapped.
      const longest = sandbox.data.skus
        .filter((sku) => sku.category_id === PHONES && !sku.future && sku.shop_count > 1)
        .reduce((a, b) => (b.display_name.length > a.display_name.length ? b : a));
      await page.goto(`${site.url}/s/${longest.id}`);
      await expect
        .poll(() => page.getByTestId('title').textContent(), { timeout: 30_000 })
        .toBe(longest.display_name);
      await expect
        .poll(() => page.getByTestId('offer-price').count(), { timeout: 30_000 })
        .toBeGreaterThan(1);
      await page.getByTestId('history').waitFor({ timeout: 30_000 });
      for (const id of ['title', 'specs']) {
        const box = await page.getByTestId(id).evaluate((element) => {
          const rect = element.getBoundingClientRect();
          return { left: rect.left, right: rect.right, clipped: element.scrollWidth > element.clientWidth };
        });
        expect(box.left, id).toBeGreaterThanOrEqual(0);
        expect(box.right, id).toBeLessThanOrEqual(390);
        expect(box.clipped, `${id} clipped`).toBe(false);
      }
      // The total says what it includes: the shipping and the payment fee, in euros.
      const parts = await page.getByTestId('offer-total-parts').allTextContents();
      expect(parts.length).toBeGreaterThan(1);
      for (const text of parts) expect(text).toMatch(/shipping/);
      expect(parts.some((text) => /€\d+\.\d\d payment fee/.test(text))).toBe(true);
      expect(await page.locator('.offers th', { hasText: 'payment fee' }).count()).toBe(1);
      await holds('sku');

      // Search for a word: the products that match, not only category tiles.
      await page.goto(`${site.url}/search?q=galaxy`);
      const found = page.getByTestId('search-skus').locator('li');
      await expect.poll(() => found.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      const names = await found.locator('.name').allTextContents();
      expect(names.every((name) => /galaxy/i.test(name))).toBe(true);
      await holds('search');

      // A SKU that does not exist: a page for people, no address, status, code or retry.
      await page.goto(`${site.url}/s/99999999`);
      await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
      const missing = (await page.getByTestId('not-found').textContent()) ?? '';
      expect(missing).toMatch(/couldn’t find that product/);
      expect(missing).not.toMatch(/http|404|GET|Sku|Couldn't/);
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect(await page.locator('body').textContent()).not.toMatch(/https?:\/\//);
      await holds('not-found');
      await page.goto(`${site.url}/no/such/page`);
      await page.getByTestId('not-found').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('not-found').textContent()).toMatch(/couldn’t find that page/);

      // Sign in (the sandbox's authorization page), then favorites and notifications.
      await page.goto(`${site.url}/s/${longest.id}`);
      await page.getByTestId('sign-in').click();
      await page.getByRole('button', { name: 'Approve' }).waitFor({ timeout: 30_000 });
      await holds('sign-in');
      await page.getByRole('button', { name: 'Approve' }).click();
      await page.getByTestId('user').waitFor({ timeout: 30_000 });
      await page.goto(`${site.url}/favorites`);
      const rows = page.getByTestId('favorite-row');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(1);
      await holds('favorites');
      // Dates from one era: the favorites were saved in the years of the notifications and of the
      // price history, not a decade before.
      const saved = (await rows.allTextContents()).map((text) =>
        Number(/Saved \d+ \w+ (\d{4})/.exec(text)?.[1]),
      );
      expect(saved.every((year) => year >= 2024)).toBe(true);
      await page.goto(`${site.url}/notifications`);
      const notifications = page.getByTestId('notification');
      await expect.poll(() => notifications.count(), { timeout: 30_000 }).toBeGreaterThan(2);
      // Each notification is about a favorite already saved: dated after the oldest favorite.
      const told = (await notifications.allTextContents()).map((text) =>
        Number(/\b\d+ \w{3} (\d{4})\b/.exec(text)?.[1]),
      );
      expect(told.every((year) => year >= Math.min(...saved))).toBe(true);
      await holds('notifications');
      expect(logs).toEqual([]);
    } finally {
      await context.close();
      await site.close();
      await api.close();
    }
  }, 300_000);

  /** A storefront over a fresh sandbox, and a browser context of `screen`'s size, both closed after `run`. */
  async function withStorefront(
    screen: { width: number; height: number },
    handler: Record<string, unknown>,
    run: (page: Page, site: { url: string }, sandbox: ReturnType<typeof createSandbox>) => Promise<void>,
  ) {
    const sandbox = createSandbox();
    const api = await sandbox.listen();
    const site = await startStorefront({
      api,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      script,
      handler: { logLevel: 'off', ...handler },
    });
    const phone = screen.width < 500;
    const context = await (browser as Browser).newContext({
      viewport: screen,
      deviceScaleFactor: 1,
      isMobile: phone,
      hasTouch: phone,
      timezoneId: 'UTC',
    });
    // The photos' hosts do not exist: refused at once, so each picture shows its placeholder
    // before the screenshot (not after a lookup that may take seconds, or not).
    await context.route(/\.img\.sandbox\.test\//, (route) => route.abort());
    const logs: string[] = [];
    try {
      const page = await context.newPage();
      page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
      await run(page, site, sandbox);
      expect(logs).toEqual([]);
    } finally {
      await context.close();
      await site.close();
      await api.close();
    }
  }

  /** A screenshot once every photo in view shows what it will show (here, its placeholder). */
  async function still(page: Page, name: string) {
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('main img')]
            .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
            .every((img) => img.dataset.placeholder === 'true'),
        ),
      )
      .toBe(true);
    await page.screenshot({ path: join(DOC_SHOTS, `${name}.png`) });
  }

  /** Where an element is on the first screen (the page not scrolled): its box, or null when hidden. */
  async function boxOf(page: Page, selector: string) {
    return page
      .locator(selector)
      .first()
      .evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width === 0 && rect.height === 0
          ? null
          : { top: rect.top, bottom: rect.bottom, width: rect.width };
      });
  }

  for (const screen of SCREENS) {
    it(`at ${screen.width} px: a product's name, best price and first offers on the first screen; the tree a menu on a phone`, async () => {
      await withStorefront(screen, {}, async (page, site, sandbox) => {
        const phone = screen.width < 500;
        const sku = sandbox.data.skus
          .filter(
            (candidate) => candidate.category_id === PHONES && !candidate.future && candidate.shop_count > 4,
          )
          .reduce((a, b) => (b.display_name.length > a.display_name.length ? b : a));
        await page.goto(`${site.url}/s/${sku.id}`);
        await page.getByTestId('offer-total').nth(1).waitFor({ timeout: 30_000 });
        await page.getByTestId('history').waitFor({ timeout: 30_000 });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        for (const selector of [
          '[data-testid="title"]',
          '[data-testid="best-total"]',
          '[data-testid="offer"]:nth-child(1) [data-testid="offer-total"]',
          '[data-testid="offer"]:nth-child(2) [data-testid="offer-total"]',
        ]) {
          const box = await boxOf(page, selector);
          expect(box, selector).not.toBeNull();
          expect(box?.top, selector).toBeGreaterThanOrEqual(0);
          expect(box?.bottom, `${selector} below the first screen`).toBeLessThanOrEqual(screen.height);
        }
        // The category tree: beside the page on a desktop; behind the Categories menu on a phone.
        // It is drawn once its categories are read, which can come after the offers.
        await page.locator('.tree').waitFor({ state: 'attached', timeout: 30_000 });
        expect(await page.locator('.tree').isVisible()).toBe(!phone);
        expect(await page.getByTestId('menu').isVisible()).toBe(phone);
        // The chart says its values: euros up the side, dates along the bottom.
        const prices = await page.getByTestId('y-axis').locator('span').allTextContents();
        expect(prices.length).toBeGreaterThanOrEqual(3);
        for (const text of prices) expect(text).toMatch(EURO);
        const ticks = euros(prices);
        expect(ticks).toEqual([...ticks].sort((a, b) => a - b));
        const dates = await page.getByTestId('x-axis').locator('span').allTextContents();
        expect(dates.length).toBeGreaterThanOrEqual(2);
        for (const text of dates) expect(text).toMatch(/^\d{1,2} \w{3,4}$/);
        await still(page, `sku-${screen.width}`);
        // On a phone the menu opens the tree, on the product's category as on a desktop.
        if (phone) await page.getByTestId('menu').click();
        await page.locator('.tree li.current').waitFor({ timeout: 30_000 });
        expect(await page.locator('.tree li.current').textContent()).toBe('Κινητά Τηλέφωνα');
        if (phone) await still(page, `menu-${screen.width}`);

        // A category's cards say what their price is: the lowest item price, before shipping.
        await page.goto(`${site.url}/c/${PHONES}`);
        const cards = page.getByTestId('skus').locator('li');
        await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(24);
        for (const text of await cards.locator('.price').allTextContents())
          expect(text).toMatch(/^€[\d,.]+lowest of \d+ shops?, before shipping$/);
        await page.locator('.tree').waitFor({ state: 'attached', timeout: 30_000 });
        expect(await page.locator('.tree').isVisible()).toBe(!phone);
        await still(page, `category-${screen.width}`);

        // Notifications: the text takes the row's width, the date under it.
        await page.goto(`${site.url}/s/${sku.id}`);
        await page.getByTestId('sign-in').click();
        await page.getByTestId('user').waitFor({ timeout: 30_000 });
        await page.goto(`${site.url}/notifications`);
        const rows = page.getByTestId('notification');
        await expect.poll(() => rows.count(), { timeout: 30_000 }).toBeGreaterThan(2);
        const widths = await rows.evaluateAll((items) =>
          items.map((item) => ({
            row: item.getBoundingClientRect().width,
            text: (item.querySelector('.grow') as HTMLElement).getBoundingClientRect().width,
          })),
        );
        for (const { row, text } of widths) expect(text / row).toBeGreaterThan(0.7);
        await still(page, `notifications-${screen.width}`);
      });
    }, 300_000);

    it(`at ${screen.width} px: a refusal with Retry-After says when to come back, and tries again then`, async () => {
      // A visitor's share of one call: the page's first call is made, the others refused (429).
      await withStorefront(screen, { visitorShare: 1 }, async (page, site, sandbox) => {
        const refusals = refusalsOf(page, 429);
        const sku = sandbox.data.skus.find(
          (candidate) => candidate.category_id === PHONES && candidate.shop_count > 1,
        );
        const asked: string[] = [];
        page.on('request', (request) => {
          if (request.url().includes('/api/catalog/')) asked.push(request.url());
        });
        // The page's clock, so the wait can be run through.
        await page.clock.install();
        await page.goto(`${site.url}/s/${sku?.id}`);
        const told = await comeBackTold(page, refusals, 'VisitorShareSpent');
        const text = (await told.first().textContent()) ?? '';
        const match =
          /^Please come back at (\d\d):(\d\d)(?: on \d+ \w+)? \(in (a minute|\d+ minutes|about \d+ hours)\)\.$/.exec(
            text,
          );
        expect(match, text).not.toBeNull();
        // The time shown is the refusal's Retry-After from when it came (UTC, the page's zone), to the minute.
        const first = refusals[0] as (typeof refusals)[number];
        const due = new Date(first.at + first.retryAfter * 1000);
        const shown = Number(match?.[1]) * 60 + Number(match?.[2]);
        const expected = due.getUTCHours() * 60 + due.getUTCMinutes();
        expect(Math.min(Math.abs(shown - expected), 1440 - Math.abs(shown - expected))).toBeLessThanOrEqual(
          1,
        );
        // Said as a wait, not a fault; no button that would only be refused again.
        expect(await page.getByTestId('failed').first().textContent()).toMatch(
          /opened a lot of new pages today/,
        );
        expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
        await still(page, `come-back-${screen.width}`);
        // When the time comes, the page asks again by itself (and is told again: the share is the day's).
        const before = asked.length;
        await page.clock.runFor(first.retryAfter * 1000 + 60_000);
        await expect.poll(() => asked.length, { timeout: 30_000 }).toBeGreaterThan(before);
      });
    }, 300_000);

    it(`at ${screen.width} px: the handler's own 503 NotFetchedYet (its pacing refusing a first fetch) says when to come back`, async () => {
      // The visitors not signed in share one call of the day: the page's first call is made, the
      // handler refuses the others' first fetches itself (no answer emulated here).
      await withStorefront(screen, { anonymousShare: 1 }, async (page, site, sandbox) => {
        const refused = refusalsOf(page, 503);
        const sku = sandbox.data.skus.find(
          (candidate) => candidate.category_id === PHONES && candidate.shop_count > 1,
        );
        await page.clock.install();
        await page.goto(`${site.url}/s/${sku?.id}`);
        const told = await comeBackTold(page, refused, 'NotFetchedYet');
        expect(await told.first().textContent()).toMatch(
          /^Please come back at \d\d:\d\d \(in (a minute|\d+ minutes)\)\.$/,
        );
        expect(await page.locator('[data-testid="failed"]:visible').first().textContent()).toMatch(
          /isn’t ready yet/,
        );
        expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      });
    }, 300_000);

    it(`at ${screen.width} px: a 503 NotFetchedYet says when to come back`, async () => {
      await withStorefront(screen, {}, async (page, site, sandbox) => {
        const sku = sandbox.data.skus.find(
          (candidate) => candidate.category_id === PHONES && candidate.shop_count > 1,
        );
        // The handler's answer to a page its pacing holds back (src/server/not-fetched.ts), for this
        // SKU's offers: the pacing itself is tested in test/server.
        await page.route(`**/api/catalog/skus/${sku?.id}/product_cards**`, (route) =>
          route.fulfill({
            status: 503,
            headers: {
              'retry-after': '900',
              'content-type': 'application/json',
              'cache-control': 'no-store',
            },
            body: JSON.stringify({
              errors: [{ code: 'NotFetchedYet', messages: ['No answer is kept for this page yet'] }],
            }),
          }),
        );
        await page.goto(`${site.url}/s/${sku?.id}`);
        const told = page.locator('[data-testid="come-back"]:visible');
        await told.first().waitFor({ timeout: 60_000 });
        expect(await told.first().textContent()).toMatch(
          /^Please come back at \d\d:\d\d \(in 1[45] minutes\)\.$/,
        );
        expect(await page.locator('[data-testid="failed"]:visible').first().textContent()).toMatch(
          /isn’t ready yet/,
        );
        expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
        // The rest of the page stands: the name and its item prices.
        expect(await page.getByTestId('title').textContent()).toBe(sku?.display_name);
      });
    }, 300_000);
  }
});
