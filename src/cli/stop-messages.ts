import { nextDayStart, type UtcDay } from '../internal/day.js';
import type { Checkpoint } from './checkpoint.js';
import type { ExportOptions } from './export-options.js';
import { rerunCommand } from './resume-command.js';
import { count, written } from './words.js';

/** Why a run ended before its job was done. */
export type StopReason = 'budget' | 'max-calls' | 'interrupted' | 'plan' | 'reader-gone';

/** What a budget stop says: whose count, on which day. */
export interface BudgetView {
  day: UtcDay;
  /** The server refused this application for the day (its count went over, whatever ours said). */
  lockedOut: boolean;
  /** The shared count last read (the state directory, or Redis). */
  spent: number;
  redis: boolean;
}

/** The command that resumes this export, on a line of its own. */
function resumeLine(o: ExportOptions): string {
  return `\n  ${rerunCommand(o.argv)}`;
}

export function budgetStopMessage(o: ExportOptions, view: BudgetView, state: Checkpoint | undefined): string {
  const resume = nextDayStart(view.day).toISOString();
  const why = view.lockedOut
    ? `the server refuses this application for its day ${view.day}; ${view.redis ? 'Redis' : 'this machine'} counted ${count(view.spent, 'call')}`
    : view.redis
      ? `${view.spent} of ${o.dailyLimit} calls counted in Redis by every process of this client id; server day ${view.day}`
      : `${view.spent} of ${o.dailyLimit} calls counted on the server's day ${view.day}`;
  return (
    `Stopped: the ${view.redis ? 'shared ' : ''}daily budget is spent (${why}).` +
    `${state ? ` ${count(state.records, 'record')} ${written(o.out)}, checkpoint saved.` : ''} Resume after ${resume} (the server's next UTC day) with the same command:${resumeLine(o)}`
  );
}

/** Where the output stands after a stop. */
function whereItStands(o: ExportOptions, state: Checkpoint): string {
  if (o.out === '-')
    return `${count(state.records, 'record')} ${written(o.out)} (stdout cannot be resumed: give --out FILE to export resumably)`;
  if (state.pages === 0) return `nothing written to ${o.out} yet, no checkpoint kept`;
  return `${count(state.records, 'record')} ${written(o.out)}, checkpoint saved after page ${state.pages}`;
}

export function doneMessage(o: ExportOptions, state: Checkpoint, runCalls: number): string {
  return `Done: ${count(state.records, 'record')} ${written(o.out)} (${count(state.pages, 'page')}; ${count(state.calls, 'call')} over all runs, ${runCalls} in this run).`;
}

export function maxCallsMessage(o: ExportOptions, state: Checkpoint, runCalls: number): string {
  return `Stopped: --max-calls ${o.maxCalls} reached (${count(runCalls, 'call')} in this run). ${whereItStands(o, state)}. Run the same command to go on:${resumeLine(o)}`;
}

export function planOnlyMessage(o: ExportOptions, state: Checkpoint): string {
  return `Plan only: ${whereItStands(o, state)}. To export, run the command without --plan:\n  ${rerunCommand(o.argv, ['--restart', '--plan'])}`;
}

export function interruptedMessage(o: ExportOptions, state: Checkpoint, runCalls: number): string {
  const next =
    o.out === '-'
      ? `Run the command again to start over:${resumeLine(o)}`
      : `To resume from page ${state.pages + 1}, run the same command:${resumeLine(o)}`;
  return `Interrupted: ${whereItStands(o, state)} (${count(runCalls, 'call')} in this run). ${next}`;
}
