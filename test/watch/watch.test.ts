import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvalidRequestError, memoryCoordination } from '../../src/index.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { createPriceWatch, type PriceChange } from '../../src/watch/index.js';
import { newSandbox, sandboxClient } from '../helpers/index.js';
import { runUntil } from './drive.js';

const START = Date.UTC(2026, 10, 2);
const DAY = 86_400_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

function skusOf(sandbox: Sandbox, category: number) {
  return sandbox.data.skus.filter((sku) => sku.category_id === category && !sku.future);
}

const listingCalls = (sandbox: Sandbox) => sandbox.apiCalls({ path: /^\/categories\/\d+\/skus$/ });

function setup(share = 48) {
  const sandbox = newSandbox();
  const coordination = memoryCoordination();
  const client = sandboxClient(sandbox, { coordination });
  const watch = createPriceWatch({ client, coordination, share: { calls: share } });
  return { sandbox, client, coordination, watch };
}

describe('price-catalog/watch', () => {
  it('covers a category with its listing pages, spreads the share over the day, and reports a move', async () => {
    const { sandbox, watch } = setup(48);
    // Category 40 lists 340 SKUs: four pages of 100 cover every one.
    watch.add({ category: 40, weight: 2 });
    const changes: PriceChange[] = [];
    watch.onChange((change) => changes.push(change));

    const first = await runUntil([watch], START + 6 * 3_600_000);
    expect(
      first
        .map((step) => (step.kind === 'page' ? step.page : 0))
        .slice(0, 4)
        .sort(),
    ).toEqual([1, 2, 3, 4]);
    expect(sandbox.apiCalls({ path: /^\/skus\// })).toHaveLength(0);

    const sku = skusOf(sandbox, 40)[150];
    if (!sku) throw new Error('no SKU');
    const before = await watch.price(sku.id);
    expect(before?.price_min).toBe(sku.price_min);
    sandbox.setPrice(sku.id, Math.round(sku.price_min * 80) / 100);
    const movedAt = Date.now();
    await runUntil([watch], START + DAY);

    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ sku: sku.id, before: { price_min: sku.price_min } });
    expect(changes[0]?.after.price_min).toBe(Math.round(sku.price_min * 80) / 100);
    expect(changes[0]?.seenAt.getTime()).toBeGreaterThan(movedAt);
    expect((await watch.price(sku.id))?.price_min).toBe(changes[0]?.after.price_min);

    // The whole share, never more, spread over the day: no two calls within 20 minutes.
    const calls = listingCalls(sandbox);
    expect(calls).toHaveLength(48);
    expect(await watch.spent()).toMatchObject({ day: '2026-11-02', calls: 48, share: 48 });
    const gaps = calls.slice(1).map((call, i) => call.time - (calls[i]?.time ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThan(20 * 60_000);
    expect(calls.at(-1)?.time).toBeLessThan(START + DAY);
  });

  it('never passes its share, a fraction of the daily limit, day after day', async () => {
    const sandbox = newSandbox();
    const coordination = memoryCoordination();
    const client = sandboxClient(sandbox, { coordination, dailyLimit: 1000 });
    const watch = createPriceWatch({ client, coordination, share: { fraction: 0.01 } });
    watch.add({ category: 40 });
    watch.add(skusOf(sandbox, 88).map((sku) => ({ sku: sku.id, category: 88 })));
    await runUntil([watch], START + 3 * DAY);
    const perDay = [0, 1, 2].map(
      (d) =>
        sandbox.apiCalls().filter((c) => c.time >= START + d * DAY && c.time < START + (d + 1) * DAY).length,
    );
    expect(perDay).toEqual([10, 10, 10]);
  });

  it('covers a lone SKU of a category of many pages with its own call, and a removed SKU costs nothing', async () => {
    const { sandbox, watch } = setup(24);
    const [lone, gone] = skusOf(sandbox, 40);
    const [other] = skusOf(sandbox, 88);
    if (!lone || !gone || !other) throw new Error('no SKU');
    watch.add([{ sku: lone.id, category: 40 }, gone.id, other.id]);
    watch.remove(gone.id);
    await runUntil([watch], START + DAY);
    // Page 1 of category 40 tells it has four pages: one SKU there costs a call of its own.
    expect(sandbox.apiCalls({ path: `/skus/${gone.id}` })).toHaveLength(0);
    expect(sandbox.apiCalls({ path: `/skus/${lone.id}` }).length).toBeGreaterThan(0);
    expect(sandbox.apiCalls({ path: `/skus/${other.id}` }).length).toBeGreaterThan(0);
    expect(listingCalls(sandbox).filter((c) => c.query.get('page') !== '1')).toHaveLength(0);
    expect(sandbox.apiCalls()).toHaveLength(24);
  });

  it('refreshes what many users watch more often than what few watch', async () => {
    const { sandbox, watch } = setup(100);
    watch.add(skusOf(sandbox, 88).map((sku) => ({ sku: sku.id, category: 88, weight: 16 })));
    watch.add(skusOf(sandbox, 579).map((sku) => ({ sku: sku.id, category: 579, weight: 1 })));
    await runUntil([watch], START + DAY);
    const heavy = sandbox.apiCalls({ path: '/categories/88/skus' }).length;
    const light = sandbox.apiCalls({ path: '/categories/579/skus' }).length;
    // Square-root rule: 16 times the weight, about four times the calls.
    expect(heavy / light).toBeGreaterThan(3);
    expect(heavy / light).toBeLessThan(5.5);
  });

  it('fetches the offers of a moved SKU within the share', async () => {
    const sandbox = newSandbox();
    const coordination = memoryCoordination();
    const client = sandboxClient(sandbox, { coordination });
    const watch = createPriceWatch({ client, coordination, share: { calls: 10 }, offers: true });
    const [sku] = skusOf(sandbox, 88);
    if (!sku) throw new Error('no SKU');
    watch.add({ sku: sku.id, category: 88 });
    expect(await watch.step()).toMatchObject({ kind: 'page', category: 88, page: 1 });
    sandbox.setPrice(sku.id, Math.round(sku.price_min * 90) / 100);
    const iterator = watch.changes();
    const next = iterator.next();
    await runUntil([watch], START + DAY);
    const { value } = await next;
    expect(value?.offers?.length).toBeGreaterThan(0);
    expect(value?.offers?.every((offer: { sku_id: number }) => offer.sku_id === sku.id)).toBe(true);
    expect(sandbox.apiCalls()).toHaveLength(10);
    expect(sandbox.apiCalls({ path: `/skus/${sku.id}/products` })).toHaveLength(1);
    await iterator.return?.();
  });

  it('runs in the background with start(), at the pace of its share, until stop()', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    const { sandbox, watch } = setup(48);
    watch.add({ category: 88 });
    watch.start();
    await vi.advanceTimersByTimeAsync(3 * 3_600_000 + 60_000);
    await watch.stop();
    // Calls at 0:00, 0:30, ... 3:00: seven, and none after stop().
    expect(listingCalls(sandbox)).toHaveLength(7);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(listingCalls(sandbox)).toHaveLength(7);
  });

  it('a store that fails makes the loop look again a minute later, not at once', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    const sandbox = newSandbox();
    const coordination = memoryCoordination();
    let tries = 0;
    const failing = {
      ...coordination,
      locks: {
        withLock: async () => {
          tries += 1;
          throw new Error('store away');
        },
      },
    };
    const watch = createPriceWatch({
      client: sandboxClient(sandbox, { coordination }),
      coordination: failing,
      share: { calls: 48 },
    });
    const errors: unknown[] = [];
    watch.onError((error) => errors.push(error));
    watch.add({ category: 88 });
    watch.start();
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 1000);
    await watch.stop();
    expect(tries).toBe(6);
    expect(errors).toHaveLength(6);
    expect(sandbox.apiCalls()).toHaveLength(0);
  });

  it('a listener that throws is reported, and the others still hear the change', async () => {
    const { sandbox, watch } = setup(48);
    const [sku] = skusOf(sandbox, 88);
    if (!sku) throw new Error('no SKU');
    watch.add({ sku: sku.id, category: 88 });
    const heard: number[] = [];
    const errors: unknown[] = [];
    watch.onChange(() => {
      throw new Error('listener bug');
    });
    watch.onChange((change) => heard.push(change.sku));
    watch.onError((error) => errors.push(error));
    await watch.step();
    sandbox.setPrice(sku.id, Math.round(sku.price_min * 90) / 100);
    vi.setSystemTime(START + DAY / 2);
    expect(await watch.step()).toMatchObject({ kind: 'page', changes: 1 });
    expect(heard).toEqual([sku.id]);
    expect(errors).toEqual([new Error('listener bug')]);
  });

  it('refuses bad options before any call', () => {
    const { client } = setup();
    expect(() => createPriceWatch({ client, share: { calls: 0 } })).toThrow(InvalidRequestError);
    expect(() => createPriceWatch({ client, share: { fraction: 2 } })).toThrow(InvalidRequestError);
    expect(() => createPriceWatch({ client, share: { calls: 5 }, orderBy: 'pricevat' })).toThrow(
      /price order/,
    );
    const watch = createPriceWatch({ client, share: { calls: 5 } });
    expect(() => watch.add({ sku: -1 })).toThrow(InvalidRequestError);
    expect(() => watch.add({ category: 40, weight: 0 })).toThrow(InvalidRequestError);
  });
});
