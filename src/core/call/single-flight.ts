/**
 * Identical GETs in flight (same URL, version, principal and ETag) share one request. A caller
 * that aborts leaves alone; the request itself is aborted once every caller has left.
 */
import { abortable } from './signal.js';

interface Flight<T> {
  promise: Promise<T>;
  /** Present when the leader can abort: aborted once every caller has left. */
  controller: AbortController | undefined;
  callers: number;
}

export class SingleFlight<T> {
  private readonly flights = new Map<string, Flight<T>>();

  /**
   * Joins the flight under `key`, or starts it with `start` (given the signal the request should
   * follow). `leader`: this caller started it.
   */
  join(
    key: string,
    signal: AbortSignal | undefined,
    start: (signal: AbortSignal | undefined) => Promise<T>,
  ): { result: Promise<T>; leader: boolean } {
    let flight = this.flights.get(key);
    // A flight every caller has left is being aborted: it is no one's to join.
    if (flight?.controller?.signal.aborted) flight = undefined;
    let leader = false;
    if (!flight) {
      leader = true;
      const controller = signal ? new AbortController() : undefined;
      const started: Flight<T> = { promise: start(controller?.signal), controller, callers: 0 };
      flight = started;
      this.flights.set(key, started);
      const done = (): void => {
        if (this.flights.get(key) === started) this.flights.delete(key);
      };
      started.promise.then(done, done);
    }
    return { result: this.follow(flight, signal), leader };
  }

  private follow(flight: Flight<T>, signal: AbortSignal | undefined): Promise<T> {
    const { controller } = flight;
    if (!controller) return abortable(flight.promise, signal);
    flight.callers++;
    if (!signal) {
      // A caller that cannot abort keeps the flight going.
      flight.callers = Number.POSITIVE_INFINITY;
      return flight.promise;
    }
    const onAbort = (): void => {
      if (--flight.callers <= 0) controller.abort(signal.reason);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    const mine = abortable(flight.promise, signal);
    const leave = (): void => signal.removeEventListener('abort', onAbort);
    mine.then(leave, leave);
    return mine;
  }
}
