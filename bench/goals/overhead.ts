import { ACCEPT, median, NO_LIMIT, type Row, ratio, serve, us, verdict } from '../lib.js';

const TARGET = 1.25;
const WARMUP_CALLS = 300;
/** Rounds of the two alternating blocks; each block is BLOCK calls (or BLOCK batches of 10). */
const ROUNDS = 30;
const BLOCK = 40;
const BATCH_BLOCK = 8;
const BATCH = 10;

type Call = () => Promise<unknown>;

/**
 * Per-round paired timings: in each round one block of SDK calls and one of bare calls, the
 * order flipping every round, so drift (JIT, GC, CPU clock) hits both sides alike. Returns the
 * median of the per-round SDK/bare ratios and the median time of one unit of each.
 */
async function paired(
  sdk: Call,
  bare: Call,
  units: number,
): Promise<{ ratio: number; sdk: number; bare: number }> {
  const block = async (fn: Call): Promise<number> => {
    const start = performance.now();
    for (let i = 0; i < units; i++) await fn();
    return (performance.now() - start) / units;
  };
  const ratios: number[] = [];
  const sdkTimes: number[] = [];
  const bareTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let s: number;
    let b: number;
    if (round % 2 === 0) {
      s = await block(sdk);
      b = await block(bare);
    } else {
      b = await block(bare);
      s = await block(sdk);
    }
    ratios.push(s / b);
    sdkTimes.push(s);
    bareTimes.push(b);
  }
  return { ratio: median(ratios), sdk: median(sdkTimes), bare: median(bareTimes) };
}

/**
 * Goal 2: a GET of a 25-SKU page through the SDK (validation on, cache off, limiter on) against
 * a bare fetch + JSON.parse of the same URL, on the loopback server.
 */
export async function perCallOverhead(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT });
  try {
    const client = served.client({ cache: false });
    const token = served.sandbox.issueToken();
    const url = `${served.server.baseUrl}/categories/40/skus?per=25`;
    const headers = { authorization: `Bearer ${token}`, accept: ACCEPT };

    const sdk: Call = async () => {
      const page = await client.catalog.categories.skus(40, { per: 25 });
      if (page.items.length !== 25) throw new Error(`SDK page has ${page.items.length} SKUs`);
    };
    const bare: Call = async () => {
      const response = await fetch(url, { headers });
      const body = JSON.parse(await response.text()) as { skus: unknown[] };
      if (body.skus.length !== 25) throw new Error(`bare page has ${body.skus.length} SKUs`);
    };
    const sdkBatch: Call = () => Promise.all(Array.from({ length: BATCH }, sdk));
    const bareBatch: Call = () => Promise.all(Array.from({ length: BATCH }, bare));

    for (let i = 0; i < WARMUP_CALLS; i++) {
      await sdk();
      await bare();
    }
    for (let i = 0; i < WARMUP_CALLS / BATCH; i++) {
      await sdkBatch();
      await bareBatch();
    }
    const serial = await paired(sdk, bare, BLOCK);
    const batched = await paired(sdkBatch, bareBatch, BATCH_BLOCK);
    const overLimit = served.sandbox.stats.overLimit;
    if (overLimit > 0) throw new Error(`per-call bench got ${overLimit} rate-limit 403s`);

    return [
      {
        goal: '2',
        what: 'Per-call cost SDK / bare fetch, one after another',
        measured: ratio(serial.ratio),
        target: `<= ${ratio(TARGET)}`,
        result: verdict(serial.ratio <= TARGET),
        note: `one call: SDK ${us(serial.sdk)}, bare fetch + JSON.parse ${us(serial.bare)} (medians of ${ROUNDS} rounds of ${BLOCK})`,
      },
      {
        goal: '2',
        what: 'Per-call cost SDK / bare fetch, 10 at a time',
        measured: ratio(batched.ratio),
        target: `<= ${ratio(TARGET)}`,
        result: verdict(batched.ratio <= TARGET),
        note: `batch of 10: SDK ${us(batched.sdk)}, bare ${us(batched.bare)} (medians of ${ROUNDS} rounds of ${BATCH_BLOCK} batches)`,
      },
    ];
  } finally {
    await served.close();
  }
}
