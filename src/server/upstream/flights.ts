/**
 * The handler's calls in flight: identical GETs share one API call (by cache key), charged to
 * the visitor who starts it (the others join free), and work that outlives its request
 * (background revalidations, a call a browser stopped waiting for) is kept so `idle()` can wait
 * for it.
 */

import type { Charge } from '../visitors/visitors.js';
import type { Fetched } from './fetch-api.js';

export class Flights {
  /** undefined: the visitor who would have started the call had no share left; it never started. */
  private readonly flights = new Map<string, Promise<Fetched | undefined>>();
  private readonly background = new Set<Promise<unknown>>();

  /**
   * The call under `key` in flight, joined free; else `charge`d and started, or the refusal when
   * the visitor's share is spent. Claimed at once, so visitors arriving together are charged once.
   */
  charged(key: string, charge: Charge, run: () => Promise<Fetched>): Promise<Fetched | Response> {
    const flight = this.flights.get(key);
    // A flight whose visitor was refused did not call: the next visitor tries with their own share.
    if (flight) return flight.then((fetched) => fetched ?? this.charged(key, charge, run));
    let refused: Response | undefined;
    const started = (async () => {
      refused = await charge();
      return refused ? undefined : run();
    })().finally(() => {
      if (this.flights.get(key) === started) this.flights.delete(key);
    });
    this.flights.set(key, started);
    return started.then((fetched) => fetched ?? (refused as Response));
  }

  has(key: string): boolean {
    return this.flights.has(key);
  }

  /** Keeps `work` until it ends, failures swallowed: no request waits for it. */
  keep(work: Promise<unknown>): void {
    const done = work.catch(() => undefined);
    this.background.add(done);
    void done.finally(() => this.background.delete(done));
  }

  /** Resolves once everything kept so far (and anything it kept meanwhile) has ended. */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }
}
