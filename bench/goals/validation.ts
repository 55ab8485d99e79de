import { SkuListSchema } from 'price-catalog';
import { Bench } from 'tinybench';
import * as z from 'zod/mini';
import { ACCEPT, kb, median, NO_LIMIT, type Row, ratio, serve, us, verdict } from '../lib.js';

/** Checking a page costs at most twice its `JSON.parse`. */
const TARGET = 2;
const ROUNDS = 5;

/** The check every list call runs (zod's safeParse of the public schema), refusing a failure. */
function check(body: unknown): void {
  const result = z.safeParse(SkuListSchema, body);
  if (!result.success) throw new Error(`the page does not match: ${JSON.stringify(result.error.issues[0])}`);
}

/** `skus` SKUs built from the sandbox's page of 25 (ids made distinct), as the server's text. */
function pageOf(page: { skus: Record<string, unknown>[]; meta: unknown }, skus: number): string {
  const list = Array.from({ length: skus }, (_, i) => {
    const sku = page.skus[i % page.skus.length] as Record<string, unknown>;
    return { ...sku, id: (sku.id as number) + Math.floor(i / page.skus.length) * 10_000_000 };
  });
  return JSON.stringify({ skus: list, meta: page.meta });
}

/** Median over rounds of the p50 ratio check / JSON.parse of `text`, and the two p50s. */
async function cost(text: string): Promise<{ ratio: number; parse: number; check: number }> {
  const body: unknown = JSON.parse(text);
  check(body);
  const ratios: number[] = [];
  const parseTimes: number[] = [];
  const checkTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: 400, warmupTime: 100 });
    const parse = (): unknown => JSON.parse(text);
    const validate = (): void => check(body);
    // Alternate which runs first.
    if (round % 2 === 0) bench.add('parse', parse).add('validate', validate);
    else bench.add('validate', validate).add('parse', parse);
    await bench.run();
    const p50 = (name: string): number => {
      const result = bench.getTask(name)?.result;
      if (result?.state !== 'completed') throw new Error(`tinybench task ${name}: ${result?.state}`);
      return result.latency.p50;
    };
    ratios.push(p50('validate') / p50('parse'));
    parseTimes.push(p50('parse'));
    checkTimes.push(p50('validate'));
  }
  return { ratio: median(ratios), parse: median(parseTimes), check: median(checkTimes) };
}

/**
 * Goal 3: checking a 25-SKU and a 500-SKU page with the answer schema (as every list call does)
 * against their `JSON.parse`; and unknown fields still reach the caller.
 */
export async function validationCost(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT });
  try {
    const token = served.sandbox.issueToken();
    const response = await fetch(`${served.server.baseUrl}/categories/40/skus?per=25`, {
      headers: { authorization: `Bearer ${token}`, accept: ACCEPT },
    });
    const text = await response.text();
    const page = JSON.parse(text) as { skus: Record<string, unknown>[]; meta: Record<string, unknown> };
    const rows: Row[] = [];
    for (const skus of [25, 500]) {
      const pageText = skus === page.skus.length ? text : pageOf(page, skus);
      const measured = await cost(pageText);
      rows.push({
        goal: '3',
        what: `Validation / JSON.parse of a ${skus}-SKU page`,
        measured: ratio(measured.ratio),
        target: `<= ${ratio(TARGET)}`,
        result: verdict(measured.ratio <= TARGET),
        note: `${kb(pageText.length)} page: JSON.parse ${us(measured.parse)}, zod safeParse ${us(measured.check)} (tinybench p50, median of ${ROUNDS} rounds)`,
      });
    }

    // Pass-through, through the built SDK: the answer carries a field no schema lists (on a SKU
    // and in meta); the page must hold it, and its whole body must be the answer as sent.
    const sent = JSON.parse(text) as { skus: Record<string, unknown>[]; meta: Record<string, unknown> };
    sent.skus[0] = { ...sent.skus[0], bench_unlisted: { kept: true } };
    sent.meta.bench_unlisted = 'kept';
    served.sandbox.failNext(1, { status: 200, body: sent });
    const client = served.client({ cache: false });
    const listed = await client.catalog.categories.skus(40, { per: 25 });
    const first = listed.items[0] as unknown as Record<string, unknown> | undefined;
    const kept =
      JSON.stringify(first?.bench_unlisted) === '{"kept":true}' &&
      (listed.body.meta as Record<string, unknown>).bench_unlisted === 'kept';
    const whole = JSON.stringify(listed.body) === JSON.stringify(sent);
    const passes = kept && whole;
    rows.push({
      goal: '3',
      what: 'Unknown fields passed through (body returned as sent)',
      measured: passes ? 'yes' : `no (unlisted field kept: ${kept}, body as sent: ${whole})`,
      target: 'yes',
      result: verdict(passes),
    });
    return rows;
  } finally {
    await served.close();
  }
}
