import type { Plugin } from 'esbuild';
import { defineConfig } from 'tsup';

/**
 * `price-catalog/redis` imports the main entry's module for every runtime value (the error
 * classes): kept as an import of the built main entry, in the same format, so both entry points
 * share one copy of each class and `instanceof` holds across them.
 */
const redisSharesMainEntry: Plugin = {
  name: 'redis-shares-main-entry',
  setup(build) {
    // tsup builds CJS as ESM turned into CJS afterwards: the output extension tells the format.
    const main = build.initialOptions.outExtension?.['.js'] === '.cjs' ? '../index.cjs' : '../index.js';
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) =>
      /[\\/]src[\\/]redis[\\/]/.test(args.importer) ? { path: main, external: true } : undefined,
    );
  },
};

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    'testing/index': 'src/testing/index.ts',
    'testing/cli': 'src/testing/cli.ts',
    'redis/index': 'src/redis/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
  splitting: false,
  treeshake: true,
  external: ['msw', 'msw/node', 'node:http', 'node:crypto', 'ioredis'],
  esbuildPlugins: [redisSharesMainEntry],
});
