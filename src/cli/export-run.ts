import type { Coordination } from '../index.js';
import type { RedisCoordination } from '../redis/index.js';
import { RunBudget, serverDay } from './budget.js';
import { type Checkpoint, OutputFile, removeCheckpoint } from './checkpoint.js';
import { EXIT, type ExportOptions } from './export-options.js';
import { firstTasks } from './listing.js';
import { createMeter, exportClient } from './metered-client.js';
import { walkPages } from './page-loop.js';
import { planText } from './plan.js';
import { createProgress } from './progress.js';
import { redisLabel } from './redis.js';
import { stdoutOutput } from './stdout-output.js';
import {
  type BudgetView,
  budgetStopMessage,
  doneMessage,
  interruptedMessage,
  maxCallsMessage,
  planOnlyMessage,
} from './stop-messages.js';
import { probeToken } from './token-probe.js';
import { count } from './words.js';

/** What the error path needs to know of a run in progress. */
export interface Run {
  log: (line: string) => void;
  state: Checkpoint | undefined;
}

/**
 * One run of an export: learn the server's day and whether the application may still call today,
 * read what is left of the shared budget, then walk the pages (./page-loop.ts) and say how it ended.
 */
export async function exportWith(
  o: ExportOptions,
  job: string,
  checkpoint: Checkpoint | undefined,
  shared: Coordination,
  redis: RedisCoordination | undefined,
  run: Run,
): Promise<number> {
  const { log } = run;
  const meter = createMeter(o.authUrl);
  const view: BudgetView = { day: '', lockedOut: false, spent: 0, redis: redis !== undefined };
  // The budget counted under the server's day, and --max-calls on top.
  const budget = new RunBudget(shared, o.maxCalls, () => view.day || serverDay(meter.lastDate));
  const api = exportClient(o, meter, budget);

  // The server's day, and whether it still grants tokens (it refuses all day once its count went
  // over): a token request is not an API call, so asking costs nothing of the budget.
  const probe = await probeToken(o, meter.fetch).finally(() => {
    view.day = serverDay(meter.lastDate);
  });
  if (probe === 'locked-out') {
    view.lockedOut = true;
    view.spent = await budget.spent(api);
    log(budgetStopMessage(o, view, undefined));
    return EXIT.resumable;
  }

  const leftToday = async (): Promise<number> => {
    view.spent = await budget.spent(api);
    return Math.max(0, o.dailyLimit - view.spent);
  };
  const leftNow = await leftToday();
  if (leftNow === 0) {
    log(budgetStopMessage(o, view, undefined));
    return EXIT.resumable;
  }
  const budgetText = redis
    ? ` in the shared budget (Redis ${redisLabel(o.redis?.url ?? '')}, every process of this client id)`
    : '';

  const state: Checkpoint = checkpoint ?? {
    version: 1,
    job,
    bytes: 0,
    records: 0,
    pages: 0,
    calls: 0,
    plan: undefined,
    queue: firstTasks(o),
    done: false,
  };
  run.state = state;
  meter.onCall = () => {
    state.calls++;
  };
  const controller = new AbortController();
  const output =
    o.out === '-'
      ? stdoutOutput(o.stdout ?? process.stdout, () => controller.abort())
      : new OutputFile(o.out, state.bytes);
  const progress = createProgress(o.stderr);
  const say = (line: string): void => progress.log(`[price-catalog] ${line}`);
  if (checkpoint?.plan) {
    say(
      `Resuming ${o.out}: ${count(state.records, 'record')} in ${count(state.pages, 'page')} written, ${count(state.calls, 'call')} spent of ${planText(checkpoint.plan)}; ${leftNow} of ${o.dailyLimit} calls left today${budgetText} (server day ${view.day}).`,
    );
  }
  if (o.planOnly && checkpoint?.plan) {
    output.close();
    say(`Plan only: the plan was made on the first run (${planText(checkpoint.plan)}); nothing fetched.`);
    return EXIT.done;
  }

  const { stop, lockedOut } = await walkPages({
    o,
    api,
    budget,
    state,
    fresh: checkpoint === undefined,
    output,
    controller,
    progress,
    say,
    leftToday,
    day: view.day,
    allowed: Math.min(leftNow, o.maxCalls ?? Number.POSITIVE_INFINITY),
    budgetText,
  });

  if (state.queue.length === 0) {
    if (o.out !== '-') removeCheckpoint(o.out);
    say(doneMessage(o, state, meter.runCalls));
    return EXIT.done;
  }
  switch (stop) {
    case 'reader-gone':
      // `| head` had what it wanted: that is the end the user asked for.
      return EXIT.done;
    case 'budget':
      view.lockedOut = lockedOut;
      view.spent = await budget.spent(api);
      say(budgetStopMessage(o, view, state));
      return EXIT.resumable;
    case 'max-calls':
      say(maxCallsMessage(o, state, meter.runCalls));
      return EXIT.resumable;
    case 'plan':
      say(planOnlyMessage(o, state));
      return EXIT.done;
    default:
      say(interruptedMessage(o, state, meter.runCalls));
      return EXIT.interrupted;
  }
}
