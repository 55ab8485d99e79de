/**
 * `npm run bench:day`: a simulated day of a storefront on the sandbox, served three ways (browsers
 * calling the API with getToken, a plain shared proxy, the `price-catalog/server` handler), on a
 * simulated clock. See docs/benchmarks.md, "Simulated day".
 *
 *   npm run bench:day                      the three runs and the handler's day line
 *   npm run bench:day -- --trace FILE      also every view and every API call as JSON lines
 *   npm run bench:day -- --seed N          another day (default 1)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createSandbox } from 'price-catalog/testing';
import { freshnessOptimum, type ResourceViews } from './bound.js';
import { type DayPlan, planDay } from './plan.js';
import type { DayRecord } from './record.js';
import { dayLine, goalLine, minutes, runLines, summarize } from './report.js';
import { browsersRun } from './runs/browsers.js';
import { handlerRun } from './runs/handler.js';
import { proxyRun } from './runs/proxy.js';
import type { Run } from './simulate.js';
import { simulateDay } from './simulate.js';
import { pricedSkus, type StorePage, storefront } from './storefront.js';

const { values } = parseArgs({
  options: {
    trace: { type: 'string' },
    seed: { type: 'string', default: '1' },
    run: { type: 'string', multiple: true },
  },
});
const seed = Number(values.seed);
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got ${values.seed}`);

const BUDGET = 1000;
const USERS = 1000;
const VIEWS_PER_USER = 20;
const ZIPF = 1.0;
const PRICE_MOVES = 144;
const START = Date.UTC(2026, 10, 27);
const SANDBOX = { seed, rateLimit: { limit: 100, windowMs: 60_000 }, latencyMs: 100 } as const;

const data = createSandbox({ seed }).data;
const pages = storefront(data);
const skus = pricedSkus(data);
const plan = planDay({
  seed,
  users: USERS,
  viewsPerUser: VIEWS_PER_USER,
  pages: pages.length,
  zipf: ZIPF,
  skus: skus.map((s) => s.id),
  priceMoves: PRICE_MOVES,
});

function resourceViews(plan: DayPlan, pages: readonly StorePage[]): Map<string, ResourceViews> {
  const out = new Map<string, ResourceViews>();
  for (const view of plan.views) {
    for (const part of (pages[view.page] as StorePage).parts) {
      const entry = out.get(part.resource);
      if (entry) entry.n += 1;
      else out.set(part.resource, { n: 1, first: view.at });
    }
  }
  return out;
}

const resources = resourceViews(plan, pages);
const bound = freshnessOptimum(resources.values(), BUDGET);
const categoryPages = pages.filter((p) => p.parts.length === 1).length;

const out: string[] = [
  `Simulated day (seed ${seed}): ${USERS} users x ${VIEWS_PER_USER} views, Zipf s=${ZIPF.toFixed(1)} over ${pages.length} pages (${categoryPages} category listings, ${pages.length - categoryPages} SKU pages), ${resources.size} distinct resources viewed`,
  `budget ${BUDGET} calls a day, rate limit 100 a minute, ${PRICE_MOVES} price moves, API latency 100 ms`,
  `bound (square-root rule over the trace): mean age ${minutes(bound)} min`,
  '',
];
console.log(out.join('\n'));

const traceLines: string[] = [];
if (values.trace !== undefined) {
  traceLines.push(
    JSON.stringify({
      kind: 'day',
      start: new Date(START).toISOString(),
      seed,
      budget: BUDGET,
      users: USERS,
      views: plan.views.length,
      units: 't, wait and age in ms; t after 00:00',
      bound_ms: bound,
    }),
    ...plan.moves.map((m) => JSON.stringify({ kind: 'price', t: m.at, sku: m.sku, factor: m.factor })),
  );
}

function trace(run: string, record: DayRecord): void {
  if (values.trace === undefined) return;
  for (const v of record.views) traceLines.push(JSON.stringify({ run, kind: 'view', ...v }));
  for (const c of record.calls) traceLines.push(JSON.stringify({ run, kind: 'call', ...c }));
}

const runs: [label: string, key: string, run: Run][] = [
  ['A', 'browsers', browsersRun],
  ['B', 'proxy', proxyRun],
  ['C', 'handler', handlerRun],
];

let handlerSummary: ReturnType<typeof summarize> | undefined;
for (const [label, key, run] of runs) {
  if (values.run !== undefined && !values.run.includes(key)) continue;
  const began = performance.now();
  const record = await simulateDay(run, {
    seed,
    start: START,
    budget: BUDGET,
    sandbox: SANDBOX,
    plan,
    pages,
    prices: new Map(skus.map((s) => [s.id, s.price])),
  });
  const summary = summarize(record, plan.views.length);
  console.log(runLines(label, run.name, summary, BUDGET).join('\n'));
  console.log(`   (simulated in ${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
  trace(key, record);
  if (run === handlerRun) handlerSummary = summary;
}

if (values.trace !== undefined) {
  writeFileSync(values.trace, `${traceLines.join('\n')}\n`);
  console.log(`trace: ${traceLines.length} lines in ${values.trace}`);
}

if (handlerSummary) {
  console.log(goalLine(handlerSummary, BUDGET, bound));
  console.log(dayLine(handlerSummary, BUDGET, bound));
}
