/**
 * The day's count as the handler's client reads it for `usage()`, which the pacing reads on every
 * request. A store that can only answer with a round trip (Redis) is asked at most once a second,
 * and `usage()` tells the last count read, this process's own calls on top (the core counts them
 * as they are taken): a hit sends no command for it. Admissions stay exact: the store takes each
 * call itself.
 */
import type { BudgetStore, Coordination } from '../../index.js';
import type { UtcDay } from '../../internal/day.js';

/** On the wall clock, not the handler's `now`: it bounds the commands sent to the store per real second. */
const READ_EVERY_MS = 1000;

/** The coordination with its budget read at most once a second, when it has no synchronous read. */
export function budgetReadOncePerSecond(coordination: Coordination): Coordination {
  const { budget } = coordination;
  if (budget.peek) return coordination;
  let readAfter = 0;
  let last: { day: UtcDay; calls: number } | undefined;
  const peek = (app: string, day: UtcDay): number | undefined => {
    if (Date.now() >= readAfter) {
      readAfter = Date.now() + READ_EVERY_MS;
      budget.count(app, day).then(
        (calls) => {
          last = { day, calls };
        },
        () => undefined,
      );
    }
    return last?.day === day ? last.calls : undefined;
  };
  // The store's own methods, through its prototype chain; only the read is added.
  const read: BudgetStore = Object.assign(Object.create(budget) as BudgetStore, { peek });
  return Object.assign(Object.create(coordination) as Coordination, { budget: read });
}
