import { beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { getJson, obtainToken } from './helpers.js';

/**
 * The catalog reads as a real one: an accessory is for its own brand's devices or comes from a
 * maker of accessories only, a kind of accessory costs what that kind costs, and review counts
 * spread as they do on a real site. Every SKU of the categories is read through the API.
 */

interface Sku {
  id: number;
  name: string;
  display_name: string;
  category_id: number;
  manufacturer_id: number;
  price_min: number;
  reviews_count: number;
  future: boolean;
}

const PHONE_CASES = 579;
const TABLET_CASES = 1608;
/** The devices each device maker makes; a maker not listed here makes accessories only. */
const OWN_DEVICES: Record<string, RegExp> = {
  Apple: /^iP(hone|ad) /,
  Samsung: /^Galaxy /,
  Xiaomi: /^(Redmi|Poco) /,
  Huawei: /^(P\d\d|Nova) /,
  Lenovo: /^Tab /,
};
/** Makers of accessories only. */
const ACCESSORY_MAKERS = ['Spigen'];
const ANY_DEVICE = new RegExp(
  Object.values(OWN_DEVICES)
    .map((devices) => devices.source)
    .join('|'),
);
/** What a kind of accessory costs at most in a shop, in euros (the dearest offers sit below it). */
const DEAREST: [RegExp, number][] = [
  [/Magic Keyboard/, 500],
  [/Keyboard/, 320],
  [/^Spigen /, 60],
  [/Folio|Book Cover/, 140],
  [/MagSafe/, 90],
  [/./, 70],
];

let sandbox: Sandbox;
let token: string;
const makers = new Map<number, string>();

beforeAll(async () => {
  sandbox = createSandbox({ rateLimit: { limit: 10_000, windowMs: 60_000 } });
  token = await obtainToken(sandbox);
  for (const maker of sandbox.data.manufacturers) makers.set(maker.id, maker.name);
});

/** Every SKU of a category, page by page, as a client reads them. */
async function skusOf(categoryId: number): Promise<Sku[]> {
  const out: Sku[] = [];
  for (let page = 1; ; page++) {
    const body = await getJson<{ skus: Sku[]; meta: { pagination: { total_pages: number } } }>(
      sandbox,
      token,
      `/categories/${categoryId}/skus?per=100&page=${page}`,
    );
    out.push(...body.skus);
    if (page >= body.meta.pagination.total_pages) return out;
  }
}

describe('a believable catalog', () => {
  it.each([PHONE_CASES, TABLET_CASES])(
    'category %i: each case is for its maker’s own devices, or its maker makes cases only',
    async (id) => {
      const skus = await skusOf(id);
      expect(skus.length).toBeGreaterThan(20);
      for (const sku of skus) {
        const maker = makers.get(sku.manufacturer_id) ?? '';
        expect(sku.display_name.startsWith(`${maker} `), sku.display_name).toBe(true);
        const device = /για (.+)$/.exec(sku.name)?.[1] ?? '';
        expect(device, sku.display_name).not.toBe('');
        // A device maker's case is for its own devices (no Apple case for a Galaxy); a maker of
        // accessories only makes them for any of the devices named.
        expect([...Object.keys(OWN_DEVICES), ...ACCESSORY_MAKERS], sku.display_name).toContain(maker);
        expect(device, sku.display_name).toMatch(OWN_DEVICES[maker] ?? ANY_DEVICE);
      }
    },
  );

  it.each([PHONE_CASES, TABLET_CASES])(
    'category %i: each kind of case costs what that kind costs',
    async (id) => {
      const priced = (await skusOf(id)).filter((sku) => !sku.future && sku.price_min > 0);
      expect(priced.length).toBeGreaterThan(20);
      for (const sku of priced) {
        const limit = DEAREST.find(([kind]) => kind.test(sku.display_name))?.[1] ?? 0;
        expect(sku.price_min, sku.display_name).toBeLessThan(limit);
      }
    },
  );

  it('a tablet keyboard costs more than a tablet case', async () => {
    const priced = (await skusOf(TABLET_CASES)).filter((sku) => !sku.future && sku.price_min > 0);
    const keyboards = priced.filter((sku) => /Keyboard/.test(sku.name)).map((sku) => sku.price_min);
    const plain = priced.filter((sku) => !/Keyboard/.test(sku.name)).map((sku) => sku.price_min);
    expect(keyboards.length).toBeGreaterThan(2);
    expect(Math.min(...keyboards)).toBeGreaterThan(Math.max(...plain) * 0.5);
  });

  it('review counts spread like a real site’s: mostly a few, a long tail, no pile at one number', async () => {
    const counts = sandbox.data.skus.filter((sku) => sku.reviews_count > 0).map((sku) => sku.reviews_count);
    const sorted = [...counts].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    expect(median).toBeGreaterThanOrEqual(3);
    expect(median).toBeLessThanOrEqual(10);
    expect(sorted.at(-1)).toBeGreaterThan(150);
    // Fewer SKUs at each larger count, no pile at a cap: no count over 10 is held by one reviewed
    // SKU in twenty (a cap of 40 once held half of them).
    const byCount = new Map<number, number>();
    for (const count of counts) if (count > 10) byCount.set(count, (byCount.get(count) ?? 0) + 1);
    expect(Math.max(...byCount.values())).toBeLessThan(counts.length / 20);
    // What the API says agrees with the reviews it lists.
    const busiest = sandbox.data.skus.reduce((a, b) => (b.reviews_count > a.reviews_count ? b : a));
    const first = await getJson<{ meta: { pagination: { total_results: number } } }>(
      sandbox,
      token,
      `/skus/${busiest.id}/reviews?per=5`,
    );
    expect(first.meta.pagination.total_results).toBe(busiest.reviews_count);
  });
});
