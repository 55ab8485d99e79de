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
  private dataPromise: Promise<T> | undefined;

  constructor(protected readonly result: Promise<ApiResponse<T>>) {
    // The caller may consume only one of the two views; neither may raise an unhandled rejection.
    result.catch(() => {});
  }

  /** The data together with the Response and the parsed X-RateLimit-* headers. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.result;
  }

  private data(): Promise<T> {
    this.dataPromise ??= this.result.then((r) => r.data);
    return this.dataPromise;
  }

  // biome-ignore lint/suspicious/noThenProperty: this object is a promise on purpose.
  then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.data().then(onfulfilled, onrejected);
  }

  catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.data().catch(onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<T> {
    return this.data().finally(onfinally);
  }

  get [Symbol.toStringTag](): string {
    return 'APIPromise';
  }
}
