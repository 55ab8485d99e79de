import { rmSync } from 'node:fs';
import { AbortError, type CatalogClient, DailyLimitError, type RateLimitInfo } from '../index.js';
import type { UtcDay } from '../internal/day.js';
import type { RunBudget } from './budget.js';
import { type Checkpoint, removeCheckpoint, saveCheckpoint, type Task } from './checkpoint.js';
import type { ExportOptions } from './export-options.js';
import { onInterrupt, SIGINT_GRACE_MS } from './interrupt.js';
import { expand, fetchPage, isServerLockout } from './listing.js';
import { plan, planLines } from './plan.js';
import type { Progress } from './progress.js';
import { formatRecords, header } from './records.js';
import type { RecordsOutput, StdoutOutput } from './stdout-output.js';
import type { StopReason } from './stop-messages.js';

/** What the page loop works with: the job's state, where records go, and what it reports to. */
export interface Walk {
  o: ExportOptions;
  api: CatalogClient;
  budget: RunBudget;
  state: Checkpoint;
  /** A new export (no checkpoint when it started). */
  fresh: boolean;
  output: RecordsOutput | StdoutOutput;
  controller: AbortController;
  progress: Progress;
  say: (line: string) => void;
  /** Calls left on the server's day, as the shared count has them. */
  leftToday: () => Promise<number>;
  /** The lines of the plan need the day and the budget's wording. */
  day: UtcDay;
  allowed: number;
  budgetText: string;
}

/**
 * Fetches page after page, writing each page's records and then its checkpoint, until the queue is
 * empty (undefined) or a reason to stop: the budget (the shared count, or the server's lockout),
 * --max-calls, --plan, Ctrl-C, or stdout's reader gone.
 */
export async function walkPages(w: Walk): Promise<{ stop: StopReason | undefined; lockedOut: boolean }> {
  const { o, state, output } = w;
  const toStdout = o.out === '-';
  let stop: StopReason | undefined;
  let lockedOut = false;
  let rateLimit: RateLimitInfo | undefined;
  const save = (): void => {
    if (!toStdout) saveCheckpoint(o.out, state);
  };
  const readerGone = (): boolean => 'readerGone' in output && output.readerGone;
  const stdoutFailure = (): Error | undefined => ('failure' in output ? output.failure : undefined);
  const removeHandler = onInterrupt(o.signals, w.controller, () => {
    stop = 'interrupted';
    w.say(
      `SIGINT: stopping; the page in flight has ${SIGINT_GRACE_MS / 1000} s to finish, then the checkpoint is saved (Ctrl-C again to stop at once).`,
    );
  });
  try {
    while (state.queue.length > 0 && stop === undefined) {
      const task = state.queue[0] as Task;
      let page: Awaited<ReturnType<typeof fetchPage>>;
      try {
        page = await fetchPage(w.api, task, o.per, w.controller.signal);
      } catch (error) {
        if (error instanceof DailyLimitError) {
          stop = w.budget.capped ? 'max-calls' : 'budget';
          break;
        }
        if (isServerLockout(error)) {
          lockedOut = true;
          stop = 'budget';
          break;
        }
        if (error instanceof AbortError && readerGone()) stop = 'reader-gone';
        if (error instanceof AbortError && (stop !== undefined || stdoutFailure())) break;
        throw error;
      }
      rateLimit = page.rateLimit ?? rateLimit;
      const { records, rest } = expand(task, page);
      if (!state.plan) {
        state.plan = plan(o, task, page);
        for (const line of planLines(
          o,
          state.plan,
          state.calls,
          await w.leftToday(),
          w.day,
          w.allowed,
          w.budgetText,
        ))
          w.say(line);
        if (o.planOnly) stop = 'plan';
      }
      let text = formatRecords(task.list === 'products' ? 'offers' : 'skus', o.format, records);
      if (state.bytes === 0) text = header(o.what, o.format) + text;
      state.bytes += output.append(text, state.bytes);
      state.records += records.length;
      state.pages++;
      state.queue = [...rest, ...state.queue.slice(1)];
      // Calls made for this page belong to it; the plan cannot be below what was spent.
      if (state.queue.length === 0) state.plan.calls = state.calls;
      else state.plan.calls = Math.max(state.plan.calls, state.calls + 1);
      save();
      if (readerGone()) stop = 'reader-gone';
      w.progress.update({
        records: state.records,
        pages: state.pages,
        calls: state.calls,
        plannedCalls: state.plan.calls,
        leftToday: await w.leftToday(),
        rateLimit,
      });
    }
  } finally {
    removeHandler();
    output.close();
    w.progress.stop();
    if (w.fresh && state.pages === 0 && !toStdout) {
      // The first page failed (a wrong category, the budget, Ctrl-C): no output, no checkpoint,
      // so the corrected command on the same --out starts without --restart.
      removeCheckpoint(o.out);
      rmSync(o.out, { force: true });
    } else {
      // The calls of a page that was not finished (SIGINT, refusal, Redis failing) still count
      // for the job.
      save();
    }
  }
  const failure = stdoutFailure();
  if (failure) throw failure;
  return { stop, lockedOut };
}
