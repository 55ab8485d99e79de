import { describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src/sandbox/index.js';
import type { CatalogHandlerOptions } from '../../src/server/index.js';
import { MOUNT, PHONE, setup } from './setup.js';

// RFC 9111, 4.2.3: a cache's answer is fresh while its freshness lifetime (s-maxage for a shared
// cache, else max-age: 4.2.1) exceeds its current age, which is at least the `Age` it came with
// (corrected_age_value = age_value + response_delay; apparent_age from Date is 0 here). What the
// handler says must leave a cache the freshness the handler itself gives the answer.

/** Seconds a cache that stores `answer` now may serve it without asking, by the RFC's arithmetic. */
function rfcFreshnessLeft(answer: Response, shared: boolean): number {
  const cacheControl = answer.headers.get('cache-control') ?? '';
  const directive = (name: string) => {
    const found = new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(cacheControl)?.[1];
    return found === undefined ? undefined : Number(found);
  };
  const lifetime = (shared ? directive('s-maxage') : undefined) ?? directive('max-age') ?? 0;
  const ageValue = Number(answer.headers.get('age') ?? '0');
  const currentAge = Math.max(0, ageValue);
  return lifetime - currentAge;
}

function clocked(
  options: Partial<CatalogHandlerOptions>,
  cacheMaxAge?: number,
  rateLimit?: SandboxOptions['rateLimit'],
) {
  let t = Date.UTC(2026, 10, 27, 12, 0, 0);
  const made = setup(
    { now: () => t, ...options },
    { ...(cacheMaxAge === undefined ? {} : { cacheMaxAge }), rateLimit },
  );
  return { ...made, advance: (ms: number) => (t += ms) };
}

describe("the handler's Cache-Control and Age, read as RFC 9111 reads them", () => {
  it('cdn: a CDN keeps an answer 100 s into its 300 s for the 200 s left, its 304 alike', async () => {
    const { call, advance } = clocked({ cdn: true }, 300);
    const miss = await call(`${MOUNT}/skus/${PHONE}`);
    expect(rfcFreshnessLeft(miss, true)).toBe(300);
    for (const [elapsed, left] of [
      [100, 200],
      [150, 50],
      [49, 1],
    ] as const) {
      advance(elapsed * 1000);
      const hit = await call(`${MOUNT}/skus/${PHONE}`);
      expect(hit.headers.get('x-catalog-cache')).toBe('hit');
      expect(rfcFreshnessLeft(hit, true)).toBe(left);
      const notModified = await call(`${MOUNT}/skus/${PHONE}`, {
        headers: { 'if-none-match': hit.headers.get('etag') as string },
      });
      expect(notModified.status).toBe(304);
      expect(rfcFreshnessLeft(notModified, true)).toBe(left);
      expect(notModified.headers.get('cache-control')).toBe(hit.headers.get('cache-control'));
      expect(notModified.headers.get('age')).toBe(hit.headers.get('age'));
    }
  });

  it("without cdn: a browser's cache keeps an answer 100 s into its 300 s for the 200 s left, and tells its age", async () => {
    const { call, advance } = clocked({}, 300);
    await call(`${MOUNT}/skus/${PHONE}`);
    advance(100_000);
    const hit = await call(`${MOUNT}/skus/${PHONE}`);
    expect(hit.headers.get('age')).toBe('100');
    expect(rfcFreshnessLeft(hit, false)).toBe(200);
    advance(250_000);
    const stale = await call(`${MOUNT}/skus/${PHONE}`);
    expect(stale.headers.get('x-catalog-cache')).toBe('stale');
    expect(stale.headers.get('age')).toBe('350');
    expect(rfcFreshnessLeft(stale, false)).toBeLessThanOrEqual(0);
  });

  it('cdn: a SKU listing (the API says max-age=0) reaches the CDN with at least 1 s, its 304 with what its 200 says', async () => {
    const { call, sandbox, advance } = clocked({ cdn: true });
    const miss = await call(`${MOUNT}/categories/40/skus`);
    expect(miss.headers.get('x-catalog-cache')).toBe('miss');
    expect(rfcFreshnessLeft(miss, true)).toBeGreaterThanOrEqual(1);
    advance(5_000);
    const kept = await call(`${MOUNT}/categories/40/skus`);
    expect(kept.headers.get('x-catalog-cache')).toBe('stale');
    expect(rfcFreshnessLeft(kept, true)).toBeGreaterThanOrEqual(1);
    const notModified = await call(`${MOUNT}/categories/40/skus`, {
      headers: { 'if-none-match': kept.headers.get('etag') as string },
    });
    expect(notModified.status).toBe(304);
    // RFC 9110 15.4.5: the headers its 200 would carry (each view moves the pacing's plan, so the
    // seconds may differ).
    for (const name of ['etag', 'vary', 'link', 'age', 'x-catalog-cache'])
      expect([name, notModified.headers.get(name)]).toEqual([name, kept.headers.get(name)]);
    expect(notModified.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+$/,
    );
    expect(rfcFreshnessLeft(notModified, true)).toBeGreaterThanOrEqual(1);
    expect(notModified.headers.get('vary')).toBe('Accept');
    expect(sandbox.apiCalls({ path: '/categories/40/skus' })).toHaveLength(1);
    const search = await call(`${MOUNT}/search?q=phone`);
    expect(search.status).toBe(200);
    expect(rfcFreshnessLeft(search, true)).toBeGreaterThanOrEqual(1);
  });

  it("cdn: a listing's s-maxage is a time the handler itself serves it unchanged (its pacing plans no refresh sooner)", async () => {
    const { call, sandbox, advance } = clocked({ cdn: true }, undefined, { limit: 1e9, windowMs: 60_000 });
    const path = `${MOUNT}/categories/40/skus`;
    const calls = () =>
      sandbox.apiCalls({ path: '/categories/40/skus' }).filter((c) => !c.url.includes('?')).length;
    const told: { at: number; sMaxAge: number; calls: number }[] = [];
    let at = 0;
    // A shop at noon: the listing and other pages viewed every 7 s, the pacing refreshing some.
    for (let i = 0; i < 150; i++) {
      const answer = await call(path);
      await call(`${MOUNT}/categories/${[40, 41, 42, 43][i % 4]}/skus?page=${(i % 7) + 1}`);
      const sMaxAge = Number(/s-maxage=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1]);
      told.push({ at, sMaxAge, calls: calls() });
      advance(7_000);
      at += 7;
    }
    expect(told.every((x) => x.sMaxAge >= 1)).toBe(true);
    // Past its first second, the plan stands behind tens of seconds.
    expect(told.filter((x) => x.sMaxAge > 10).length).toBeGreaterThan(told.length / 2);
    // No refresh of the listing by the handler within any s-maxage it told.
    for (const x of told) {
      const within = told.filter((y) => y.at > x.at && y.at < x.at + x.sMaxAge);
      expect(within.every((y) => y.calls === x.calls)).toBe(true);
    }
    expect(calls()).toBeGreaterThan(3);
  });
});
