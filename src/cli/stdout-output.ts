/** Where an export's records go: the output file, or stdout. */
export interface RecordsOutput {
  /** Writes `text` at byte offset `at`; returns its length in bytes. */
  append(text: string, at: number): number;
  close(): void;
}

/** `--out -` as the loop sees it: whether the reader went away, and the write error when another. */
export interface StdoutOutput extends RecordsOutput {
  readonly readerGone: boolean;
  readonly failure: Error | undefined;
}

/**
 * `--out -`: records to stdout (progress and messages stay on stderr). A reader that stops reading
 * (`| head`) closes the pipe: the write fails with EPIPE, as an `error` event. That ends the export
 * as the user asked, quietly; `onEnd` stops the page in flight, and nothing more is written.
 */
export function stdoutOutput(stdout: NodeJS.WritableStream, onEnd: () => void): StdoutOutput {
  let readerGone = false;
  let failure: Error | undefined;
  const onError = (error: NodeJS.ErrnoException): void => {
    if (readerGone || failure) return;
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') readerGone = true;
    else failure = error;
    onEnd();
  };
  stdout.on('error', onError);
  return {
    get readerGone() {
      return readerGone;
    },
    get failure() {
      return failure;
    },
    append(text) {
      if (!readerGone && !failure) stdout.write(text);
      return Buffer.byteLength(text);
    },
    close() {
      // A write still buffered may fail after this: the listener stays, ignoring it once ended.
      if (!readerGone && !failure) stdout.off('error', onError);
    },
  };
}
