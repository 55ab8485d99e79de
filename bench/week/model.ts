/**
 * `npm run bench:week -- --model`: the week's first fetches as a model, in seconds, for asking what
 * a rule could answer before running the week. Each view of a page not kept may fetch all its
 * parts at once (a call each); no latency, no refresh (the week's handler makes none). Schedules:
 * the handler's rule (first-fetches.ts: counts halved at midnight, the even line an hour ahead,
 * one more view per two hours' worth ahead, free until a view is held back); a threshold on each
 * page's rate as its counts tell it ((count - 1/2) / (days counted + `lead`), counts decayed by
 * `decay` a day; optionally times the days left in the week, what a call fetched now still
 * answers), one level a day set with hindsight to spend that day's budget (an online rule can only
 * guess it); and the same threshold on the page's true rate (the day's Zipf ranking), which no
 * online rule knows.
 */
import { DAY_MS } from '../day/plan.js';
import type { WeekPlan } from './plan.js';

interface Model {
  plan: WeekPlan;
  /** Calls to answer each page (its parts). */
  cost: readonly number[];
  days: number;
  budget: number;
  /** Views a day by users drawn from the ranking (for the true rates). */
  dailyViews: number;
}

const RESERVE = 100;

/** The handler's first-fetch rule on the week's views: the views it answers. */
export function handlerRule(m: Model): number {
  const kept = new Set<number>();
  const counts = new Map<number, { views: number; day: number }>();
  const calls = new Array<number>(m.days).fill(0);
  let heldBack = Number.NEGATIVE_INFINITY;
  let answered = 0;
  let day = -1;
  let seen = new Map<string, number>();
  let browser = new Set<string>();
  let keptViews = 0;
  let missing = 0;
  for (const v of m.plan.views) {
    const d = Math.floor(v.at / DAY_MS);
    if (d !== day) [day, seen, browser, keptViews, missing] = [d, new Map(), new Set(), 0, 0];
    const tag = `${v.user} ${v.page}`;
    if (kept.has(v.page)) {
      answered += 1;
      if (!browser.has(tag)) keptViews += 1;
      browser.add(tag);
      continue;
    }
    missing += 1;
    let views = seen.get(tag);
    if (views === undefined) {
      const old = counts.get(v.page);
      const carried = old ? old.views / 2 ** (d - old.day) : 0;
      views = (carried < 0.25 ? 0 : carried) + 1;
      counts.set(v.page, { views, day: d });
      seen.set(tag, views);
    }
    const cost = m.cost[v.page] as number;
    const spent = calls[d] as number;
    if (spent + cost > m.budget) continue;
    const share = (v.at - d * DAY_MS) / DAY_MS;
    const ahead = spent - m.budget * (share + 1 / 24);
    const fits = spent * (missing - keptViews) <= Math.max(m.budget / 10, 20) * missing;
    const free = heldBack < d - 1 && spent < m.budget - RESERVE && fits;
    if (ahead <= 0 || free || views >= 1 + ahead / (m.budget / 12)) {
      calls[d] = spent + cost;
      kept.add(v.page);
      answered += 1;
      browser.add(tag);
    } else heldBack = d;
  }
  return answered;
}

/** A threshold on each page's rate, set each day with hindsight to spend its budget: the views answered. */
export function dailyThreshold(
  m: Model,
  rateOf: 'counts' | 'true',
  { decay = 0.5, lead = 1 / 24, daysLeft = false } = {},
): number {
  const byDay: WeekPlan['views'][] = Array.from({ length: m.days }, () => []);
  for (const v of m.plan.views) byDay[Math.floor(v.at / DAY_MS)]?.push(v);
  const harmonic = m.plan.rankings[0]?.reduce((sum, _, i) => sum + 1 / (i + 1), 0) ?? 1;
  let kept = new Set<number>();
  let counts = new Map<number, { views: number; day: number }>();
  let answered = 0;
  for (let d = 0; d < m.days; d++) {
    const trueRate = new Map<number, number>();
    m.plan.rankings[d]?.forEach((page, i) => {
      trueRate.set(page, m.dailyViews / (i + 1) / harmonic);
    });
    let counted = 0;
    for (let k = 1; k <= d; k++) counted += decay ** k;
    const day = (level: number) => {
      const fetched = new Set(kept);
      const dayCounts = new Map(counts);
      const seen = new Map<string, number>();
      let calls = 0;
      let views = 0;
      for (const v of byDay[d] ?? []) {
        if (fetched.has(v.page)) {
          views += 1;
          continue;
        }
        const tag = `${v.user} ${v.page}`;
        let count = seen.get(tag);
        if (count === undefined) {
          const old = dayCounts.get(v.page);
          const carried = old ? old.views * decay ** (d - old.day) : 0;
          count = (carried < 0.25 ? 0 : carried) + 1;
          dayCounts.set(v.page, { views: count, day: d });
          seen.set(tag, count);
        }
        const cost = m.cost[v.page] as number;
        const share = (v.at - d * DAY_MS) / DAY_MS;
        const rate =
          rateOf === 'true' ? (trueRate.get(v.page) ?? 0) / cost : (count - 0.5) / (counted + share + lead);
        const worth = daysLeft ? rate * (m.days - d - share) : rate;
        if (worth >= level && calls + cost <= m.budget) {
          calls += cost;
          fetched.add(v.page);
          views += 1;
        }
      }
      return { calls, views, fetched, dayCounts };
    };
    // The highest level that still spends the day (within 2 calls): bisection.
    let low = 0;
    let high = 1e5;
    for (let i = 0; i < 40; i++) {
      const mid = (low + high) / 2;
      if (day(mid).calls >= m.budget - 2) low = mid;
      else high = mid;
    }
    const best = day(low);
    answered += best.views;
    kept = best.fetched;
    counts = best.dayCounts;
  }
  return answered;
}

/** The model's lines, each against A*. */
export function modelLines(m: Model, optimum: number): string[] {
  const line = (what: string, answered: number) =>
    `model: ${what}: ${answered} answered (${(answered / optimum).toFixed(4)} A*)`;
  return [
    line("the handler's rule", handlerRule(m)),
    line('rate from counts halved a day, threshold set each day with hindsight', dailyThreshold(m, 'counts')),
    line('the same, counts decayed to 0.3 a day', dailyThreshold(m, 'counts', { decay: 0.3 })),
    line(
      'the same, times the days left, 0.1 day of lead (the best of some 40 estimates tried on seed 1)',
      dailyThreshold(m, 'counts', { decay: 0.3, lead: 0.1, daysLeft: true }),
    ),
    line("the same threshold on each page's true rate", dailyThreshold(m, 'true')),
  ];
}
