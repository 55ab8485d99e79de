import { DAY_MS } from './plan.js';

export interface ResourceViews {
  /** Views of the resource. */
  n: number;
  /** Ms after 00:00 of its first view. */
  first: number;
}

export interface Allotted extends ResourceViews {
  /** Ms from its first view to 24:00. */
  span: number;
  /** Fetches in the optimum: the first view's and r_i refreshes (fractional: a mean). */
  fetches: number;
}

/**
 * The fluid model of a day's budget (exact.ts has the exact optimum): every distinct resource
 * fetched at its first view, the R = budget - D calls left spread over the resources, each
 * resource's r_i refreshes evenly over its span from its first view to 24:00, so its views see
 * a mean age of span_i / (2 (r_i + 1)).
 * Minimizing the view-weighted sum of n_i span_i / (2 (r_i + 1)) under sum r_i = R, r_i >= 0 gives
 * r_i + 1 = max(1, c sqrt(n_i span_i)) (water-filling: c grows until the refreshes add up to R).
 * Undefined when the budget cannot fetch every resource once.
 */
export function optimumAllocation<K>(
  resources: ReadonlyMap<K, ResourceViews>,
  budget: number,
): Map<K, Allotted> | undefined {
  const refreshes = budget - resources.size;
  if (refreshes < 0) return undefined;
  const spans = new Map([...resources].map(([key, r]) => [key, DAY_MS - r.first]));
  const weight = (key: K, r: ResourceViews) => Math.sqrt(r.n * (spans.get(key) as number));
  const level = waterLevel(
    [...resources].map(([key, r]) => weight(key, r)),
    refreshes,
  );
  return new Map(
    [...resources].map(([key, r]) => [
      key,
      { ...r, span: spans.get(key) as number, fetches: Math.max(1, level * weight(key, r)) },
    ]),
  );
}

/** The optimum's view-weighted mean age in ms (Infinity when the budget cannot fetch every resource once). */
export function freshnessOptimum<K>(resources: ReadonlyMap<K, ResourceViews>, budget: number): number {
  const allotted = optimumAllocation(resources, budget);
  if (!allotted) return Number.POSITIVE_INFINITY;
  let weighted = 0;
  let views = 0;
  for (const r of allotted.values()) {
    weighted += r.n * (r.span / (2 * r.fetches));
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
