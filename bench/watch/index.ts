/**
 * `npm run bench:watch`: `price-catalog/watch` on the scaled sandbox (`scale: 25`, ~22,000 SKUs)
 * watching 20,000 SKUs (Zipf weights) with 1,000 calls a day over one Redis, on a simulated clock:
 * a day to learn the pages (no moves), three days of 300 price moves each at random times, and a
 * day more to see the last ones. Per-SKU polling gets the same moves and calls. See
 * docs/benchmarks.md, "Price watch".
 *
 *   npm run bench:watch                 the line and the goals
 *   npm run bench:watch -- --seed N     other weights and moves (default 1)
 */
import { parseArgs } from 'node:util';
import { withGlobal } from '@sinonjs/fake-timers';
import { createClient } from 'price-catalog';
import { redisCoordination } from 'price-catalog/redis';
import { createSandbox, type Sandbox } from 'price-catalog/testing';
import { createPriceWatch } from 'price-catalog/watch';
import { exampleRedis } from '../../examples/many-processes/redis.js';
import { optimumCalls } from './optimum.js';
import { nextPollAfter, PerSkuPolling } from './polling.js';
import { DAY_MS, listingPages, type Move, priceMoves, type Watched, watchedSkus } from './world.js';

const { values } = parseArgs({ options: { seed: { type: 'string', default: '1' } } });
const seed = Number(values.seed);
if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, got ${values.seed}`);

const SCALE = 25;
const WATCHED = 20_000;
const MOVES_A_DAY = 300;
const DAYS = 3;
const BUDGET = 1000;
const START = Date.UTC(2026, 10, 2);
const MOVES_FROM = START + DAY_MS;
const MOVES_UNTIL = MOVES_FROM + DAYS * DAY_MS;
const END = MOVES_UNTIL + DAY_MS;

const clock = withGlobal(globalThis).install({ now: START, toFake: ['Date'] });
const redis = await exampleRedis();
const credentials = (sandbox: Sandbox) => ({
  baseUrl: sandbox.baseUrl,
  authUrl: sandbox.authUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  fetch: sandbox.fetch,
});

try {
  const watched = createSandbox({ seed, scale: SCALE });
  const polled = createSandbox({ seed, scale: SCALE });
  const skus = watchedSkus(watched.data, WATCHED, seed);
  const moves = priceMoves(watched.data, skus, MOVES_FROM, DAYS, MOVES_A_DAY, seed);

  const coordination = redisCoordination({ url: redis.url, prefix: `bench-watch-${seed}:` });
  const client = createClient({ ...credentials(watched), coordination, dailyLimit: BUDGET });
  const watch = createPriceWatch({ client, coordination, share: { calls: BUDGET } });
  watch.add(skus);
  const seen = new Map<number, number[]>();
  watch.onChange((change) =>
    seen.set(change.sku, [...(seen.get(change.sku) ?? []), change.seenAt.getTime()]),
  );
  const failures = new Map<string, number>();
  watch.onError((error) => {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    failures.set(what, (failures.get(what) ?? 0) + 1);
  });

  const heaviestFirst = [...skus].sort((a, b) => b.weight - a.weight);
  const polling = new PerSkuPolling(
    createClient({ ...credentials(polled), dailyLimit: BUDGET }),
    heaviestFirst,
    new Map(polled.data.skus.map((sku) => [sku.id, sku.price_min])),
  );

  let watchAt = START;
  let polls = 0;
  const pollAt = (k: number): number => MOVES_FROM + ((k + 0.5) * DAY_MS) / BUDGET;
  let nextMove = 0;
  let day = -1;
  for (;;) {
    const move = moves[nextMove];
    const at = Math.min(watchAt, pollAt(polls), move?.at ?? Number.POSITIVE_INFINITY);
    if (at >= END) break;
    clock.setSystemTime(at);
    if (Math.floor((at - START) / DAY_MS) !== day) {
      day = Math.floor((at - START) / DAY_MS);
      console.error(`bench:watch: day ${day} of ${(END - START) / DAY_MS}`);
    }
    if (move && at === move.at) {
      watched.setPrice(move.sku, move.price);
      polled.setPrice(move.sku, move.price);
      nextMove += 1;
    } else if (at === pollAt(polls)) {
      polls += 1;
      await polling.poll(at);
    } else {
      const step = await watch.step();
      watchAt = step.kind === 'wait' ? step.until.getTime() : step.kind === 'failed' ? at + 60_000 : at;
    }
  }

  const weightOf = new Map(skus.map((s) => [s.sku, s.weight]));
  const watchDelays = delays(moves, seen);
  const pollDelays = delays(moves, polling.detected);
  // Per-SKU polling's mean delay counts every move until the round robin reaches its SKU.
  const pollReaches = nextPollAfter(heaviestFirst, MOVES_FROM, DAY_MS / BUDGET);
  const pollAll = moves.map((move) => ({ sku: move.sku, delay: pollReaches(move.sku, move.at) - move.at }));
  // O: the schedule that is best for the catalog (not knowing the moves), on these moves.
  const pages = listingPages(watched.data);
  const onPage = new Map<string, number>();
  for (const s of skus)
    onPage.set(pages.get(s.sku) ?? '', (onPage.get(pages.get(s.sku) ?? '') ?? 0) + s.weight);
  const best = optimumCalls(onPage, BUDGET);
  const optimumDelays = moves.map((move) => ({
    sku: move.sku,
    delay: DAY_MS / (2 * (best.get(pages.get(move.sku) ?? '') ?? 1)),
  }));
  const expected = [...onPage].reduce(
    (sum, [page, q]) => sum + (q * DAY_MS) / (2 * (best.get(page) ?? 1)),
    0,
  );
  const expectedOptimum = expected / [...onPage.values()].reduce((sum, q) => sum + q, 0) / 60_000;

  const callsIn = (sandbox: Sandbox, from: number, until: number) =>
    sandbox.apiCalls().filter((c) => c.time >= from && c.time < until).length;
  const calls = callsIn(watched, MOVES_FROM, MOVES_UNTIL);
  const budget = BUDGET * DAYS;
  let lockouts = 0;
  for (let d = START; d < END; d += DAY_MS) if (callsIn(watched, d, d + DAY_MS) > BUDGET) lockouts += 1;

  const mean = (list: { delay: number; sku: number }[]) =>
    list.reduce((sum, m) => sum + m.delay * (weightOf.get(m.sku) ?? 1), 0) /
    list.reduce((sum, m) => sum + (weightOf.get(m.sku) ?? 1), 0) /
    60_000;
  const t = mean(watchDelays);
  const tp = mean(pollAll);
  const optimum = mean(optimumDelays);
  const p95 = weightedPercentile(watchDelays, weightOf, 0.95) / 60_000;
  const m = moves.length;
  const d = watchDelays.length;
  const dp = pollDelays.length;
  const f = (n: number) => n.toFixed(1);
  console.log(
    `watch: ${skus.length} watched, ${m} moves, ${d} detected, mean delay ${f(t)} min, p95 ${f(p95)} min, ${calls} calls of ${budget}, ${lockouts} lockouts; per-SKU polling detected ${dp}, mean delay ${f(tp)} min; optimum mean delay ${f(optimum)} min`,
  );
  const goal = (ok: boolean, text: string) => console.log(`  ${ok ? 'pass ' : 'short'}  ${text}`);
  goal(d === m, `every move detected within the day: ${d} of ${m}`);
  goal(t <= 1.2 * optimum, `mean delay <= 1.2 x optimum: ${f(t)} <= ${f(1.2 * optimum)} min`);
  goal(m - d <= (m - dp) / 10, `10x fewer missed moves than per-SKU polling: ${m - d} vs ${m - dp}`);
  goal(t * 5 <= tp, `mean delay 5x shorter than per-SKU polling: ${f(t)} vs ${f(tp)} min`);
  goal(lockouts === 0, `no lockout: ${lockouts}`);
  goal(calls <= budget, `calls within the budget: ${calls} of ${budget}`);
  console.log(`  (the optimum's mean delay over every draw of moves: ${f(expectedOptimum)} min)`);
  for (const [what, count] of failures) console.log(`  (${count} watch step(s) failed: ${what})`);
  await coordination.close();
} finally {
  clock.uninstall();
  await redis.stop();
}

/** Each move seen within a day of it, and how long after it happened (ms). */
function delays(
  moves: readonly Move[],
  seen: ReadonlyMap<number, number[]>,
): { sku: number; delay: number }[] {
  const out: { sku: number; delay: number }[] = [];
  for (const move of moves) {
    const at = (seen.get(move.sku) ?? []).find((time) => time >= move.at);
    if (at !== undefined && at - move.at <= DAY_MS) out.push({ sku: move.sku, delay: at - move.at });
  }
  return out;
}

/** The delay below which `share` of the weight of the detected moves lies. */
function weightedPercentile(
  list: readonly { sku: number; delay: number }[],
  weightOf: ReadonlyMap<number, number>,
  share: number,
): number {
  const sorted = [...list].sort((a, b) => a.delay - b.delay);
  const total = sorted.reduce((sum, m) => sum + (weightOf.get(m.sku) ?? 1), 0);
  let sum = 0;
  for (const m of sorted) {
    sum += weightOf.get(m.sku) ?? 1;
    if (sum >= share * total) return m.delay;
  }
  return sorted.at(-1)?.delay ?? 0;
}

export type { Watched };
