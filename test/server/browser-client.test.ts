import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  createClient,
  DailyLimitError,
  InvalidRequestError,
  NotFoundError,
  UnprocessableEntityError,
} from '../../src/index.js';
import { MOUNT, ORIGIN, PHONE, setup } from './setup.js';

describe("the browser side: createClient({ baseUrl, auth: 'none' }) against the handler", () => {
  it('sends no credentials, and every method, type and page iterator works as against the API', async () => {
    const { browser, sandbox } = setup();
    const sent: Request[] = [];
    const spy = createClient({
      baseUrl: `${ORIGIN}${MOUNT}`,
      auth: 'none',
      logLevel: 'off',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        sent.push(request.clone());
        return browser.fetch(request);
      },
    });
    const root = await spy.catalog.categories.root();
    expect(root.parent_id).toBe(0);
    const sku = await spy.skus.get(PHONE);
    expect(sku.category_id).toBe(40);
    const all = await spy.catalog.categories.list({ per: 10 }).toArray();
    const first = await spy.catalog.categories.list({ per: 10 });
    expect(all.length).toBe(first.pagination?.total_results);
    const products = await spy.skus.products(PHONE);
    expect(products.items.length).toBeGreaterThan(0);
    for (const request of sent) {
      expect(request.headers.get('authorization')).toBeNull();
      expect(new URL(request.url).searchParams.get('oauth_token')).toBeNull();
      expect(request.url.startsWith(`${ORIGIN}${MOUNT}/`)).toBe(true);
    }
    // The handler's one client went to the API with the application token.
    expect(sandbox.apiCalls().every((call) => call.token !== undefined)).toBe(true);
  });

  it('validation happens in the browser, before anything is sent', async () => {
    const { browser, sandbox } = setup();
    await expect(browser.catalog.search({ q: 'a' })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it("the API's errors arrive typed, with status, code and body", async () => {
    const { browser, handler } = setup();
    const missing = await browser.skus.get(999999999).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'RecordNotFound' });
    const raw = await browser
      .request({ method: 'GET', path: '/search', query: { q: 'a' } })
      .catch((e: unknown) => e);
    expect(raw).toBeInstanceOf(UnprocessableEntityError);
    expect(raw).toMatchObject({ code: 'InvalidSearch' });
    void handler;
  });

  it('refusals are typed: not signed in is AuthenticationError, an endpoint not served NotFoundError', async () => {
    const { browser, sandbox } = setup();
    const favorites = await browser.favorites.list().catch((e: unknown) => e);
    expect(favorites).toBeInstanceOf(AuthenticationError);
    expect(favorites).toMatchObject({ status: 401, code: 'NotSignedIn' });
    expect((favorites as Error).message).toMatch(/sign in first/);
    const other = await browser.request({ method: 'GET', path: '/admin/users' }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(NotFoundError);
    expect(other).toMatchObject({ code: 'NotServed' });
    expect(sandbox.stats.apiCalls).toBe(0);
  });

  it('the budget spent with nothing cached: 503 + Retry-After, which the SDK turns into DailyLimitError (not retried)', async () => {
    const { browser, call, sandbox } = setup({ dailyLimit: 2 });
    await browser.skus.get(PHONE);
    await browser.skus.get(2184146);
    const direct = await call(`${MOUNT}/skus/7957675`);
    expect(direct.status).toBe(503);
    expect(Number(direct.headers.get('retry-after'))).toBeGreaterThan(0);
    const calls = sandbox.stats.apiCalls;
    const error = await browser.skus.get(7957675).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DailyLimitError);
    expect((error as DailyLimitError).limit).toBe(2);
    expect((error as DailyLimitError).resetsAt.getTime()).toBeGreaterThan(Date.now());
    expect(sandbox.stats.apiCalls).toBe(calls);
  });

  it("auth: 'none' refuses credentials beside it and anything but 'none'", () => {
    expect(() => createClient({ baseUrl: ORIGIN, auth: 'none', token: 'abc' })).toThrow(InvalidRequestError);
    expect(() => createClient({ baseUrl: ORIGIN, auth: 'bearer' as 'none' })).toThrow(/must be 'none'/);
  });
});
