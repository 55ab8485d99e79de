/**
 * `npm run bench:week`: seven simulated days of a shop at scale on the scaled sandbox, served by
 * three handler instances behind a round-robin balancer on one real Redis, each restarted once a
 * day; and the same week on one instance (in a second process, at the same time). See
 * docs/benchmarks.md, "Simulated week".
 *
 *   npm run bench:week                        the per-day lines, the goals, `week:` and `week-one:`
 *   npm run bench:week -- --trace FILE        also every view and API call as JSON lines
 *   npm run bench:week -- --plot FILE.svg     also a picture of each run's week
 *   npm run bench:week -- --redis cluster     on a three-node Redis Cluster instead of one redis-server
 *   npm run bench:week -- --seed N            another week (default 1)
 *   npm run bench:week -- --only three|one    one run only (--days, --users for a shorter week)
 *   npm run bench:week -- --model             the week's first fetches as a model (model.ts), in a minute
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSandbox } from 'price-catalog/testing';
import { storefront } from '../day/storefront.js';
import type { PageViews } from './exact.js';
import { cachedExactWeek } from './exact-cache.js';
import { modelLines } from './model.js';
import { planWeek, type WeekPlanOptions } from './plan.js';
import { plotWeek } from './plot.js';
import { WeekRecord } from './record.js';
import { type RedisMode, type RedisTarget, type StartedRedis, startRedisFor } from './redis.js';
import { dayLine, goalLines, optimumAge, optimumAnswered, summarizeWeek, weekLine } from './report.js';
import { simulateWeek } from './simulate.js';

const { values } = parseArgs({
  options: {
    trace: { type: 'string' },
    plot: { type: 'string' },
    seed: { type: 'string', default: '1' },
    redis: { type: 'string', default: 'local' },
    only: { type: 'string' },
    model: { type: 'boolean', default: false },
    days: { type: 'string', default: '7' },
    users: { type: 'string', default: '2000' },
    // Internal: the one-instance week run by a second process.
    child: { type: 'string' },
    target: { type: 'string' },
  },
});
const whole = (name: string, value: string | undefined): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number >= 1, got ${value}`);
  return n;
};
const seed = whole('seed', values.seed);
const DAYS = whole('days', values.days);
const USERS = whole('users', values.users);
if (values.redis !== 'local' && values.redis !== 'cluster') throw new Error('--redis is local or cluster');
if (values.only !== undefined && values.only !== 'three' && values.only !== 'one')
  throw new Error('--only is three or one');
const mode = values.redis as RedisMode;

const BUDGET = 1000;
const SCALE = 25;
const VIEWS_PER_USER = 20;
const ZIPF = 1.0;
const PRICE_MOVES = 300;
const CROWD = 1000;
const CROWD_VIEWS = 5;
const CROWD_DAY = 3;
const START = Date.UTC(2026, 10, 23);
const SANDBOX = { seed, scale: SCALE, rateLimit: { limit: 100, windowMs: 60_000 }, latencyMs: 100 } as const;

const built = performance.now();
const data = createSandbox({ seed, scale: SCALE }).data;
const pages = storefront(data, data.skus.length);
const skuPages = [...data.skus].sort((a, b) => b.reviews_count - a.reviews_count || a.id - b.id);
const planOptions: WeekPlanOptions = {
  seed,
  days: DAYS,
  users: USERS,
  viewsPerUser: VIEWS_PER_USER,
  pages: pages.length,
  zipf: ZIPF,
  trending: 300,
  trendFrom: 2000,
  trendTo: 1000,
  crowd: DAYS > CROWD_DAY ? CROWD : 0,
  crowdViews: CROWD_VIEWS,
  crowdDay: CROWD_DAY,
  skus: skuPages.filter((s) => s.price_min > 0).map((s) => s.id),
  priceMoves: PRICE_MOVES,
};
const plan = planWeek(planOptions);
const prices = new Map(skuPages.map((s) => [s.id, s.price_min]));

const runWeek = (instances: number, target: RedisTarget, trace?: (line: Record<string, unknown>) => void) =>
  simulateWeek({
    seed,
    start: START,
    days: DAYS,
    budget: BUDGET,
    instances,
    sandbox: SANDBOX,
    plan,
    pages,
    prices,
    redis: target,
    prefix: `bench-week-${instances}-${process.pid}-${Date.now()}:`,
    trace,
    progress: (line) => console.error(`   ${line}`),
  });

/** Writes trace lines as they come (the week's are too many to hold). */
function traceTo(file: string, run: string) {
  const stream = createWriteStream(file);
  const write = (line: Record<string, unknown>) => stream.write(`${JSON.stringify({ run, ...line })}\n`);
  return { write, end: () => new Promise<void>((resolve) => stream.end(resolve)) };
}

if (values.child !== undefined) {
  // The one-instance week, for the parent process.
  const target = JSON.parse(values.target ?? '{}') as RedisTarget;
  const tracer = values.trace === undefined ? undefined : traceTo(values.trace, 'week-one');
  const record = await runWeek(1, target, tracer?.write);
  await tracer?.end();
  writeFileSync(values.child, JSON.stringify(record));
  process.exit(0);
}

// The exact offline optimum (HiGHS): in this process only, before the runs.
const pageViews: PageViews[] = pages.map((p) => ({ times: [], cost: p.parts.length }));
for (const view of plan.views) (pageViews[view.page] as PageViews).times.push(view.at);
const optimum = await cachedExactWeek(pageViews, DAYS, BUDGET, (line) => console.error(`   ${line}`));

if (values.model) {
  const cost = pages.map((p) => p.parts.length);
  const model = { plan, cost, days: DAYS, budget: BUDGET, options: planOptions };
  for (const line of modelLines(model, optimum.answered)) console.log(line);
  process.exit(0);
}

const leaves = data.categories.filter((c) => c.children_count === 0).length;
const distinct = new Set(plan.views.map((v) => v.page)).size;
console.log(
  [
    `Simulated week (seed ${seed}): ${DAYS} days, ${USERS} users a day x ${VIEWS_PER_USER} views, Zipf s=${ZIPF.toFixed(1)} drifting (300 pages a day start trending), over ${pages.length} pages (${leaves} category listings, ${pages.length - leaves} SKU pages: ${data.skus.length} SKUs at scale ${SCALE}); ${distinct} distinct pages viewed`,
    `budget ${BUDGET} calls a day, rate limit 100 a minute, ${PRICE_MOVES} price moves a day, API latency 100 ms, a crowd of ${CROWD} anonymous visitors x ${CROWD_VIEWS} long-tail views on day ${CROWD_DAY}, each instance restarted once a day`,
    `optimum (offline, every view known, each day's calls within its budget, a page answered from the fetch of its parts on; HiGHS, in ${optimum.seconds.toFixed(0)} s): ${optimumAnswered(optimum)} views answered (no schedule more than ${optimum.certified}: the LP's day prices prove it), least ${optimumAge(optimum)} among the schedules answering them${optimum.noRefreshes ? ' (none has a call left to refresh)' : ''}`,
    `(catalog and plan built in ${((performance.now() - built) / 1000).toFixed(1)} s; redis: ${mode})`,
    '',
  ].join('\n'),
);

let redis: StartedRedis | undefined;
try {
  redis = await startRedisFor(mode);
} catch (error) {
  console.error(`bench:week: could not start Redis (${mode}): ${(error as Error).message}`);
  process.exit(1);
}
const started = redis;
const stopRedis = () => started.stop().catch(() => undefined);
process.on('SIGINT', () => void stopRedis().then(() => process.exit(130)));

const scratch = join(tmpdir(), `bench-week-${process.pid}`);
const childOut = `${scratch}-one.json`;
const childTrace = values.trace === undefined ? undefined : `${scratch}-one.jsonl`;

/** The one-instance week in a second process: the two weeks share the machine's two cores. */
function runOneElsewhere(): Promise<WeekRecord> {
  const args = [
    '--import',
    'tsx',
    fileURLToPath(import.meta.url),
    '--child',
    childOut,
    '--target',
    JSON.stringify(started.target),
    '--seed',
    String(seed),
    '--days',
    String(DAYS),
    '--users',
    String(USERS),
    ...(childTrace ? ['--trace', childTrace] : []),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the one-instance week exited with ${code}`));
      resolve(WeekRecord.fromJSON(JSON.parse(readFileSync(childOut, 'utf8'))));
    });
  });
}

try {
  const began = performance.now();
  const tracer = values.trace === undefined ? undefined : traceTo(values.trace, 'week');
  if (tracer) {
    plan.rankings.forEach((_, day) => {
      tracer.write({
        kind: 'day',
        day,
        start: new Date(START + day * 86_400_000).toISOString(),
        seed,
        budget: BUDGET,
        users: USERS,
        views: plan.views.filter((v) => Math.floor(v.at / 86_400_000) === day).length,
        units: 't, wait and age in ms; t after 00:00 of the day',
        optimum_answered: optimum.days[day]?.answered,
      });
    });
    for (const m of plan.moves) {
      const day = Math.floor(m.at / 86_400_000);
      tracer.write({ kind: 'price', day, t: m.at - day * 86_400_000, sku: m.sku, factor: m.factor });
    }
  }
  const oneRun = values.only === 'three' ? undefined : runOneElsewhere();
  const three = values.only === 'one' ? undefined : await runWeek(3, started.target, tracer?.write);
  const threeSeconds = (performance.now() - began) / 1000;
  const one = await oneRun;
  const totalSeconds = (performance.now() - began) / 1000;
  await tracer?.end();

  const plotted = [];
  if (three) {
    three.days.forEach((d, i) => {
      console.log(dayLine('three instances', i, d, BUDGET, optimum));
    });
    console.log(`   (three instances simulated in ${threeSeconds.toFixed(0)} s)\n`);
    plotted.push({ label: 'three instances behind a round-robin balancer, one Redis', record: three });
  }
  if (one) {
    one.days.forEach((d, i) => {
      console.log(dayLine('one instance', i, d, BUDGET, optimum));
    });
    console.log(`   (both weeks done in ${totalSeconds.toFixed(0)} s)\n`);
    plotted.push({ label: 'one instance', record: one });
  }
  const threeSummary = three ? summarizeWeek(three, BUDGET) : undefined;
  const oneSummary = one ? summarizeWeek(one, BUDGET) : undefined;
  if (threeSummary)
    for (const line of goalLines(threeSummary, oneSummary, optimum, BUDGET)) console.log(line);
  if (values.trace !== undefined && childTrace && one) {
    writeFileSync(values.trace, readFileSync(childTrace), { flag: 'a' });
    rmSync(childTrace, { force: true });
    console.log(`trace: ${values.trace}`);
  }
  if (values.plot !== undefined) {
    writeFileSync(values.plot, plotWeek(plotted, optimum, BUDGET, DAYS));
    console.log(`plot: ${plotted.length} runs drawn in ${values.plot}`);
  }
  if (threeSummary) console.log(weekLine('week', threeSummary, optimum));
  if (oneSummary) console.log(weekLine('week-one', oneSummary, optimum));
} finally {
  rmSync(childOut, { force: true });
  await stopRedis();
}
