#!/usr/bin/env node
import { printError } from './cli-error.js';
import { main } from './program.js';

// Ctrl-C during an export is handled by the exporter (it finishes the page in flight and saves
// its checkpoint); before and after that, it ends the process as usual.
process.on('SIGINT', () => {
  if (process.listenerCount('SIGINT') === 1) process.exit(130);
});
// A reader that closed its end (`price-catalog export --out - | head`, `--help | head -1`) wants
// no more: that is not an error. The exporter stops on it; anything written after is dropped.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});
main(process.argv, { stderr: process.stderr, signals: process }).then(
  (code) => {
    process.exitCode = code;
    // The output and checkpoint are flushed by now. A Redis client left reconnecting to a Redis
    // that is down (its QUIT unanswered) must not keep the command alive: once stderr has drained,
    // end after a short grace (an unref'd timer: a process with nothing left exits before it).
    // Records written to stdout (`--out -`) are flushed first.
    const end = (): void => {
      process.stderr.write('', () => setTimeout(() => process.exit(), 250).unref());
    };
    if (process.stdout.writable) process.stdout.write('', end);
    else end();
  },
  (error: unknown) => {
    printError(process.stderr, error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
