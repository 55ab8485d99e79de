import type { CatalogClient, Sku } from 'price-catalog';
import { BULK_SKU_ID_BASE } from 'price-catalog/testing';
import { median, NO_LIMIT, type Row, ratio, serve, timed, verdict } from '../lib.js';

const TARGET = 4;
const LATENCY_MS = 50;
/** A synthetic list of 360 SKUs, 9 a page: exactly 40 pages. */
const CATEGORY = 9001;
const SKUS = 360;
const PER = 9;
const CONCURRENCY = 8;
const ROUNDS = 3;

type SkuList = ReturnType<CatalogClient['catalog']['categories']['skus']>;

async function ids(items: AsyncIterable<Sku>): Promise<number[]> {
  const out: number[] = [];
  for await (const sku of items) out.push(sku.id);
  return out;
}

/**
 * Goal 4: the items of a 40-page list behind 50 ms of sandbox latency, page after page versus
 * with prefetch (`.concurrency(8)`); the same ids in the same order.
 */
export async function crawlSpeedup(): Promise<Row[]> {
  const served = await serve({
    rateLimit: NO_LIMIT,
    latencyMs: LATENCY_MS,
    bulkCategory: { id: CATEGORY, skus: SKUS },
  });
  try {
    const client = served.client({ cache: false });
    const list = (): SkuList => client.catalog.categories.skus(CATEGORY, { per: PER });
    // Token and first connections, out of the timings.
    await list();
    const sequential: number[] = [];
    const prefetched: number[] = [];
    let sequentialIds: number[] = [];
    let prefetchedIds: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const runSequential = async () => {
        sequential.push(
          await timed(async () => {
            sequentialIds = await ids(list());
          }),
        );
      };
      const runPrefetch = async () => {
        prefetched.push(
          await timed(async () => {
            prefetchedIds = await ids(list().concurrency(CONCURRENCY));
          }),
        );
      };
      if (round % 2 === 0) {
        await runSequential();
        await runPrefetch();
      } else {
        await runPrefetch();
        await runSequential();
      }
    }
    // The bulk category lists its SKUs newest (highest id) first.
    const expected = Array.from({ length: SKUS }, (_, i) => BULK_SKU_ID_BASE + SKUS - i);
    const sameOrder =
      JSON.stringify(sequentialIds) === JSON.stringify(expected) &&
      JSON.stringify(prefetchedIds) === JSON.stringify(sequentialIds);
    const speedup = median(sequential) / median(prefetched);
    return [
      {
        goal: '4',
        what: `Crawl speed-up with prefetch (${SKUS / PER} pages, ${LATENCY_MS} ms latency)`,
        measured: ratio(speedup),
        target: `>= ${ratio(TARGET)}`,
        result: verdict(speedup >= TARGET),
        note: `${SKUS / PER} pages of ${PER}: page after page ${median(sequential).toFixed(0)} ms, concurrency(${CONCURRENCY}) ${median(prefetched).toFixed(0)} ms (medians of ${ROUNDS})`,
      },
      {
        goal: '4',
        what: 'Prefetch gives the same items in the same order',
        measured: sameOrder ? 'yes' : `no (${prefetchedIds.length} of ${SKUS} items)`,
        target: 'yes',
        result: verdict(sameOrder),
      },
    ];
  } finally {
    await served.close();
  }
}
