#!/usr/bin/env node
import { main } from './program.js';

// Ctrl-C during an export is handled by the exporter (it finishes the page in flight and saves
// its checkpoint); before and after that, it ends the process as usual.
process.on('SIGINT', () => {
  if (process.listenerCount('SIGINT') === 1) process.exit(130);
});
main(process.argv, { stderr: process.stderr, signals: process }).then(
  (code) => {
    process.exitCode = code;
    // The output and checkpoint are flushed by now. A Redis client left reconnecting to a Redis
    // that is down (its QUIT unanswered) must not keep the command alive: once stderr has drained,
    // end after a short grace (an unref'd timer: a process with nothing left exits before it).
    // Records written to stdout (`--out -`) are flushed first.
    process.stdout.write('', () =>
      process.stderr.write('', () => setTimeout(() => process.exit(), 250).unref()),
    );
  },
  (error: unknown) => {
    process.stderr.write(`price-catalog: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
