import { describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../src/index.js';
import { type CatalogHandlerOptions, createCatalogHandler } from '../../src/server/index.js';
import { dayClock } from '../helpers/timers.js';
import { browserClient, CookieJar, MOUNT, ORIGIN, PHONE, setup, signIn } from './setup.js';

function cdnSetup(options: Partial<CatalogHandlerOptions> = {}) {
  const clock = dayClock(12 * 3_600_000, Date.UTC(2026, 10, 27));
  const made = setup({ cdn: true, now: clock.now, ...options }, { cacheMaxAge: 300 });
  return { ...made, clock };
}

const cacheControl = (answer: Response) => answer.headers.get('cache-control');

describe('cdn: public answers a shared cache may keep, nothing else', () => {
  it('without the option every answer stays private', async () => {
    const { call } = setup({}, { cacheMaxAge: 300 });
    for (let i = 0; i < 2; i++) {
      const answer = await call(`${MOUNT}/skus/${PHONE}`);
      expect(cacheControl(answer)).toMatch(/^private, max-age=\d+/);
      expect(answer.headers.get('vary')).toBeNull();
    }
  });

  it('a public answer: s-maxage is what is left of the API max-age, then the stale window; Vary: Accept, never Cookie', async () => {
    const { call, clock } = cdnSetup();
    const miss = await call(`${MOUNT}/skus/${PHONE}`);
    expect(miss.headers.get('x-catalog-cache')).toBe('miss');
    expect(cacheControl(miss)).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=86400, stale-if-error=86400',
    );
    expect(miss.headers.get('vary')).toBe('Accept');
    clock.advance(100_000);
    const hit = await call(`${MOUNT}/skus/${PHONE}`, { headers: { cookie: 'catalog_session=abc' } });
    expect(hit.headers.get('x-catalog-cache')).toBe('hit');
    expect(cacheControl(hit)).toBe(
      'public, max-age=0, s-maxage=200, stale-while-revalidate=86400, stale-if-error=86400',
    );
    expect(hit.headers.get('vary')).toBe('Accept');
    const notModified = await call(`${MOUNT}/skus/${PHONE}`, {
      headers: { 'if-none-match': hit.headers.get('etag') as string },
    });
    expect(notModified.status).toBe(304);
    expect(cacheControl(notModified)).toBe(cacheControl(hit));
    clock.advance(300_000);
    const stale = await call(`${MOUNT}/skus/${PHONE}`);
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    expect(cacheControl(stale)).toBe(
      'public, max-age=0, s-maxage=0, stale-while-revalidate=86300, stale-if-error=86300',
    );
  });

  it('a revalidated answer (the API said 304) is shared too', async () => {
    // With no stale window a view past max-age revalidates at once.
    const { call, sandbox, clock } = cdnSetup({ maxStale: 0 });
    await call(`${MOUNT}/categories/40/skus`);
    clock.advance(301_000);
    const again = await call(`${MOUNT}/categories/40/skus`);
    expect(again.headers.get('x-catalog-cache')).toBe('revalidated');
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(2);
    expect(cacheControl(again)).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=0, stale-if-error=0',
    );
  });

  it('a kept 404 is shared for what is left of missingMaxAge; a kept 422 is not', async () => {
    const { call, clock } = cdnSetup();
    const first = await call(`${MOUNT}/skus/999999999`);
    expect(first.status).toBe(404);
    expect(cacheControl(first)).toBe('no-store');
    clock.advance(60_000);
    const kept = await call(`${MOUNT}/skus/999999999`);
    expect(kept.status).toBe(404);
    expect(cacheControl(kept)).toBe('public, max-age=0, s-maxage=240');
    await call(`${MOUNT}/search?q=a`);
    const refused = await call(`${MOUNT}/search?q=a`);
    expect(refused.status).toBe(422);
    expect(cacheControl(refused)).toMatch(/^private\b/);
  });

  it("refusals, 429s and 503s are never shared; a signed-in user's answers stay private", async () => {
    const { call, handler, sandbox } = cdnSetup({ visitorShare: 1, dailyLimit: 1000 });
    const refusals = [
      await call(`${MOUNT}/skus/${PHONE}?made_up=1`),
      await call(`${MOUNT}/nothing/here`),
      await call(`${MOUNT}/skus/${PHONE}`, { method: 'DELETE' }),
      await call(`${MOUNT}/favorites`),
    ];
    const send = (path: string) => handler(new Request(`${ORIGIN}${path}`), { clientAddress: '10.9.9.9' });
    await send(`${MOUNT}/skus/${PHONE}`);
    const spent = await send(`${MOUNT}/skus/2119392`);
    expect(spent.status).toBe(429);
    refusals.push(spent);
    sandbox.failNext(5, { status: 503, body: { errors: [{ code: 'Down', messages: ['down'] }] } });
    const down = await handler(new Request(`${ORIGIN}${MOUNT}/skus/2119393`), { clientAddress: '10.9.9.8' });
    expect(down.status).toBe(503);
    refusals.push(down);
    for (const refusal of refusals) {
      expect(refusal.status).toBeGreaterThanOrEqual(400);
      expect(cacheControl(refusal)).toBe('no-store');
    }
    const jar = new CookieJar();
    await signIn(sandbox, handler, jar);
    const browser = browserClient(handler, {}, jar);
    for (let i = 0; i < 2; i++) {
      const { response } = await browser.favorites.list().withResponse();
      expect(cacheControl(response)).toBe('private, no-store');
    }
  });

  it('cdn must be true or false', () => {
    expect(() =>
      createCatalogHandler({
        clientId: 'a',
        clientSecret: 'b',
        baseUrl: 'https://api.test',
        cdn: 'yes' as never,
      }),
    ).toThrow(InvalidRequestError);
  });
});
