/**
 * `npm run bench:day`: a simulated day of a storefront on the sandbox, served five ways (browsers
 * calling the API with getToken, a plain shared proxy, the `price-catalog/server` handler alone,
 * with a scraper, and with a tenth of the users signed in), on a
 * simulated clock. See docs/benchmarks.md, "Simulated day".
 *
 *   npm run bench:day                      the runs, and the handler runs' goals and day lines
 *   npm run bench:day -- --trace FILE      also every view and every API call as JSON lines
 *   npm run bench:day -- --plot FILE.svg   also a picture of each run's day: budget spent, age shown
 *   npm run bench:day -- --seed N          another day (default 1)
 *   npm run bench:day -- --run handler     only the runs named (browsers, proxy, handler,
 *                                          handler-scraper, handler-signed-in); repeatable
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createSandbox } from 'price-catalog/testing';
import { freshnessOptimum, optimumAllocation, type ResourceViews } from './bound.js';
import { exactDay } from './exact.js';
import { type DayPlan, planDay } from './plan.js';
import { type PlottedRun, plotDay } from './plot.js';
import type { DayRecord } from './record.js';
import {
  dayLine,
  goalLine,
  minutes,
  publicCalls,
  runLines,
  type Summary,
  scraperDayLine,
  scraperGoalLine,
  signedInDayLine,
  signedInGoalLine,
  summarize,
} from './report.js';
import { browsersRun } from './runs/browsers.js';
import { handlerRun } from './runs/handler.js';
import { proxyRun } from './runs/proxy.js';
import { handlerScraperRun } from './runs/scraper.js';
import { handlerSignedInRun } from './runs/signed-in.js';
import type { Run } from './simulate.js';
import { simulateDay } from './simulate.js';
import { pricedSkus, type StorePage, storefront } from './storefront.js';

const { values } = parseArgs({
  options: {
    trace: { type: 'string' },
    seed: { type: 'string', default: '1' },
    run: { type: 'string', multiple: true },
    plot: { type: 'string' },
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

/** Each resource's view times (sorted: the plan's views are). */
function resourceTimes(plan: DayPlan, pages: readonly StorePage[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const view of plan.views) {
    for (const part of (pages[view.page] as StorePage).parts) {
      const times = out.get(part.resource);
      if (times) times.push(view.at);
      else out.set(part.resource, [view.at]);
    }
  }
  return out;
}

const times = resourceTimes(plan, pages);
const resources = new Map<string, ResourceViews>(
  [...times].map(([key, t]) => [key, { n: t.length, first: t[0] as number }]),
);
const bound = freshnessOptimum(resources, BUDGET);
/** The exact offline optimum for each number of calls left to the pages, computed once each. */
const exactFor = new Map<number, Promise<number>>();
const exact = (calls: number): Promise<number> => {
  const known = exactFor.get(calls) ?? exactDay(times, calls);
  exactFor.set(calls, known);
  return known;
};
const exactBudget = await exact(BUDGET);
const allotted = optimumAllocation(resources, BUDGET);
const categoryPages = pages.filter((p) => p.parts.length === 1).length;

const out: string[] = [
  `Simulated day (seed ${seed}): ${USERS} users x ${VIEWS_PER_USER} views, Zipf s=${ZIPF.toFixed(1)} over ${pages.length} pages (${categoryPages} category listings, ${pages.length - categoryPages} SKU pages), ${resources.size} distinct resources viewed`,
  `budget ${BUDGET} calls a day, rate limit 100 a minute, ${PRICE_MOVES} price moves, API latency 100 ms`,
  `fluid model (each resource fetched at its first view, the other calls water-filled over its span, refreshes evenly spaced): mean age ${minutes(bound)} min`,
  `exact (the least mean age over the day's views with ${BUDGET} calls, every view answered, view times known; HiGHS): ${minutes(exactBudget)} min`,
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
      fluid_ms: bound,
      exact_ms: exactBudget,
    }),
    ...plan.moves.map((m) => JSON.stringify({ kind: 'price', t: m.at, sku: m.sku, factor: m.factor })),
  );
}

function trace(run: string, record: DayRecord): void {
  if (values.trace === undefined) return;
  for (const v of record.views) traceLines.push(JSON.stringify({ run, kind: 'view', ...v }));
  for (const c of record.calls) traceLines.push(JSON.stringify({ run, kind: 'call', ...c }));
  for (const o of record.ownViews) traceLines.push(JSON.stringify({ run, kind: 'own', ...o }));
}

const runs: [label: string, key: string, run: Run][] = [
  ['A', 'browsers', browsersRun],
  ['B', 'proxy', proxyRun],
  ['C', 'handler', handlerRun],
  ['D', 'handler-scraper', handlerScraperRun],
  ['E', 'handler-signed-in', handlerSignedInRun],
];
const unknown = (values.run ?? []).filter((name) => !runs.some(([, key]) => key === name));
if (unknown.length > 0)
  throw new Error(`--run: no run ${unknown.join(', ')} (runs: ${runs.map(([, key]) => key).join(', ')})`);

const pageResources = new Set(resources.keys());
const summaries = new Map<string, Summary>();
const plotted: PlottedRun[] = [];
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
  const summary = summarize(record, plan.views.length, pageResources);
  console.log(runLines(label, run.name, summary, BUDGET).join('\n'));
  console.log(`   (simulated in ${((performance.now() - began) / 1000).toFixed(1)} s)\n`);
  trace(key, record);
  summaries.set(key, summary);
  plotted.push({ key, name: run.name, record });
}

if (values.trace !== undefined) {
  writeFileSync(values.trace, `${traceLines.join('\n')}\n`);
  console.log(`trace: ${traceLines.length} lines in ${values.trace}`);
}

if (values.plot !== undefined && allotted) {
  writeFileSync(
    values.plot,
    plotDay({ runs: plotted, budget: BUDGET, bound, allotted, views: plan.views.length }),
  );
  console.log(`plot: ${plotted.length} runs drawn in ${values.plot}`);
}

const plain = summaries.get('handler');
const scraper = summaries.get('handler-scraper');
const signedIn = summaries.get('handler-signed-in');
if (plain) {
  const calls = publicCalls(plain, BUDGET);
  const e = await exact(calls);
  console.log(
    `${goalLine(plain, BUDGET, e)}\n${dayLine(plain, BUDGET, freshnessOptimum(resources, calls), e)}`,
  );
}
if (scraper) {
  // Against what the scraper leaves of the budget.
  const calls = publicCalls(scraper, BUDGET);
  const e = await exact(calls);
  const fluid = freshnessOptimum(resources, calls);
  console.log(`${scraperGoalLine(scraper, BUDGET, e)}\n${scraperDayLine(scraper, BUDGET, fluid, e)}`);
}
if (signedIn) {
  // Public freshness against what the users' own calls leave of the budget.
  const calls = publicCalls(signedIn, BUDGET);
  const e = await exact(calls);
  const fluid = freshnessOptimum(resources, calls);
  console.log(`${signedInGoalLine(signedIn, BUDGET, e)}\n${signedInDayLine(signedIn, BUDGET, fluid, e)}`);
}
