/**
 * The naive scheduler the watch is held against: one `skus.get` per call, round robin over the
 * watched SKUs (heaviest first), the same calls a day, evenly spaced. It is given every price at
 * the start for free (no baseline to build), which only flatters it.
 */
import type { CatalogClient } from 'price-catalog';
import type { Watched } from './world.js';

/**
 * When the round robin, polling from `start` every `gapMs`, next reaches each SKU after `at`: the
 * time polling would see a move then, within the run or (for most SKUs) long after it.
 */
export function nextPollAfter(
  order: readonly Watched[],
  start: number,
  gapMs: number,
): (sku: number, at: number) => number {
  const position = new Map(order.map((s, i) => [s.sku, i]));
  const cycle = order.length * gapMs;
  return (sku, at) => {
    const first = start + ((position.get(sku) ?? 0) + 0.5) * gapMs;
    return at <= first ? first : first + Math.ceil((at - first) / cycle) * cycle;
  };
}

export class PerSkuPolling {
  private next = 0;
  readonly detected = new Map<number, number[]>();
  private readonly known = new Map<number, number | null>();

  constructor(
    private readonly client: CatalogClient,
    private readonly order: readonly Watched[],
    prices: ReadonlyMap<number, number>,
  ) {
    for (const { sku } of order) this.known.set(sku, prices.get(sku) ?? null);
  }

  /** One call: the next SKU in turn; a price unlike the one known is a move seen now. */
  async poll(now: number): Promise<void> {
    const { sku } = this.order[this.next % this.order.length] as Watched;
    this.next += 1;
    const { price_min } = await this.client.skus.get(sku);
    if (price_min !== this.known.get(sku)) {
      this.known.set(sku, price_min);
      this.detected.set(sku, [...(this.detected.get(sku) ?? []), now]);
    }
  }
}
