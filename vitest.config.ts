import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The runtimes lane (Bun and Deno from the registry) runs on its own: vitest.runtimes.config.ts.
    exclude: ['test/runtimes/**', '**/node_modules/**'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    // Two files at a time at least: most of the slow files wait on child processes, servers and
    // Chromium, so on two cores a second worker overlaps those waits (vitest's default there is one).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // .ci/run names the JSON report of each run (one per Node version) with VITEST_JSON_REPORT.
    reporters: [
      'default',
      ['json', { outputFile: process.env.VITEST_JSON_REPORT ?? '.vitest-results.json' }],
    ],
  },
});
