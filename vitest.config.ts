import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    reporters: ['default', ['json', { outputFile: '.vitest-results.json' }]],
  },
});
