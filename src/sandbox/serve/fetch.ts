import { abortReason } from '../clock.js';

/** What a real fetch rejects with when the peer resets the connection (undici's shape). */
export function connectionResetError(): TypeError {
  return new TypeError('fetch failed', {
    cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
  });
}

/**
 * A fetch over the sandbox's handler. Like fetch it rejects when the signal aborts (before or
 * while the answer is pending); unlike a browser it never follows redirects: a 3xx comes back as
 * is, whatever `redirect` says, so a client's own redirect handling is what gets tested.
 */
export function createSandboxFetch(handle: (request: Request) => Promise<Response>) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    if (signal?.aborted) throw abortReason(signal);
    // A Request passed on its own is used as it is: copying it would tie a new AbortSignal to its
    // signal, which Node keeps until a later GC runs a finalizer (memory grows in long runs).
    const request =
      input instanceof Request && (init === undefined || Object.keys(init).length === 0)
        ? input
        : new Request(input, init);
    const pending = handle(request);
    const response = signal
      ? await new Promise<Response>((resolve, reject) => {
          const onAbort = (): void => reject(abortReason(signal));
          signal.addEventListener('abort', onAbort, { once: true });
          pending.then(
            (value) => {
              signal.removeEventListener('abort', onAbort);
              resolve(value);
            },
            (error: unknown) => {
              signal.removeEventListener('abort', onAbort);
              reject(error);
            },
          );
        })
      : await pending;
    if (response.type === 'error') throw connectionResetError();
    return response;
  };
}
