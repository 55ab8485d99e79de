import type { CatalogClient } from 'price-catalog';
import { createSandbox, type Sandbox, type SandboxOptions } from 'price-catalog/testing';
import { SimulatedClock } from './clock.js';
import { DAY_MS, type DayPlan } from './plan.js';
import { seededRandom } from './random.js';
import { DayRecord } from './record.js';
import type { StorePage } from './storefront.js';
import { type Tap, tapFetch } from './tap.js';

/** What a user's browser reads the storefront with, and the data times behind what it shows. */
export interface Browser {
  client: CatalogClient;
  dataTime: ReadonlyMap<string, number>;
}

export interface RunContext {
  /** The day's seed: what a run draws (a scraper's requests) repeats with it. */
  seed: number;
  sandbox: Sandbox;
  /** A fetch to the sandbox that records every API call and stamps data as fetched now. */
  apiTap(): Tap;
}

/** What a run adds to the day beside the users' page views (a scraper, signed-in users' own pages). */
export interface DayExtras {
  plan: DayPlan;
  record: DayRecord;
  /** Ms after 00:00 of the simulated day. */
  since(): number;
  /** Work started at some time of the day: the day's end waits for it. */
  track(work: Promise<unknown>): void;
}

/** How a run serves the day: the browser each user reads through, and more visitors if any. */
export interface Served {
  browser(user: number): Browser;
  /** Sets timers on the simulated clock for what else happens in the day. */
  extras?(day: DayExtras): void;
}

/** One way of serving the day's views. */
export interface Run {
  name: string;
  setup(context: RunContext): Served;
}

export interface DayOptions {
  /** Seeds Math.random for the run (the SDK's retry and refill jitter), so runs repeat exactly. */
  seed: number;
  /** Epoch ms of the simulated day's 00:00 UTC. */
  start: number;
  budget: number;
  sandbox: SandboxOptions;
  plan: DayPlan;
  pages: readonly StorePage[];
  prices: ReadonlyMap<number, number>;
}

/** How long after 24:00 views still in flight may finish. */
const GRACE_MS = 5 * 60_000;

/** Plays the plan's views against `run` on a fresh sandbox under a simulated clock. */
export async function simulateDay(run: Run, options: DayOptions): Promise<DayRecord> {
  const clock = new SimulatedClock(options.start);
  const random = Math.random;
  Math.random = seededRandom(options.seed);
  try {
    return await play(run, options, clock);
  } finally {
    Math.random = random;
    clock.uninstall();
  }
}

async function play(run: Run, options: DayOptions, clock: SimulatedClock): Promise<DayRecord> {
  const { start, budget, plan, pages } = options;
  const record = new DayRecord();
  const sandbox = createSandbox({ ...options.sandbox, dailyLimit: budget });
  const since = (): number => Date.now() - start;

  const onCall = (resource: string, status: number): void => {
    record.calls.push({ t: since(), resource, status });
    const counted = sandbox.stats.dailyCalls;
    // Past 24:00 the sandbox counts a new day.
    if (since() >= DAY_MS) return;
    record.counted = Math.max(record.counted, counted);
    if (counted >= budget && record.budgetOutAt === undefined) record.budgetOutAt = since();
    if (counted > budget && record.lockoutAt === undefined) {
      record.lockoutAt = since();
      record.lockouts += 1;
    }
  };
  const context: RunContext = {
    seed: options.seed,
    sandbox,
    apiTap: () =>
      tapFetch(sandbox.fetch, {
        origin: new URL(sandbox.baseUrl).origin,
        prefix: '',
        stamp: () => Date.now(),
        onAnswer: onCall,
      }),
  };
  const served = run.setup(context);
  const browsers = new Map<number, Browser>();
  let unsettled = plan.views.length;
  served.extras?.({
    plan,
    record,
    since,
    track: (work) => {
      unsettled += 1;
      void work
        .catch(() => undefined)
        .finally(() => {
          unsettled -= 1;
        });
    },
  });

  const prices = new Map(options.prices);
  for (const move of plan.moves) {
    setTimeout(() => {
      const price = Math.round((prices.get(move.sku) as number) * move.factor * 100) / 100;
      prices.set(move.sku, sandbox.setPrice(move.sku, price).priceMin);
    }, move.at);
  }

  plan.views.forEach((view, index) => {
    setTimeout(() => {
      let browser = browsers.get(view.user);
      if (!browser) {
        browser = served.browser(view.user);
        browsers.set(view.user, browser);
      }
      showPage(browser, pages[view.page] as StorePage, view.user, index, record, since).finally(() => {
        unsettled -= 1;
      });
    }, view.at);
  });

  await clock.runUntil(start + DAY_MS);
  await clock.runUntil(start + DAY_MS + GRACE_MS, () => unsettled === 0);
  record.pending = unsettled;
  return record;
}

async function showPage(
  browser: Browser,
  page: StorePage,
  user: number,
  view: number,
  record: DayRecord,
  since: () => number,
): Promise<void> {
  const opened = since();
  const outcomes = await Promise.all(
    page.parts.map((part) =>
      part.load(browser.client).then(
        // Read at once: the data shown is the one this answer carried.
        () => ({ resource: part.resource, fetched: browser.dataTime.get(part.resource), error: null }),
        (error: unknown) => ({ resource: part.resource, fetched: undefined, error: describeError(error) }),
      ),
    ),
  );
  const now = since();
  let failed = false;
  for (const outcome of outcomes) {
    let { error } = outcome;
    if (error === null && outcome.fetched === undefined) error = 'bench: no fetch time known for this data';
    if (error !== null) failed = true;
    record.views.push({
      t: opened,
      wait: now - opened,
      user,
      view,
      resource: outcome.resource,
      age: error === null ? Date.now() - (outcome.fetched as number) : null,
      error,
    });
  }
  if (failed) record.errors += 1;
  else record.answered += 1;
}

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
