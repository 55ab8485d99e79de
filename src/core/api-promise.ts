import type { RateLimitInfo } from './call/rate-limit.js';

/** What `.withResponse()` gives: the parsed data, the raw Response and the rate-limit window. */
export interface ApiResponse<T> {
  data: T;
  response: Response;
  rateLimit: RateLimitInfo | undefined;
}

/**
 * The result of every SDK call: await it for the data, or call `.withResponse()` for the data
 * together with the HTTP response. The request starts when the method is called (a list's first
 * request one microtask later, so that a walk chained on it can choose the page size). Like any
 * promise, a call that fails while nobody awaits it (or its `.withResponse()`) is an unhandled
 * rejection.
 */
export class APIPromise<T> implements PromiseLike<T> {
  constructor(protected readonly result: Promise<ApiResponse<T>>) {}

  /** The data together with the Response and the parsed X-RateLimit-* headers. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.result;
  }

  // biome-ignore lint/suspicious/noThenProperty: this object is a promise on purpose.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.result.then((r) => r.data).then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
