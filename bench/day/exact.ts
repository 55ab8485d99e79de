import { type LinearModel, solve } from '../solver.js';

const MINUTE = 60_000;

/**
 * The least sum of ages (ms) of a resource's views with k fetches, for k = 1 .. most: the first
 * fetch at its first view (every view answered), each other fetch at a view (a fetch between two
 * views is better moved to the next one). Splitting the sorted views into k runs, each costing
 * the sum of (t - t_first of the run), is a shortest k-link path whose weights satisfy the
 * quadrangle inequality, so each layer's best split points move monotonically and divide and
 * conquer finds them exactly in O(n log n) (written here: no library solves it).
 */
export function fetchCosts(times: readonly number[], most: number): Float64Array {
  const n = times.length;
  const k = Math.max(1, Math.min(most, n));
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] as number) + (times[i] as number);
  // The run of views i .. j-1, fetched at view i.
  const w = (i: number, j: number) =>
    (prefix[j] as number) - (prefix[i] as number) - (j - i) * (times[i] as number);
  const out = new Float64Array(k);
  // best[j]: the least cost of views 0 .. j-1 in the current number of runs.
  let best = new Float64Array(n + 1);
  for (let j = 1; j <= n; j++) best[j] = w(0, j);
  out[0] = best[n] as number;
  for (let layer = 2; layer <= k; layer++) {
    const previous = best;
    const next = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
    // Runs of `layer` need at least `layer` views: j from layer to n, the last run starting at i in [layer-1, j-1].
    const fill = (lo: number, hi: number, optLo: number, optHi: number): void => {
      if (lo > hi) return;
      const mid = (lo + hi) >>> 1;
      let arg = optLo;
      let value = Number.POSITIVE_INFINITY;
      for (let i = optLo; i <= Math.min(mid - 1, optHi); i++) {
        const v = (previous[i] as number) + w(i, mid);
        if (v < value) {
          value = v;
          arg = i;
        }
      }
      next[mid] = value;
      fill(lo, mid - 1, optLo, arg);
      fill(mid + 1, hi, arg, optHi);
    };
    fill(layer, n, layer - 1, n - 1);
    best = next;
    out[layer - 1] = best[n] as number;
  }
  return out;
}

/**
 * The day's exact offline mean age (ms) of the views of `resources` (each resource's view times,
 * sorted) with `calls` API calls: every view answered, so each resource fetched at its first
 * view, the calls left placed where they lower the view-weighted mean age most. Each resource's
 * fetchCosts, then HiGHS picks each resource's number of fetches within `calls` (dayModel).
 * Infinity when `calls` cannot fetch every resource once.
 */
export async function exactDay(
  resources: ReadonlyMap<string, readonly number[]>,
  calls: number,
): Promise<number> {
  const list = [...resources.values()].filter((t) => t.length > 0);
  if (calls < list.length) return Number.POSITIVE_INFINITY;
  const tables = list.map((times) => fetchCosts(times, calls - list.length + 1));
  const views = list.reduce((sum, t) => sum + t.length, 0);
  const convex = tables.every(isConvex);
  const { objective } = await solve(dayModel(tables, calls, convex), { integer: !convex, relativeGap: 1e-9 });
  return (objective * MINUTE) / views;
}

/** Whether each further fetch saves no more than the one before (checked, not assumed). */
export function isConvex(table: Float64Array): boolean {
  for (let k = 2; k < table.length; k++) {
    const before = (table[k - 2] as number) - (table[k - 1] as number);
    const now = (table[k - 1] as number) - (table[k] as number);
    if (now > before + 1e-6 * Math.max(1, before)) return false;
  }
  return true;
}

/**
 * The choice of fetches as a linear program: y[r][k] = 1 when resource r is fetched a (k+2)-th
 * time, saving table[k] - table[k+1] (minutes), at most `calls` - R of them (one row). With every
 * table convex the savings of a resource fall as k grows, so the best y takes a prefix of each
 * resource's fetches, and one row of ones over [0, 1] columns makes the LP's optimum integral:
 * the LP is the exact optimum. Otherwise `convex` false: z[r][k] = 1 when resource r is fetched
 * k + 1 times, one choice a resource (rows 0 .. R-1), at most `calls` fetches (row R), a MIP.
 * The objective counts each resource's first fetch (a constant) as the offset.
 */
export function dayModel(tables: readonly Float64Array[], calls: number, convex: boolean): LinearModel {
  if (convex) {
    const columns = tables.reduce((sum, t) => sum + t.length - 1, 0);
    const cost = new Float64Array(columns);
    let j = 0;
    for (const table of tables) {
      for (let k = 1; k < table.length; k++)
        cost[j++] = ((table[k] as number) - (table[k - 1] as number)) / MINUTE;
    }
    return {
      sense: 'min',
      offset: tables.reduce((sum, t) => sum + (t[0] as number), 0) / MINUTE,
      cost,
      upper: new Float64Array(columns).fill(1),
      rowLower: Float64Array.of(Number.NEGATIVE_INFINITY),
      rowUpper: Float64Array.of(calls - tables.length),
      starts: Int32Array.from({ length: columns + 1 }, (_, i) => i),
      indices: new Int32Array(columns),
      values: new Float64Array(columns).fill(1),
    };
  }
  const columns = tables.reduce((sum, t) => sum + t.length, 0);
  const rows = tables.length + 1;
  const starts = new Int32Array(columns + 1);
  const indices = new Int32Array(columns * 2);
  const values = new Float64Array(columns * 2);
  const cost = new Float64Array(columns);
  let j = 0;
  tables.forEach((table, r) => {
    table.forEach((age, k) => {
      starts[j] = 2 * j;
      indices[2 * j] = r;
      values[2 * j] = 1;
      indices[2 * j + 1] = tables.length;
      values[2 * j + 1] = k + 1;
      cost[j] = age / MINUTE;
      j++;
    });
  });
  starts[columns] = 2 * columns;
  const rowLower = new Float64Array(rows).fill(1);
  const rowUpper = new Float64Array(rows).fill(1);
  rowLower[tables.length] = Number.NEGATIVE_INFINITY;
  rowUpper[tables.length] = calls;
  return {
    sense: 'min',
    offset: 0,
    cost,
    upper: new Float64Array(columns).fill(1),
    rowLower,
    rowUpper,
    starts,
    indices,
    values,
  };
}
