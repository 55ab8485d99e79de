import { DAY_MS } from './plan.js';
import type { DayRecord } from './record.js';

const MINUTE = 60_000;

export interface Summary {
  views: number;
  answered: number;
  errors: number;
  pending: number;
  /** API requests the sandbox received before 24:00, and after (views in flight at 24:00). */
  calls: number;
  callsAfter: number;
  counted: number;
  rateLimited: number;
  lockouts: number;
  lockoutAt: number | undefined;
  budgetOutAt: number | undefined;
  /** Over every resource shown, in ms. */
  meanAge: number;
  p95Age: number;
  /** How long users waited for a page to show (answer or error), in ms. */
  p95Wait: number;
  maxWait: number;
  /** Mean age (ms) of what was shown and calls, per kind of resource. */
  kinds: { kind: string; meanAge: number; calls: number }[];
  /** Signed-in users' own page views and writes. */
  own: DayRecord['own'];
  /** API calls before 24:00 for signed-in users' own resources (their pages, writes, sign-ins' GET /user). */
  ownCalls: number;
  /** The scraper's requests, their statuses, and the calls before 24:00 for resources no user's page shows. */
  scraper: { requests: number; statuses: [status: number, count: number][]; calls: number };
}

/** Signed-in users' own resources (and their writes). */
const OWN_PAGES = /^\/(favorites|notifications|favorite_lists|user)(\/|$|\?)/;

const KINDS: [kind: string, test: RegExp][] = [
  ['listings', /^\/categories\//],
  ['offers', /\/products$/],
  ['SKUs', /^\/skus\/\d+$/],
];

function byKind(record: DayRecord): Summary['kinds'] {
  return KINDS.map(([kind, test]) => {
    const ages = record.views
      .filter((v) => v.age !== null && test.test(v.resource))
      .map((v) => v.age as number);
    return {
      kind,
      meanAge: ages.length === 0 ? Number.NaN : ages.reduce((sum, a) => sum + a, 0) / ages.length,
      calls: record.calls.filter((c) => c.t < DAY_MS && test.test(c.resource)).length,
    };
  });
}

/** `pageResources`: the resources the users' pages show; a call for any other is the scraper's doing. */
export function summarize(record: DayRecord, views: number, pageResources: ReadonlySet<string>): Summary {
  const ages = record.views
    .map((v) => v.age)
    .filter((age): age is number => age !== null)
    .sort((a, b) => a - b);
  const mean = ages.length === 0 ? Number.NaN : ages.reduce((sum, a) => sum + a, 0) / ages.length;
  const p95 = percentile(ages, 0.95);
  const waits = [...new Map(record.views.map((v) => [v.view, v.wait])).values()].sort((a, b) => a - b);
  return {
    views,
    answered: record.answered,
    errors: record.errors,
    pending: record.pending,
    calls: record.calls.filter((c) => c.t < DAY_MS).length,
    callsAfter: record.calls.filter((c) => c.t >= DAY_MS).length,
    counted: record.counted,
    rateLimited: record.calls.filter((c) => c.status === 403).length,
    lockouts: record.lockouts,
    lockoutAt: record.lockoutAt,
    budgetOutAt: record.budgetOutAt,
    meanAge: mean,
    p95Age: p95,
    p95Wait: percentile(waits, 0.95),
    maxWait: waits.length === 0 ? Number.NaN : (waits[waits.length - 1] as number),
    kinds: byKind(record),
    own: { ...record.own },
    ownCalls: record.calls.filter((c) => c.t < DAY_MS && OWN_PAGES.test(c.resource)).length,
    scraper: {
      requests: record.scraper.requests,
      statuses: [...record.scraper.statuses].sort(([a], [b]) => a - b),
      calls: record.calls.filter(
        (c) => c.t < DAY_MS && !pageResources.has(c.resource) && !OWN_PAGES.test(c.resource),
      ).length,
    },
  };
}

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? Number.NaN : (sorted[Math.ceil(sorted.length * p) - 1] as number);
}

const count = (n: number): string => n.toLocaleString('en-US');
export const minutes = (ms: number): string => (Number.isNaN(ms) ? 'n/a' : (ms / MINUTE).toFixed(1));

const seconds = (ms: number): string => (Number.isNaN(ms) ? 'n/a' : (ms / 1000).toFixed(1));

/** `hh:mm` of ms after 00:00; 24:00 when the budget never ran out. */
export function clockTime(ms: number | undefined): string {
  if (ms === undefined) return '24:00';
  const total = Math.floor(ms / MINUTE);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export function runLines(label: string, name: string, s: Summary, budget: number): string[] {
  const lines = [
    `${label}. ${name}`,
    `   API calls              ${count(s.calls)} (${count(s.counted)} counted against the budget of ${count(budget)}; ${count(s.rateLimited)} rate-limited)${s.callsAfter > 0 ? `, and ${count(s.callsAfter)} after 24:00 for views still waiting then` : ''}`,
    `   lockouts               ${s.lockouts}${s.lockoutAt === undefined ? '' : ` (at ${clockTime(s.lockoutAt)})`}`,
    `   views answered         ${count(s.answered)} of ${count(s.views)}${s.pending > 0 ? ` (${count(s.pending)} still waiting at the end)` : ''}`,
    `   views with an error    ${count(s.errors)}`,
    `   age of the data shown  mean ${minutes(s.meanAge)} min, p95 ${minutes(s.p95Age)} min`,
    `   by kind                ${s.kinds.map((k) => `${k.kind} ${minutes(k.meanAge)} min (${count(k.calls)} calls)`).join(', ')}`,
    `   wait for a page        p95 ${seconds(s.p95Wait)} s, longest ${seconds(s.maxWait)} s`,
    `   budget ran out at      ${s.budgetOutAt === undefined ? 'never (lasted to 24:00)' : clockTime(s.budgetOutAt)}`,
  ];
  if (s.own.views > 0) {
    lines.push(
      `   own pages              ${count(s.own.views)} views (sign-ins, favorites, notifications), ${count(s.own.answered)} answered, ${count(s.own.errors)} with an error; ${s.own.seen} of ${s.own.writes} own writes seen on the next view`,
    );
  }
  if (s.scraper.requests > 0) {
    lines.push(
      `   scraper                ${count(s.scraper.requests)} requests (${s.scraper.statuses.map(([status, n]) => `${status}: ${count(n)}`).join(', ')}), ${count(s.scraper.calls)} calls for resources no page shows`,
    );
  }
  return lines;
}

/** `mean age M min (fluid F min, exact E min, Nx)`: the run's mean age beside the fluid model and the exact optimum. */
function ageAgainst(s: Summary, fluid: number, exact: number): string {
  return `mean age ${minutes(s.meanAge)} min (fluid ${minutes(fluid)} min, exact ${minutes(exact)} min, ${(s.meanAge / exact).toFixed(2)}x)`;
}

/** The one line the issue asks for, about the handler's run. */
export function dayLine(s: Summary, budget: number, fluid: number, exact: number): string {
  return `day: ${s.views} views, ${s.answered} answered, ${s.errors} errors, ${s.calls} calls of ${budget}, ${s.lockouts} lockouts, ${ageAgainst(s, fluid, exact)}, budget lasted to ${clockTime(s.budgetOutAt)}`;
}

/** Multiple of the exact offline optimum (for the run's views and the calls left to its pages) each run's mean age may reach. */
export const AGE_GOAL = 1.2;
/** Largest share of the budget the scraper may cost. */
export const SCRAPER_BUDGET_GOAL = 0.05;

function common(
  s: Summary,
  budget: number,
  misses: string[],
  views = s.views,
  answered = s.answered,
  errors = s.errors,
): void {
  if (answered !== views) misses.push(`${views - answered} views not answered`);
  if (errors > 0) misses.push(`${errors} errors`);
  if (s.lockouts > 0) misses.push(`${s.lockouts} lockouts`);
  if (s.counted > budget || s.calls > budget) misses.push(`${s.calls} calls over the budget of ${budget}`);
  if (s.budgetOutAt !== undefined) misses.push(`budget ran out at ${clockTime(s.budgetOutAt)}`);
}

function ageGoal(s: Summary, exact: number, misses: string[]): void {
  if (!(s.meanAge <= AGE_GOAL * exact)) {
    misses.push(
      `mean age ${minutes(s.meanAge)} min over ${AGE_GOAL} x exact (${minutes(AGE_GOAL * exact)} min)`,
    );
  }
}

const verdict = (run: string, misses: string[], pass: string): string =>
  misses.length === 0 ? `${run} goal: PASS (${pass})` : `${run} goal: SHORT (${misses.join('; ')})`;

/** The plain day: every view answered, no error or lockout, within budget all day, mean age <= 1.2 x exact. */
export function goalLine(s: Summary, budget: number, exact: number): string {
  const misses: string[] = [];
  common(s, budget, misses);
  ageGoal(s, exact, misses);
  return verdict(
    'day',
    misses,
    `every view answered, 0 errors, 0 lockouts, within budget to 24:00, mean age <= ${AGE_GOAL} x exact`,
  );
}

/** With a scraper: the people's views as the plain day, the scraper at most 5% of the budget, mean age <= 1.2 x exact. */
export function scraperGoalLine(s: Summary, budget: number, exact: number): string {
  const misses: string[] = [];
  common(s, budget, misses);
  if (s.scraper.calls > SCRAPER_BUDGET_GOAL * budget) {
    misses.push(
      `the scraper spent ${s.scraper.calls} calls, over ${SCRAPER_BUDGET_GOAL * 100}% of the budget`,
    );
  }
  ageGoal(s, exact, misses);
  return verdict(
    'day-scraper',
    misses,
    `every view answered, 0 errors, scraper <= ${SCRAPER_BUDGET_GOAL * 100}% of the budget, mean age <= ${AGE_GOAL} x exact, budget to 24:00`,
  );
}

/**
 * Signed-in users: every view (own pages too) answered, 0 errors, every own write seen next,
 * within budget to 24:00, and the public pages' mean age <= 1.2 x the exact optimum of the calls
 * the users' own calls leave.
 */
export function signedInGoalLine(s: Summary, budget: number, exact: number): string {
  const misses: string[] = [];
  common(s, budget, misses, s.views + s.own.views, s.answered + s.own.answered, s.errors + s.own.errors);
  if (s.own.seen !== s.own.writes)
    misses.push(`${s.own.writes - s.own.seen} own writes not seen on the next view`);
  ageGoal(s, exact, misses);
  return verdict(
    'day-signed-in',
    misses,
    `every view answered, 0 errors, every own write seen on the next view, within budget to 24:00, mean age <= ${AGE_GOAL} x exact for the public calls`,
  );
}

/** The day line of the scraper's run (fluid and exact for the calls the scraper leaves). */
export function scraperDayLine(s: Summary, budget: number, fluid: number, exact: number): string {
  return `day-scraper: ${s.views} views, ${s.answered} answered, ${s.errors} errors, ${s.calls} calls of ${budget}, scraper ${s.scraper.requests} requests spent ${s.scraper.calls} calls, ${ageAgainst(s, fluid, exact)}, budget lasted to ${clockTime(s.budgetOutAt)}`;
}

/** The calls a run leaves for the users' pages: the budget less the users' own calls and the scraper's. */
export function publicCalls(s: Summary, budget: number): number {
  return budget - s.ownCalls - s.scraper.calls;
}

/**
 * The day line of the signed-in run: views and answers count the users' own pages too; `public
 * calls P` is the budget less the users' own calls, and fluid and exact are for those P calls.
 */
export function signedInDayLine(s: Summary, budget: number, fluid: number, exact: number): string {
  return `day-signed-in: ${s.views + s.own.views} views, ${s.answered + s.own.answered} answered, ${s.errors + s.own.errors} errors, ${s.calls} calls of ${budget}, ${s.own.seen} of ${s.own.writes} own writes seen on the next view, public calls ${publicCalls(s, budget)}, ${ageAgainst(s, fluid, exact)}, budget lasted to ${clockTime(s.budgetOutAt)}`;
}
