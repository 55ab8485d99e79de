import { rmSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

/**
 * The package's public entry points: `dist/<name>.js` (ESM), `dist/<name>.cjs` (CommonJS) and
 * their types `dist/<name>.d.ts` / `.d.cts`. Adding an entry is one line here plus its block in
 * package.json `exports` (or `bin`), e.g. `redis: 'src/redis/index.ts'` for `./redis`.
 */
export const ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  'testing/index': 'src/testing/index.ts',
  'testing/msw': 'src/testing/msw.ts',
  'testing/cli': 'src/testing/cli.ts',
  'redis/index': 'src/redis/index.ts',
  'server/index': 'src/server/index.ts',
  'query/index': 'src/query/index.ts',
};

/**
 * `price-catalog/redis` imports the main entry's module for every runtime value (the error
 * classes). The ESM build keeps that import as written (one file per module); the CommonJS build
 * bundles each entry, so there the import is kept as a require of the built main entry: both
 * entry points share one copy of each class and `instanceof` holds across them.
 */
const redisSharesMainEntry: Plugin = {
  name: 'redis-shares-main-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) =>
      /[\\/]src[\\/](redis|server|query)[\\/]/.test(args.importer)
        ? { path: '../index.cjs', external: true }
        : undefined,
    );
  },
};

const common: Options = {
  target: 'es2022',
  platform: 'neutral',
  // Keep `node:http` as written: without the prefix browser bundlers try to resolve `http`.
  removeNodeProtocol: false,
  // Optional peers (msw for `price-catalog/testing/msw` only; ioredis loaded with a dynamic import
  // only when used) and Node's own modules.
  external: ['msw', /^msw\//, 'ioredis', /^@tanstack\//, /^node:/],
  sourcemap: false,
};

// The two builds below run in parallel into one dist/: clean it once, before both (tsup's `clean`
// in either build could delete the other's files).
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

export default defineConfig([
  {
    // ESM: one output file per source file (not bundled), so a bundler drops every module a user
    // does not import (package.json `sideEffects: false`), as it does with the source.
    ...common,
    entry: ['src/**/*.ts', '!src/**/*.d.ts'],
    format: ['esm'],
    bundle: false,
    outDir: 'dist',
    clean: false,
    dts: { entry: ENTRIES },
  },
  {
    // CommonJS for `require`: one bundled file per entry (Node does not tree-shake).
    ...common,
    entry: ENTRIES,
    format: ['cjs'],
    bundle: true,
    splitting: false,
    treeshake: true,
    esbuildPlugins: [redisSharesMainEntry],
    outDir: 'dist',
    clean: false,
    dts: { entry: ENTRIES },
  },
]);
