import { DAY_MS } from '../day/plan.js';
import { INF, type LinearModel, solve } from '../solver.js';

const MINUTE = 60_000;

/** A page's views over the week (ms after the week's 00:00, sorted) and its API calls to answer (parts). */
export interface PageViews {
  times: number[];
  cost: number;
}

/** One day of a schedule: the views it answers, the ages of their parts (ms), the calls it spends. */
export interface DayOptimum {
  answered: number;
  ageSum: number;
  ageParts: number;
  calls: number;
  left: number;
}

export interface WeekOptimum {
  days: DayOptimum[];
  answered: number;
  meanAge: number;
}

/**
 * One way to answer a page: its parts fetched on `day`, at its first view that day (at the day's
 * last ms when it has none that day), answering every view of the page from that day on.
 */
export interface Fetch {
  page: number;
  day: number;
  /** Ms after the week's 00:00. */
  at: number;
  /** Views answered, the calls it costs (one a part), the parts shown and their ages summed (min). */
  views: number;
  calls: number;
  parts: number;
  age: number;
}

/** Every fetch worth a column: each page on each day up to its last view's. */
export function fetchChoices(pages: readonly PageViews[], days: number): Fetch[] {
  const out: Fetch[] = [];
  pages.forEach((p, page) => {
    const n = p.times.length;
    if (n === 0) return;
    // suffix[i]: the sum of times[i..] (for the ages of the views from i on).
    const suffix = new Float64Array(n + 1);
    for (let i = n - 1; i >= 0; i--) suffix[i] = (suffix[i + 1] as number) + (p.times[i] as number);
    let i = 0;
    for (let day = 0; day < days; day++) {
      const start = day * DAY_MS;
      while (i < n && (p.times[i] as number) < start) i++;
      if (i === n) break;
      const next = p.times[i] as number;
      const at = next < start + DAY_MS ? next : start + DAY_MS - 1;
      const views = n - i;
      out.push({
        page,
        day,
        at,
        views,
        calls: p.cost,
        parts: views * p.cost,
        age: (p.cost * ((suffix[i] as number) - views * at)) / MINUTE,
      });
    }
  });
  return out;
}

export interface WeekModelOptions {
  pages: number;
  days: number;
  budget: number;
  /** Most answered views (default), or the least sum of (age - theta) over the parts shown. */
  objective?: { theta: number };
  /** At least this many views answered. */
  answered?: number;
  /** At most this many calls over the week (each day's budget still holds). */
  totalCalls?: number;
}

/**
 * The week as an integer program: x[j] in {0, 1} for each fetch j; each page fetched at most once
 * (rows 0 .. pages-1); each day's fetches within its budget (the next `days` rows); then the
 * optional answered row and the week's calls row.
 */
export function weekModel(choices: readonly Fetch[], o: WeekModelOptions): LinearModel {
  const answeredRow = o.answered === undefined ? -1 : o.pages + o.days;
  const totalRow = o.totalCalls === undefined ? -1 : o.pages + o.days + (answeredRow < 0 ? 0 : 1);
  const rows = o.pages + o.days + (answeredRow < 0 ? 0 : 1) + (totalRow < 0 ? 0 : 1);
  const rowLower = new Float64Array(rows).fill(Number.NEGATIVE_INFINITY);
  const rowUpper = new Float64Array(rows).fill(1);
  for (let d = 0; d < o.days; d++) rowUpper[o.pages + d] = o.budget;
  if (answeredRow >= 0) {
    rowLower[answeredRow] = o.answered as number;
    rowUpper[answeredRow] = INF;
  }
  if (totalRow >= 0) rowUpper[totalRow] = o.totalCalls as number;
  const perColumn = 2 + (answeredRow < 0 ? 0 : 1) + (totalRow < 0 ? 0 : 1);
  const starts = new Int32Array(choices.length + 1);
  const indices = new Int32Array(choices.length * perColumn);
  const values = new Float64Array(choices.length * perColumn);
  const cost = new Float64Array(choices.length);
  let k = 0;
  choices.forEach((c, j) => {
    starts[j] = k;
    const entries: [number, number][] = [
      [c.page, 1],
      [o.pages + c.day, c.calls],
    ];
    if (answeredRow >= 0) entries.push([answeredRow, c.views]);
    if (totalRow >= 0) entries.push([totalRow, c.calls]);
    for (const [row, value] of entries) {
      indices[k] = row;
      values[k] = value;
      k++;
    }
    cost[j] = o.objective === undefined ? c.views : c.age - o.objective.theta * c.parts;
  });
  starts[choices.length] = k;
  return {
    sense: o.objective === undefined ? 'max' : 'min',
    cost,
    upper: new Float64Array(choices.length).fill(1),
    rowLower,
    rowUpper,
    starts,
    indices,
    values,
  };
}

/**
 * The Lagrangian bound of the answered views for day prices y >= 0 (views a call is worth on
 * each day): sum of budget y_d, plus for each page its best fetch's views less its calls' price,
 * if positive. Every schedule answers at most this many, whatever y; at the LP's duals it is
 * the LP's optimum, so it certifies the integer optimum when it meets it.
 */
export function lagrangianBound(
  choices: readonly Fetch[],
  prices: readonly number[],
  budget: number,
): number {
  const best = new Map<number, number>();
  for (const c of choices) {
    const gain = c.views - c.calls * (prices[c.day] as number);
    if (gain > (best.get(c.page) ?? 0)) best.set(c.page, gain);
  }
  let bound = prices.reduce((sum, y) => sum + budget * y, 0);
  for (const gain of best.values()) bound += gain;
  return bound;
}

export interface ExactWeek extends WeekOptimum {
  /** The most views any schedule may answer, as proven (the LP's day prices, the MIP's bound): `answered` when A* is exact. */
  certified: number;
  /** Whether every schedule answering A* spends each day's whole budget on first fetches (none left to refresh). */
  noRefreshes: boolean;
  /** A lower bound on the least mean age (ms); meanAge when the age MIP closed its gap. */
  meanAgeBound: number;
  seconds: number;
}

/** How long A*'s integer program may run: past it, A* is given as its best and the bound proven. */
const ANSWERED_SECONDS = 300;
/** How long each of O's integer programs may run: past it, O is given as the bound HiGHS proved. */
const AGE_SECONDS = 120;
/** Dinkelbach's rounds at most (it mostly settles in two or three; the bound holds after any). */
const AGE_ROUNDS = 3;

const startOf = (picked: readonly number[], columns: number): Float64Array => {
  const start = new Float64Array(columns);
  for (const j of picked) start[j] = 1;
  return start;
};
const chosen = (values: Float64Array): number[] => [...values].flatMap((v, j) => (v > 0.5 ? [j] : []));
const integral = (values: Float64Array): boolean => values.every((v) => Math.abs(v - Math.round(v)) < 1e-7);

/**
 * An integer optimum of `model` and its LP bound: the LP first (its simplex vertex is often
 * integral here, and then it is the integer optimum), HiGHS's MIP when it is not.
 */
async function integerOptimum(
  model: LinearModel,
  absoluteGap: number,
  limit: { seconds: number; start?: Float64Array },
) {
  const lp = await solve(model, { integer: false });
  if (integral(lp.values)) return { ...lp, lpBound: lp.objective };
  // Without a start given, the LP's solution rounded down (within every row of a packing model).
  const start = limit.start ?? lp.values.map((v) => Math.floor(v + 1e-9));
  const mip = await solve(model, {
    integer: true,
    absoluteGap,
    relativeGap: 1e-9,
    timeLimitSeconds: limit.seconds,
    start,
  });
  // The MIP's proven bound is at least the LP's (for a minimum): the better of the two.
  const lpBound =
    model.sense === 'min' ? Math.max(lp.objective, mip.bound) : Math.min(lp.objective, mip.bound);
  return { ...mip, lpBound, rowDual: lp.rowDual };
}

/**
 * The week's exact offline optimum: A*, the most views any schedule answers (each day's calls
 * within its budget, a page answered from the fetch of its parts on), certified by the LP's day
 * prices; then O, the least mean age of the parts shown among schedules answering A*
 * (Dinkelbach: integer programs of min sum (age - theta) until theta stops falling).
 */
export async function exactWeek(
  pages: readonly PageViews[],
  days: number,
  budget: number,
  progress?: (line: string) => void,
): Promise<ExactWeek> {
  const began = performance.now();
  const say = (what: string) =>
    progress?.(`exact optimum: ${what} after ${((performance.now() - began) / 1000).toFixed(0)} s`);
  const choices = fetchChoices(pages, days);
  const base = { pages: pages.length, days, budget };
  const most = await integerOptimum(weekModel(choices, base), 0.999, { seconds: ANSWERED_SECONDS });
  const prices = Array.from({ length: days }, (_, d) =>
    Math.max(0, most.rowDual[pages.length + d] as number),
  );
  // The least of the bounds proven: the LP prices' (checked here), and the MIP's own.
  const certified = Math.floor(Math.min(lagrangianBound(choices, prices, budget), most.lpBound) + 1e-6);
  const answered = Math.round(most.objective);
  say(`${answered} views answered (LP bound ${certified})`);
  // A call spent on anything but a first fetch leaves at most days x budget - 1 for them.
  const spare = await solve(weekModel(choices, { ...base, totalCalls: days * budget - 1 }), {
    integer: false,
  });
  const noRefreshes = spare.objective < answered - 1e-6;
  say(`with a call to spare at most ${spare.objective.toFixed(1)}`);

  const meanOf = (js: readonly number[]) => {
    let age = 0;
    let parts = 0;
    for (const j of js) {
      age += (choices[j] as Fetch).age;
      parts += (choices[j] as Fetch).parts;
    }
    return age / parts;
  };
  let picked = chosen(most.values);
  let theta = meanOf(picked);
  let lower = 0;
  for (let round = 0; round < AGE_ROUNDS; round++) {
    const step = await integerOptimum(weekModel(choices, { ...base, answered, objective: { theta } }), 1e-6, {
      seconds: AGE_SECONDS,
      start: startOf(picked, choices.length),
    });
    // Every schedule answering A*: sum (age - theta parts) >= its LP bound, so mean >= theta + bound / parts.
    lower = theta + Math.min(0, step.lpBound) / answered;
    const next = chosen(step.values);
    const mean = meanOf(next);
    say(`mean age ${(mean).toFixed(1)} min (at least ${lower.toFixed(1)})`);
    if (!(mean < theta - 1e-9)) break;
    picked = next;
    theta = mean;
  }
  return {
    ...schedule(
      pages,
      days,
      budget,
      picked.map((j) => choices[j] as Fetch),
    ),
    answered,
    meanAge: theta * MINUTE,
    certified,
    noRefreshes,
    meanAgeBound: lower * MINUTE,
    seconds: (performance.now() - began) / 1000,
  };
}

/** A schedule's days: the views each answers, the parts' ages, the calls. */
export function schedule(
  pages: readonly PageViews[],
  days: number,
  budget: number,
  fetches: readonly Fetch[],
): WeekOptimum {
  const out: DayOptimum[] = Array.from({ length: days }, () => ({
    answered: 0,
    ageSum: 0,
    ageParts: 0,
    calls: 0,
    left: budget,
  }));
  for (const f of fetches) {
    const p = pages[f.page] as PageViews;
    const fetchDay = out[f.day] as DayOptimum;
    fetchDay.calls += f.calls;
    fetchDay.left -= f.calls;
    for (const t of p.times) {
      if (t < f.day * DAY_MS) continue;
      const d = out[Math.min(days - 1, Math.floor(t / DAY_MS))] as DayOptimum;
      d.answered += 1;
      d.ageSum += (t - f.at) * p.cost;
      d.ageParts += p.cost;
    }
  }
  const sum = (pick: (d: DayOptimum) => number) => out.reduce((s, d) => s + pick(d), 0);
  const parts = sum((d) => d.ageParts);
  return {
    days: out,
    answered: sum((d) => d.answered),
    meanAge: parts === 0 ? Number.NaN : sum((d) => d.ageSum) / parts,
  };
}
