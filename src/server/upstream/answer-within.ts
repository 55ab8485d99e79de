/**
 * A browser waits for the API at most `ms`: past it the request is answered without the call's
 * result (stale or 503), and the call goes on in the background to fill the cache.
 */
import type { Flights } from './flights.js';

export async function within<T>(work: Promise<T>, ms: number, flights: Flights): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    const first = await Promise.race([work, late]);
    if (first === undefined) flights.keep(work);
    return first;
  } finally {
    clearTimeout(timer);
  }
}
