import { Bench } from 'tinybench';
// The schema and the check the SDK runs, from the source: the built bundle does not export them.
import { validate } from '../../src/core/validate.js';
import { SkuListSchema } from '../../src/schemas/catalog.js';
import { ACCEPT, kb, median, NO_LIMIT, type Row, ratio, serve, us, verdict } from '../lib.js';

const TARGET = 0.5;
const ROUNDS = 5;

const quiet = { debug() {}, warn() {} };

/**
 * Goal 3: checking a 25-SKU page (the SDK's `validate`, strict, as every list call runs it)
 * against its `JSON.parse`; and unknown fields still reach the caller.
 */
export async function validationCost(): Promise<Row[]> {
  const served = await serve({ rateLimit: NO_LIMIT });
  try {
    const token = served.sandbox.issueToken();
    const response = await fetch(`${served.server.baseUrl}/categories/40/skus?per=25`, {
      headers: { authorization: `Bearer ${token}`, accept: ACCEPT },
    });
    const text = await response.text();
    const body: unknown = JSON.parse(text);
    // Fails loudly rather than timing the error path.
    validate(SkuListSchema, body, 'strict', 'GET /categories/40/skus', quiet);

    const parse = (): unknown => JSON.parse(text);
    const check = (): unknown => validate(SkuListSchema, body, 'strict', 'GET /categories/40/skus', quiet);
    const ratios: number[] = [];
    const parseTimes: number[] = [];
    const checkTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bench = new Bench({ time: 400, warmupTime: 100 });
      // Alternate which runs first.
      if (round % 2 === 0) bench.add('parse', parse).add('validate', check);
      else bench.add('validate', check).add('parse', parse);
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
    const measured = median(ratios);

    // Pass-through, through the built SDK: the answer carries a field no schema lists (on a SKU
    // and in meta); the page must hold it, and its whole body must be the answer as sent.
    const sent = JSON.parse(text) as { skus: Record<string, unknown>[]; meta: Record<string, unknown> };
    sent.skus[0] = { ...sent.skus[0], bench_unlisted: { kept: true } };
    sent.meta.bench_unlisted = 'kept';
    served.sandbox.failNext(1, { status: 200, body: sent });
    const client = served.client({ cache: false });
    const page = await client.catalog.categories.skus(40, { per: 25 });
    const first = page.items[0] as unknown as Record<string, unknown> | undefined;
    const kept =
      JSON.stringify(first?.bench_unlisted) === '{"kept":true}' &&
      (page.body.meta as Record<string, unknown>).bench_unlisted === 'kept';
    const whole = JSON.stringify(page.body) === JSON.stringify(sent);
    const passes = kept && whole;

    return [
      {
        goal: '3',
        what: 'Validation / JSON.parse of a 25-SKU page',
        measured: ratio(measured),
        target: `<= ${ratio(TARGET)}`,
        result: verdict(measured <= TARGET),
        note: `${kb(text.length)} page: JSON.parse ${us(median(parseTimes))}, validate ${us(median(checkTimes))} (tinybench p50, median of ${ROUNDS} rounds)`,
      },
      {
        goal: '3',
        what: 'Unknown fields passed through (body returned as sent)',
        measured: passes ? 'yes' : `no (unlisted field kept: ${kept}, body as sent: ${whole})`,
        target: 'yes',
        result: verdict(passes),
      },
    ];
  } finally {
    await served.close();
  }
}
