/**
 * `npm run bench:week -- --model`: the week's first fetches as a model, in a minute, for asking what
 * a rule could answer before running the week. Each view of a page not kept may fetch all its
 * parts at once (a call each); no latency, no refresh (the week's handler makes none). Schedules:
 * the handler's rule (first-fetches.ts: counts halved at midnight, the even line an hour ahead,
 * one more view per two hours' worth ahead, free until a view is held back); and one level a day,
 * set with hindsight to spend that day's budget (an online rule can only guess it), on three kinds
 * of worth: a page's rate as its counts tell it (countsWorth), its rank posterior under the plan's
 * own generator (posterior.ts: the lower quartile of its views to come), and its true rate (the
 * day's Zipf ranking). The last two no handler knows: they ask how far a better estimate could go.
 */
import { DAY_MS } from '../day/plan.js';
import { dailyViewers, type WeekPlan, type WeekPlanOptions, type WeekView } from './plan.js';
import { posteriorWorth } from './posterior.js';

export interface Model {
  plan: WeekPlan;
  /** Calls to answer each page (its parts). */
  cost: readonly number[];
  days: number;
  budget: number;
  /** The plan's generator (for the true rates and the posterior). */
  options: WeekPlanOptions;
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

/** What a rule knows at a view of a page not kept: its viewers of earlier days and of today so far. */
export interface Sighting {
  page: number;
  day: number;
  /** The share of the day gone. */
  share: number;
  /** Distinct viewers of the page today, this one included. */
  today: number;
}

/** How much a call for the page is worth at a sighting: a rule's estimate, higher is fetched first. */
export type Worth = (seen: Sighting) => number;

/**
 * Each day, a page is fetched at a view when its worth reaches the day's level, the one level set
 * with hindsight to spend that day's budget (an online rule can only guess it): the views answered.
 */
export function hindsightLevels(m: Model, worth: Worth): number {
  const byDay: WeekView[][] = Array.from({ length: m.days }, () => []);
  for (const v of m.plan.views) byDay[Math.floor(v.at / DAY_MS)]?.push(v);
  let kept = new Set<number>();
  let answered = 0;
  for (let d = 0; d < m.days; d++) {
    const views = byDay[d] ?? [];
    // A view's worth does not depend on the level: each is estimated once.
    const worths = new Float64Array(views.length).fill(Number.NaN);
    const day = (level: number) => {
      const fetched = new Set(kept);
      const today = new Map<number, number>();
      const seen = new Set<string>();
      let calls = 0;
      let shown = 0;
      views.forEach((v, i) => {
        if (fetched.has(v.page)) {
          shown += 1;
          return;
        }
        const tag = `${v.user} ${v.page}`;
        if (!seen.has(tag)) today.set(v.page, (today.get(v.page) ?? 0) + 1);
        seen.add(tag);
        if (Number.isNaN(worths[i])) {
          const share = (v.at - d * DAY_MS) / DAY_MS;
          worths[i] = worth({ page: v.page, day: d, share, today: today.get(v.page) as number });
        }
        const cost = m.cost[v.page] as number;
        if ((worths[i] as number) >= level && calls + cost <= m.budget) {
          calls += cost;
          fetched.add(v.page);
          shown += 1;
        }
      });
      return { calls, shown, fetched };
    };
    // The highest level that still spends the day (within 2 calls): bisection.
    let low = 0;
    let high = 1e6;
    for (let i = 0; i < 50; i++) {
      const mid = (low + high) / 2;
      if (day(mid).calls >= m.budget - 2) low = mid;
      else high = mid;
    }
    const best = day(low);
    answered += best.shown;
    kept = best.fetched;
  }
  return answered;
}

interface CountsOptions {
  /** What a day's viewers still weigh a day later. */
  decay?: number;
  /** Days of exposure assumed beyond the counted ones. */
  lead?: number;
  /** Times the days left in the week: what a call fetched now still answers. */
  daysLeft?: boolean;
  /** Per call of the page. */
  perCall?: boolean;
  /**
   * Also a rate from today's viewers alone, (today - 1.5) / (share + 0.1), the higher counted: a
   * page trending overnight has no past.
   */
  todayAlone?: boolean;
}

/**
 * A page's rate as its counts tell it: (viewers - 1/2) / (days counted + `lead`), viewers decayed
 * by `decay` a day.
 */
export function countsWorth(m: Model, o: CountsOptions = {}): Worth {
  const { decay = 0.5, lead = 1 / 24 } = o;
  const viewers = dailyViewers(m.plan, m.cost.length, m.days);
  return ({ page, day, share, today }) => {
    let carried = 0;
    let counted = 0;
    for (let k = 0; k < day; k++) {
      carried += ((viewers[page] as number[])[k] as number) * decay ** (day - k);
      counted += decay ** (day - k);
    }
    let rate = ((carried < 0.25 ? 0 : carried) + today - 0.5) / (counted + share + lead);
    if (o.todayAlone) rate = Math.max(rate, (today - 1.5) / (share + 0.1));
    const worth = o.daysLeft ? rate * (m.days - day - share) : rate;
    return o.perCall ? worth / (m.cost[page] as number) : worth;
  };
}

/** Each page's true rate per call (the day's Zipf ranking), which no online rule knows. */
export function trueWorth(m: Model): Worth {
  const { users, viewsPerUser, zipf } = m.options;
  const harmonic = m.plan.rankings[0]?.reduce((sum, _, i) => sum + 1 / (i + 1) ** zipf, 0) ?? 1;
  const rates = m.plan.rankings.map((ranking) => {
    const rate = new Map<number, number>();
    ranking.forEach((page, i) => {
      rate.set(page, (users * viewsPerUser) / (i + 1) ** zipf / harmonic);
    });
    return rate;
  });
  return ({ page, day }) => (rates[day]?.get(page) ?? 0) / (m.cost[page] as number);
}

/** The model's lines, each against A*. */
export function modelLines(m: Model, optimum: number): string[] {
  const line = (what: string, answered: number) =>
    `model: ${what}: ${answered} answered (${(answered / optimum).toFixed(4)} A*)`;
  return [
    line("the handler's rule", handlerRule(m)),
    line(
      'rate from counts halved a day, one level a day set with hindsight',
      hindsightLevels(m, countsWorth(m)),
    ),
    line('the same, counts decayed to 0.3 a day', hindsightLevels(m, countsWorth(m, { decay: 0.3 }))),
    line(
      'the same, decayed to 0.5, times the days left, per call, 0.1 day of lead, or from today alone if higher (the best of some 80 estimates tried)',
      hindsightLevels(m, countsWorth(m, { lead: 0.1, daysLeft: true, perCall: true, todayAlone: true })),
    ),
    line(
      "each page's rank posterior under the plan's own generator, the lower quartile of its views to come per call",
      hindsightLevels(m, posteriorWorth(m, 0.25)),
    ),
    line("the same level on each page's true rate", hindsightLevels(m, trueWorth(m))),
  ];
}
