#!/usr/bin/env node
import { main } from './program.js';

// Ctrl-C is handled by the exporter (it finishes the page in flight and saves its checkpoint);
// a listener on SIGINT replaces Node's default exit.
process.on('SIGINT', () => {});
main(process.argv, { stderr: process.stderr, signals: process }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`price-catalog: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
