import { DAY_MS } from './plan.js';

export interface ResourceViews {
  /** Views of the resource. */
  n: number;
  /** Ms after 00:00 of its first view. */
  first: number;
}

/**
 * The freshness optimum of a day's budget: every distinct resource fetched at its first view, the
 * R = budget - D calls left spread over the resources, each resource's r_i refreshes evenly over
 * its span from its first view to 24:00, so its views see a mean age of span_i / (2 (r_i + 1)).
 * Minimizing the view-weighted sum of n_i span_i / (2 (r_i + 1)) under sum r_i = R, r_i >= 0 gives
 * r_i + 1 = max(1, c sqrt(n_i span_i)) (water-filling: c grows until the refreshes add up to R).
 * Returns that view-weighted mean age in ms, or Infinity when the budget cannot fetch every
 * resource once.
 */
export function freshnessOptimum(resources: Iterable<ResourceViews>, budget: number): number {
  const list = [...resources].map((r) => ({ n: r.n, span: DAY_MS - r.first }));
  const refreshes = budget - list.length;
  if (refreshes < 0) return Number.POSITIVE_INFINITY;
  const level = waterLevel(
    list.map((r) => Math.sqrt(r.n * r.span)),
    refreshes,
  );
  let weighted = 0;
  let views = 0;
  for (const r of list) {
    const fetches = Math.max(1, level * Math.sqrt(r.n * r.span));
    weighted += r.n * (r.span / (2 * fetches));
    views += r.n;
  }
  return weighted / views;
}

/**
 * The c with sum over i of max(0, c w_i - 1) = total: the resources sorted by weight, heaviest
 * first, the k heaviest share the refreshes while c w_k > 1 (those past k get none).
 */
export function waterLevel(weights: readonly number[], total: number): number {
  const sorted = [...weights].filter((w) => w > 0).sort((a, b) => b - a);
  if (sorted.length === 0) return 0;
  let sum = 0;
  let level = 0;
  for (let k = 0; k < sorted.length; k++) {
    sum += sorted[k] as number;
    // With the k + 1 heaviest taking part: c sum - (k + 1) = total.
    level = (total + k + 1) / sum;
    const next = sorted[k + 1];
    if (next === undefined || level * next <= 1) return level;
  }
  return level;
}
