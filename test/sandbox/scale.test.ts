import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/sandbox/index.js';
import { get, obtainToken } from './helpers.js';

// Built once for the file: the scaled catalog takes seconds, and the sandbox caches it per seed and scale.
// Timed in CPU time: on a machine shared with other work the wall-clock time says little.
const started = process.cpuUsage();
const big = createSandbox({ seed: 3, scale: 25 }).data;
const { user, system } = process.cpuUsage(started);
const buildMs = (user + system) / 1000;
const small = createSandbox({ seed: 3 }).data;

describe('createSandbox({ scale })', () => {
  it('builds about 25 times the catalog at scale 25, in seconds', () => {
    expect(buildMs).toBeLessThan(30_000);
    const leaves = (data: typeof big) => data.categories.filter((c) => c.children_count === 0).length;
    expect(leaves(small)).toBe(13);
    expect(leaves(big)).toBe(13 * 25);
    expect(big.categories.length).toBeGreaterThanOrEqual(300);
    expect(big.skus.length).toBeGreaterThan(18_000);
    expect(big.skus.length).toBeGreaterThan(20 * small.skus.length);
    expect(big.products.length).toBeGreaterThan(20 * small.products.length);
    expect(new Set(big.skus.map((s) => s.id)).size).toBe(big.skus.length);
    expect(new Set(big.categories.map((c) => c.id)).size).toBe(big.categories.length);
  });

  it('gives each sibling leaf a name of its own, its leaf parent, and SKUs priced like its leaf', () => {
    const byId = new Map(big.categories.map((c) => [c.id, c]));
    const outlet = big.categories.find((c) => c.name === 'Κινητά Τηλέφωνα Outlet');
    const phones = byId.get(40);
    expect(outlet?.parent_id).toBe(phones?.parent_id);
    expect(outlet?.web_uri).toMatch(/^https:\/\/www\.sandbox\.test\/c\/\d+\/kinhta-thlefwna-outlet\.html$/);
    expect(new Set(big.categories.map((c) => c.name)).size).toBe(big.categories.length);
    const median = (id: number) => {
      const prices = big.skus
        .filter((s) => s.category_id === id && s.price_min > 0)
        .map((s) => s.price_min)
        .sort((a, b) => a - b);
      return prices[Math.floor(prices.length / 2)] as number;
    };
    // Same profile, same tiers: the sibling's median price within a factor of 2 of its leaf's.
    const ratio = median(outlet?.id as number) / median(40);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
    // Every SKU's category is a leaf and every leaf lists SKUs.
    const leafIds = new Set(big.categories.filter((c) => c.children_count === 0).map((c) => c.id));
    expect(big.skus.every((s) => leafIds.has(s.category_id))).toBe(true);
    expect(new Set(big.skus.map((s) => s.category_id)).size).toBe(leafIds.size);
  });

  it('is the same for the same seed and scale, and differs for another seed', () => {
    const again = createSandbox({ seed: 3, scale: 2 }).data;
    const twice = createSandbox({ seed: 3, scale: 2 }).data;
    expect(JSON.stringify(again)).toBe(JSON.stringify(twice));
    expect(JSON.stringify(createSandbox({ seed: 4, scale: 2 }).data.skus)).not.toBe(
      JSON.stringify(again.skus),
    );
  });

  it('leaves the default catalog unchanged: scale 1 is it, and the scaled one begins with its SKUs', () => {
    expect(JSON.stringify(createSandbox({ seed: 3, scale: 1 }).data)).toBe(JSON.stringify(small));
    const head = big.skus.slice(0, small.skus.length);
    // Reviews are drawn over every SKU; the rest of each default SKU is the same record.
    const plain = ({ reviews_count, reviewscore, popularity, ...rest }: (typeof big.skus)[number]) => rest;
    expect(head.map(plain)).toEqual(small.skus.map(plain));
  });

  it('refuses a scale that is not a whole number from 1 to 50 before building anything', () => {
    expect(() => createSandbox({ scale: 0 })).toThrow(/scale must be a whole number from 1 to 50/);
    expect(() => createSandbox({ scale: 2.5 })).toThrow(RangeError);
    expect(() => createSandbox({ scale: 51 })).toThrow(RangeError);
  });

  it('serves the scaled catalog through the API: a sibling leaf lists its SKUs', async () => {
    const sandbox = createSandbox({ seed: 3, scale: 25 });
    const leaf = big.categories.find((c) => c.name === 'Tablets Refurbished');
    const response = await get(sandbox, await obtainToken(sandbox), `/categories/${leaf?.id}/skus`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { skus: { category_id: number }[] };
    expect(body.skus.length).toBeGreaterThan(0);
    expect(body.skus.every((s) => s.category_id === leaf?.id)).toBe(true);
  });
});
