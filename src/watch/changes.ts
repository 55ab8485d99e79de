import type { PriceChange } from './types.js';

/** Changes an iterator keeps for a slow reader; past it the oldest go (memory stays bounded). */
const MAX_QUEUED = 10_000;

/** The watch's changes to its listeners and iterators, and its errors to theirs. */
export class ChangeFeed {
  private readonly listeners = new Set<(change: PriceChange) => void>();
  private readonly errorListeners = new Set<(error: unknown) => void>();

  /** A listener that throws is reported to the error listeners; the others still hear the change. */
  emit(change: PriceChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.fail(error);
      }
    }
  }

  fail(error: unknown): void {
    for (const listener of this.errorListeners) listener(error);
  }

  onChange(listener: (change: PriceChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onError(listener: (error: unknown) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  /** Every change from now on, until `signal` aborts or the iterator is returned. */
  iterate(signal?: AbortSignal): AsyncIterableIterator<PriceChange> {
    const queue: PriceChange[] = [];
    let wake: (() => void) | undefined;
    let done = signal?.aborted ?? false;
    const stop = (): void => {
      done = true;
      unsubscribe();
      wake?.();
    };
    const unsubscribe = this.onChange((change) => {
      queue.push(change);
      if (queue.length > MAX_QUEUED) queue.shift();
      wake?.();
    });
    signal?.addEventListener('abort', stop, { once: true });
    if (done) unsubscribe();
    const iterator: AsyncIterableIterator<PriceChange> = {
      async next() {
        while (queue.length === 0 && !done) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        const change = queue.shift();
        return change ? { value: change, done: false } : { value: undefined, done: true };
      },
      async return() {
        stop();
        signal?.removeEventListener('abort', stop);
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return iterator;
      },
    };
    return iterator;
  }
}
