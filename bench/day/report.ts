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
}

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

export function summarize(record: DayRecord, views: number): Summary {
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
  return lines;
}

/** The one line the issue asks for, about the handler's run. */
export function dayLine(s: Summary, budget: number, bound: number): string {
  return `day: ${s.views} views, ${s.answered} answered, ${s.errors} errors, ${s.calls} calls of ${budget}, ${s.lockouts} lockouts, mean age ${minutes(s.meanAge)} min (bound ${minutes(bound)} min), budget lasted to ${clockTime(s.budgetOutAt)}`;
}

/** The handler's goal: every view answered, no error or lockout, within budget all day, mean age <= 1.5 x bound. */
export function goalLine(s: Summary, budget: number, bound: number): string {
  const misses: string[] = [];
  if (s.answered !== s.views) misses.push(`${s.views - s.answered} views not answered`);
  if (s.errors > 0) misses.push(`${s.errors} errors`);
  if (s.lockouts > 0) misses.push(`${s.lockouts} lockouts`);
  if (s.counted > budget || s.calls > budget) misses.push(`${s.calls} calls over the budget of ${budget}`);
  if (s.budgetOutAt !== undefined) misses.push(`budget ran out at ${clockTime(s.budgetOutAt)}`);
  if (!(s.meanAge <= 1.5 * bound)) {
    misses.push(`mean age ${minutes(s.meanAge)} min over 1.5 x bound (${minutes(1.5 * bound)} min)`);
  }
  return misses.length === 0
    ? `goal: PASS (every view answered, 0 errors, 0 lockouts, within budget to 24:00, mean age <= 1.5 x bound)`
    : `goal: SHORT (${misses.join('; ')})`;
}
