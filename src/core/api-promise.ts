import type { RateLimitInfo } from './headers.js';

/** What `.withResponse()` gives: the parsed data, the raw Response and the rate-limit window. */
export interface ApiResponse<T> {
  data: T;
  response: Response;
  rateLimit: RateLimitInfo | undefined;
}

/**
 * The result of every SDK call: await it for the data, or call `.withResponse()` for the data
 * together with the HTTP response. The request starts when the method is called (a list's first
 * request one microtask later, so that a walk chained on it can choose the page size).
 */
export class APIPromise<T> implements PromiseLike<T> {
  constructor(protected readonly result: Promise<ApiResponse<T>>) {
    // The caller may consume only one of the two views; neither may raise an unhandled rejection.
    result.catch(ignore);
  }

  /** The data together with the Response and the parsed X-RateLimit-* headers. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.result;
  }

  // biome-ignore lint/suspicious/noThenProperty: this object is a promise on purpose.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    // Straight from the result, not through a promise of the data: one promise and one microtask
    // less for every `await` of a call.
    return this.result.then(
      onfulfilled ? (r) => onfulfilled(r.data) : (dataOf as (r: ApiResponse<T>) => R1),
      onrejected,
    );
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.result.then(dataOf).finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}

// Module functions rather than arrows made per call (every call builds an APIPromise).
function ignore(): void {}

function dataOf<T>(result: ApiResponse<T>): T {
  return result.data;
}
