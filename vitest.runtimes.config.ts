import { defineConfig } from 'vitest/config';

/**
 * The runtimes lane (test/runtimes/): the packed package in Node, Bun and Deno, and the
 * repository installed into a fresh project as README's Install section says. Run by .ci/run.
 */
export default defineConfig({
  test: {
    include: ['test/runtimes/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 150_000,
    reporters: [
      'default',
      ['json', { outputFile: process.env.VITEST_JSON_REPORT ?? '.vitest-results-runtimes.json' }],
    ],
  },
});
