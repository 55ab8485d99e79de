import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { defineConfig, type Options } from 'tsup';

/**
 * The package's public entry points: `dist/<name>.js` (ESM), `dist/<name>.cjs` (CommonJS) and
 * their types `dist/<name>.d.ts` / `.d.cts`. Adding an entry is one line here plus its block in
 * package.json `exports` (or `bin`), e.g. `redis: 'src/redis/index.ts'` for `./redis`.
 */
export const ENTRIES: Record<string, string> = {
  index: 'src/index.ts',
  'testing/index': 'src/sandbox/index.ts',
  'testing/msw': 'src/sandbox/msw.ts',
  'testing/cli': 'src/sandbox/cli.ts',
  'redis/index': 'src/redis/index.ts',
  'server/index': 'src/server/index.ts',
  'file/index': 'src/file/index.ts',
  'query/index': 'src/query/index.ts',
};

/** Entries built on their own, for Node, with the libraries they need bundled in (below). */
const NODE_BUNDLED = new Set(['file/index']);
const shared = Object.fromEntries(Object.entries(ENTRIES).filter(([name]) => !NODE_BUNDLED.has(name)));

/**
 * Programs (package.json `bin`) built as one ESM file each, for Node: `dist/<name>.js`. Their
 * libraries (devDependencies: commander, cli-progress, csv-stringify) are inlined, so installing
 * the SDK installs none of them; the SDK's own code is bundled in too, so a program depends on
 * no file layout of dist/. Only the runtime dependency (zod) and optional peers stay imports.
 * Adding a program, or a library only it uses, is one line here (and one in devDependencies).
 */
export const PROGRAMS: Record<string, string> = {
  'cli/bin': 'src/cli/bin.ts',
};

/** Source that only a program uses: kept out of the per-file ESM build of the library. */
const PROGRAM_SOURCES = ['!src/cli/**'];

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
      /[\\/]src[\\/](redis|server|query|coordination)[\\/]/.test(args.importer)
        ? { path: '../index.cjs', external: true }
        : undefined,
    );
  },
};

/**
 * `price-catalog/file` bundles proper-lockfile and write-file-atomic (CommonJS devDependencies),
 * so that scripts need no extra install; its import of the main entry stays an import of the
 * built main entry of the same format (one copy of the error classes).
 */
const fileSharesMainEntry = (main: string): Plugin => ({
  name: 'file-shares-main-entry',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) =>
      /[\\/]src[\\/](file|coordination)[\\/]/.test(args.importer)
        ? { path: main, external: true }
        : undefined,
    );
  },
});

/**
 * For CommonJS libraries inlined into an ESM bundle: their `require` of Node's modules
 * (cli-progress, proper-lockfile) and write-file-atomic's `__filename` for its temp names.
 */
const NODE_ESM_BANNER = {
  js: [
    "import { createRequire as __pcRequire } from 'node:module';",
    "import { fileURLToPath as __pcPath } from 'node:url';",
    'const require = __pcRequire(import.meta.url);',
    'const __filename = __pcPath(import.meta.url);',
  ].join('\n'),
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

/**
 * The ESM build mirrors src/, so the sandbox's modules land in dist/sandbox/; its published
 * entries (package.json `./testing`, `./testing/msw`, the `price-catalog-sandbox` bin) are
 * dist/testing/*.js: one line each that loads the module from there (one copy of each module).
 */
function writeSandboxEntries(): void {
  const dir = new URL('./dist/testing/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL('index.js', dir), "export * from '../sandbox/index.js';\n");
  writeFileSync(new URL('msw.js', dir), "export * from '../sandbox/msw.js';\n");
  writeFileSync(new URL('cli.js', dir), "#!/usr/bin/env node\nimport '../sandbox/cli.js';\n", {
    mode: 0o755,
  });
}

// The two builds below run in parallel into one dist/: clean it once, before both (tsup's `clean`
// in either build could delete the other's files).
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

export default defineConfig([
  {
    // ESM: one output file per source file (not bundled), so a bundler drops every module a user
    // does not import (package.json `sideEffects: false`), as it does with the source.
    ...common,
    entry: ['src/**/*.ts', '!src/**/*.d.ts', ...PROGRAM_SOURCES, '!src/file/**'],
    format: ['esm'],
    bundle: false,
    outDir: 'dist',
    clean: false,
    dts: false,
    onSuccess: async () => writeSandboxEntries(),
  },
  {
    // CommonJS for `require`: one bundled file per entry (Node does not tree-shake).
    ...common,
    entry: shared,
    format: ['cjs'],
    bundle: true,
    splitting: false,
    treeshake: true,
    esbuildPlugins: [redisSharesMainEntry],
    outDir: 'dist',
    clean: false,
    dts: false,
  },
  {
    // The types of every entry, for both formats (`.d.ts` and `.d.cts`) from one declaration
    // build: one type-check of the sources instead of one per format.
    ...common,
    entry: ENTRIES,
    format: ['esm', 'cjs'],
    outDir: 'dist',
    clean: false,
    dts: { entry: ENTRIES, only: true },
  },
  {
    ...common,
    entry: PROGRAMS,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    bundle: true,
    splitting: false,
    treeshake: true,
    outDir: 'dist',
    clean: false,
    dts: false,
    banner: NODE_ESM_BANNER,
  },
  ...(['esm', 'cjs'] as const).map(
    (format): Options => ({
      // Node-only entries, bundled in each format with their libraries.
      ...common,
      entry: { 'file/index': 'src/file/index.ts' },
      format: [format],
      platform: 'node',
      bundle: true,
      splitting: false,
      treeshake: true,
      esbuildPlugins: [fileSharesMainEntry(format === 'esm' ? '../index.js' : '../index.cjs')],
      banner: format === 'esm' ? NODE_ESM_BANNER : {},
      outDir: 'dist',
      clean: false,
      dts: false,
    }),
  ),
]);
