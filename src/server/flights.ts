/**
 * The handler's calls in flight: identical GETs share one API call (by cache key), and work that
 * outlives its request (background revalidations, a call a browser stopped waiting for) is kept
 * so `idle()` can wait for it.
 */
import type { Fetched } from './fetch-api.js';

export class Flights {
  private readonly flights = new Map<string, Promise<Fetched>>();
  private readonly background = new Set<Promise<unknown>>();

  /** The call under `key` in flight, joined, or a new one from `run`. */
  shared(key: string, run: () => Promise<Fetched>): Promise<Fetched> {
    let flight = this.flights.get(key);
    if (!flight) {
      flight = run().finally(() => this.flights.delete(key));
      this.flights.set(key, flight);
    }
    return flight;
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
