/**
 * What the front door gives back: a Response, or the parts of one (a kept answer's status,
 * headers and bytes) that the Fetch handler makes a Response of and the node adapter writes to
 * the socket without one. Both come from the same parts, so both send the same bytes and headers.
 */

export interface Prepared {
  readonly status: number;
  /** Lowercase names, each once. */
  readonly headers: readonly (readonly [string, string])[];
  /** null: no body (a 304, a HEAD). */
  readonly body: Uint8Array | null;
  /** The headers are sorted by name already (as a Response's iterate). */
  readonly sorted?: boolean;
}

/** What the front door gives back: a Response, or the parts of one. */
export type Answer = Response | Prepared;

/** At once when nothing waits (a kept answer from an in-memory store), else a promise: no turn of the event loop for a hit. */
export type Maybe<T> = T | Promise<T>;

/** Whether a store answered with a promise (a round trip) rather than at once. */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | undefined)?.then === 'function';
}
