import { DAY_MS } from '../day/plan.js';

/** A page's views over the week (ms after the week's 00:00, sorted) and its API calls to answer (parts). */
export interface PageViews {
  times: number[];
  cost: number;
}

export interface DayOptimum {
  answered: number;
  /** Sum and count of the ages (ms) of the parts shown on answered views this day. */
  ageSum: number;
  ageParts: number;
  /** Calls spent on first fetches; left unspent. */
  calls: number;
  left: number;
}

export interface WeekOptimum {
  days: DayOptimum[];
  answered: number;
  meanAge: number;
}

/**
 * The offline optimum of the week: every view known in advance, each day's calls capped by its
 * budget. A page's views are answered from the moment its parts are fetched; an answer is kept
 * for the rest of the week (served with its age). First the most answered views: each day, among
 * the pages viewed that day and not fetched yet, the pages with the most views from their first
 * view that day to the week's end per call (a SKU page costs two calls, a listing one) are
 * fetched at that first view, until the day's budget is spent (greedy by views per call, day by
 * day). Then the least mean age: calls left on a day (none, when more pages are viewed than the
 * budget fetches) refresh the answered pages with the most views left that day at 00:00; this
 * rarely applies and is a bound from above on the optimum's age in that case.
 */
export function weekOptimum(pages: readonly PageViews[], days: number, budget: number): WeekOptimum {
  const lastFetch = new Float64Array(pages.length).fill(Number.NaN);
  const out: DayOptimum[] = [];
  let answered = 0;
  let ageSum = 0;
  let ageParts = 0;
  for (let day = 0; day < days; day++) {
    const start = day * DAY_MS;
    const end = start + DAY_MS;
    const candidates: { page: number; first: number; value: number; cost: number }[] = [];
    pages.forEach((p, page) => {
      if (!Number.isNaN(lastFetch[page] as number)) return;
      const i = lowerBound(p.times, start);
      const first = p.times[i];
      if (first === undefined || first >= end) return;
      candidates.push({ page, first, value: p.times.length - i, cost: p.cost });
    });
    candidates.sort((a, b) => b.value / b.cost - a.value / a.cost || a.first - b.first);
    let left = budget;
    const fetchedToday = new Map<number, number>();
    for (const c of candidates) {
      if (c.cost > left) continue;
      left -= c.cost;
      fetchedToday.set(c.page, c.first);
    }
    if (left > 0) {
      const refresh = pages
        .map((p, page) => ({ page, n: countIn(p.times, start, end), cost: p.cost }))
        .filter((r) => r.n > 0 && !Number.isNaN(lastFetch[r.page] as number))
        .sort((a, b) => b.n - a.n);
      for (const r of refresh) {
        if (r.cost > left) continue;
        left -= r.cost;
        lastFetch[r.page] = start;
      }
    }
    for (const [page, first] of fetchedToday) lastFetch[page] = first;
    const today: DayOptimum = { answered: 0, ageSum: 0, ageParts: 0, calls: budget - left, left };
    pages.forEach((p, page) => {
      const fetched = lastFetch[page] as number;
      if (Number.isNaN(fetched)) return;
      for (let i = lowerBound(p.times, Math.max(start, fetched)); i < p.times.length; i++) {
        const t = p.times[i] as number;
        if (t >= end) break;
        today.answered += 1;
        today.ageSum += (t - fetched) * p.cost;
        today.ageParts += p.cost;
      }
    });
    answered += today.answered;
    ageSum += today.ageSum;
    ageParts += today.ageParts;
    out.push(today);
  }
  return { days: out, answered, meanAge: ageParts === 0 ? Number.NaN : ageSum / ageParts };
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function countIn(sorted: readonly number[], start: number, end: number): number {
  return lowerBound(sorted, end) - lowerBound(sorted, start);
}
