import cliProgress from 'cli-progress';
import type { RateLimitInfo } from '../index.js';

export interface ProgressState {
  records: number;
  pages: number;
  /** Calls this job has spent (all runs). */
  calls: number;
  /** Calls the job needs in all (planned). */
  plannedCalls: number;
  /** Calls left today by the budget. */
  leftToday: number;
  rateLimit: RateLimitInfo | undefined;
}

const WINDOW_MS = 60_000;

/**
 * Milliseconds the calls still to make will take: at least what the rate window allows (the
 * server's X-RateLimit headers: what is left in this window, then `limit` per window) and at
 * least what the calls took so far.
 */
export function etaMs(
  callsLeft: number,
  msPerCall: number,
  rate: RateLimitInfo | undefined,
  now = Date.now(),
): number {
  if (callsLeft <= 0) return 0;
  const measured = callsLeft * msPerCall;
  if (!rate || !(rate.limit > 0)) return measured;
  const inWindow = Math.max(0, rate.remaining);
  if (callsLeft <= inWindow) return measured;
  const untilReset = Math.max(0, rate.reset * 1000 - now);
  const windows = Math.ceil((callsLeft - inWindow) / rate.limit) - 1;
  return Math.max(measured, untilReset + windows * WINDOW_MS);
}

export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export interface Progress {
  update(state: ProgressState): void;
  /** A line of its own (plan, stop, summary), not lost under the bar. */
  log(line: string): void;
  stop(): void;
}

/** A bar (cli-progress) on a terminal; one plain line per page otherwise (logs, CI, pipes). */
export function createProgress(stream: NodeJS.WriteStream): Progress {
  const started = Date.now();
  let startCalls: number | undefined;
  const eta = (state: ProgressState): string => {
    startCalls ??= state.calls;
    const spent = state.calls - startCalls;
    const msPerCall = spent > 0 ? (Date.now() - started) / spent : 0;
    return formatDuration(etaMs(Math.max(0, state.plannedCalls - state.calls), msPerCall, state.rateLimit));
  };
  if (!stream.isTTY) {
    return {
      update: (state) =>
        stream.write(
          `[price-catalog] progress: ${plural(state.records, 'item')}, ${plural(state.pages, 'page')}, ${state.calls}/${plural(state.plannedCalls, 'call')} spent, ${state.leftToday} left today, ETA ${eta(state)}\n`,
        ),
      log: (line) => stream.write(`${line}\n`),
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format:
        '{bar} {value}/{total} calls | {records} items | {pages} pages | {leftToday} calls left today | ETA {etaText}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let running = false;
  return {
    update: (state) => {
      const payload = {
        records: state.records,
        pages: state.pages,
        leftToday: state.leftToday,
        etaText: eta(state),
      };
      if (!running) {
        bar.start(state.plannedCalls, state.calls, payload);
        running = true;
      } else {
        bar.setTotal(state.plannedCalls);
        bar.update(state.calls, payload);
      }
    },
    log: (line) => {
      if (running) bar.stop();
      running = false;
      stream.write(`${line}\n`);
    },
    stop: () => {
      if (running) bar.stop();
      running = false;
    },
  };
}

/** `n item(s)`: the plural only when n is not 1. */
function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
