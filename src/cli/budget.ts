import type { BudgetStore, Coordination } from '../index.js';
import { type UtcDay, utcDay } from '../internal/day.js';

/** The server's UTC day from an HTTP `Date` header (this machine's clock when there is none). */
export function serverDay(dateHeader: string | null | undefined): UtcDay {
  const time = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  return utcDay(Number.isNaN(time) ? Date.now() : time);
}

/**
 * The export's view of a shared coordination (the state directory, or Redis): the day's budget is
 * counted under the server's UTC day (its `Date` header; the same as this machine's but for a
 * skewed clock), and this run's `--max-calls` is counted on top. The window, the application token
 * and the locks are the coordination's own. No `admit`: the budget is taken through this wrapper.
 */
export class RunBudget {
  readonly coordination: Coordination;
  /** The last call refused was refused by `--max-calls`, not by the shared budget. */
  capped = false;
  private runTaken = 0;
  private counted: Promise<number> | undefined;

  constructor(shared: Coordination, maxCalls: number | undefined, day: () => string) {
    const inner = shared.budget;
    const cap = maxCalls ?? Number.POSITIVE_INFINITY;
    const budget: BudgetStore = {
      take: async (app, _day, limit) => {
        if (this.runTaken >= cap) {
          this.capped = true;
          return false;
        }
        // Counted before the await: a second call cannot slip past the cap meanwhile.
        this.runTaken++;
        try {
          const taken = await inner.take(app, day(), limit);
          if (!taken) {
            this.runTaken--;
            this.capped = false;
          }
          return taken;
        } catch (error) {
          this.runTaken--;
          throw error;
        }
      },
      count: (app) => {
        this.counted = Promise.resolve(inner.count(app, day()));
        return this.counted;
      },
      refund: async (app) => {
        this.runTaken = Math.max(0, this.runTaken - 1);
        await inner.refund?.(app, day());
      },
    };
    this.coordination = {
      budget,
      windows: shared.windows,
      appTokens: shared.appTokens,
      locks: shared.locks,
    };
  }

  /**
   * Calls the whole application has spent on the server's day, as the shared store counts them
   * (the key the SDK itself uses: the client's usage() reads it). Rejects when the store cannot answer.
   */
  async spent(api: { usage(): unknown }): Promise<number> {
    this.counted = undefined;
    api.usage();
    if (this.counted === undefined) throw new Error('the client did not read its budget store');
    return await this.counted;
  }
}
