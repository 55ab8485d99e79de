/**
 * The benches' exact optima go through HiGHS (the `highs` package: HiGHS compiled to
 * WebAssembly, a devDependency), never through a solver of our own. One model shape: columns
 * bounded in [0, upper], rows `lower <= a x <= upper`, a sparse matrix by column.
 */
import highsLoader, { type Highs } from 'highs';

export interface LinearModel {
  sense: 'max' | 'min';
  /** A constant added to the objective. */
  offset?: number;
  /** Per column. */
  cost: Float64Array;
  upper: Float64Array;
  /** Per row. */
  rowLower: Float64Array;
  rowUpper: Float64Array;
  /** The matrix by column (CSC): column j's entries at starts[j] .. starts[j + 1]. */
  starts: Int32Array;
  indices: Int32Array;
  values: Float64Array;
}

export interface Solved {
  /** The objective of the solution found (integer when `integer`). */
  objective: number;
  /**
   * The best objective any solution can reach, as HiGHS proved it: the LP's own optimum, or the
   * MIP's dual bound (equal to `objective` within the gap asked for).
   */
  bound: number;
  values: Float64Array;
  /** Row duals of an LP (empty for a MIP). */
  rowDual: Float64Array;
}

let loaded: Promise<Highs> | undefined;
const runtime = (): Promise<Highs> => {
  loaded ??= highsLoader();
  return loaded;
};

/** Infinity as HiGHS reads it, for a row or column with no bound on one side. */
export const INF = Number.POSITIVE_INFINITY;

/**
 * Solves `model` (every column integer when `integer`) to optimality: a MIP with no relative gap
 * and the absolute gap given (0.999 for an objective that counts views: the next integer
 * cannot be reached). Throws unless HiGHS proves the optimum, or finds a solution of a MIP by
 * `timeLimitSeconds` (then `bound` is what it proved, short of the objective).
 */
export async function solve(
  model: LinearModel,
  options: {
    integer: boolean;
    absoluteGap?: number;
    relativeGap?: number;
    timeLimitSeconds?: number;
    /** A feasible solution to start a MIP from. */
    start?: Float64Array;
  },
): Promise<Solved> {
  const numCols = model.cost.length;
  const numRows = model.rowLower.length;
  if (numCols === 0) {
    // Nothing to choose (HiGHS calls it an empty model): the offset is the optimum.
    const offset = model.offset ?? 0;
    return {
      objective: offset,
      bound: offset,
      values: new Float64Array(0),
      rowDual: new Float64Array(numRows),
    };
  }
  const highs = await runtime();
  return highs.withModel((m) => {
    m.options.set({
      output_flag: false,
      mip_rel_gap: options.relativeGap ?? 0,
      mip_abs_gap: options.absoluteGap ?? 1e-6,
    });
    if (options.timeLimitSeconds !== undefined) m.options.set('time_limit', options.timeLimitSeconds);
    m.passModel({
      numCols,
      numRows,
      sense:
        model.sense === 'max'
          ? highs.constants.objectiveSense.maximize
          : highs.constants.objectiveSense.minimize,
      offset: model.offset ?? 0,
      colCost: model.cost,
      colLower: new Float64Array(numCols),
      colUpper: model.upper,
      rowLower: model.rowLower.map((v) => (v === Number.NEGATIVE_INFINITY ? -highs.infinity : v)),
      rowUpper: model.rowUpper.map((v) => (v === INF ? highs.infinity : v)),
      matrix: {
        format: 'csc',
        numRows,
        numCols,
        starts: model.starts,
        indices: model.indices,
        values: model.values,
      },
      ...(options.integer
        ? { integrality: new Int32Array(numCols).fill(highs.constants.variableType.integer) }
        : {}),
    });
    if (options.start) m.setSolution({ colValue: options.start });
    const { modelStatus } = m.run();
    // Out of time, a MIP's best solution (at worst the start) and proven bound still hold.
    const timedOut =
      options.integer && modelStatus === highs.constants.modelStatus.timeLimit && options.start !== undefined;
    if (modelStatus !== highs.constants.modelStatus.optimal && !timedOut) {
      throw new Error(`HiGHS did not prove an optimum (model status ${modelStatus})`);
    }
    const solution = m.getSolution();
    const objective = m.getObjectiveValue();
    const bound = options.integer ? Number(m.info.get('mip_dual_bound')) : objective;
    return {
      objective,
      bound,
      values: Float64Array.from(solution.colValue),
      rowDual: options.integer ? new Float64Array(0) : Float64Array.from(solution.rowDual),
    };
  });
}
