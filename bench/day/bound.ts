import { DAY_MS } from './plan.js';

export interface ResourceViews {
  /** Views of the resource. */
  n: number;
  /** Ms after 00:00 of its first view. */
  first: number;
}

/**
 * The freshness floor of a day's budget: every distinct resource fetched once, the R = budget - D
 * calls left spread by the square-root rule (r_i = R * sqrt(n_i) / sum sqrt(n_j), which minimizes
 * the mean age per view), each resource's refreshes evenly over its span from its first view to
 * 24:00, so its views see a mean age of span_i / (2 (r_i + 1)). Returns that view-weighted mean
 * in ms, or Infinity when the budget cannot fetch every resource once.
 */
export function freshnessBound(resources: Iterable<ResourceViews>, budget: number): number {
  const list = [...resources];
  const refreshes = budget - list.length;
  if (refreshes < 0) return Number.POSITIVE_INFINITY;
  const rootSum = list.reduce((sum, r) => sum + Math.sqrt(r.n), 0);
  let weighted = 0;
  let views = 0;
  for (const r of list) {
    const share = (refreshes * Math.sqrt(r.n)) / rootSum;
    weighted += r.n * ((DAY_MS - r.first) / (2 * (share + 1)));
    views += r.n;
  }
  return weighted / views;
}
