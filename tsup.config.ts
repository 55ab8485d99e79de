import { rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  'otel/index': 'src/otel/index.ts',
  'watch/index': 'src/watch/index.ts',
};

/** Entries built on their own, for Node, with the libraries they need bundled in (below). */
const NODE_BUNDLED = new Set(['file/index']);
const entriesWhere = (keep: (name: string) => boolean) =>
  Object.fromEntries(Object.entries(ENTRIES).filter(([name]) => !NODE_BUNDLED.has(name) && keep(name)));

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

/** Entries built together with the main one in CommonJS: the main entry and the sandbox's. */
const WITH_MAIN = new Set(['index', 'testing/index', 'testing/msw', 'testing/cli']);

const MAIN_SOURCE = fileURLToPath(new URL('./src/index.js', import.meta.url));
const ERRORS_SOURCE = fileURLToPath(new URL('./src/core/errors.js', import.meta.url));

/**
 * The other entries (`price-catalog/redis`, `/server`, `/query`, `/file`) take every runtime value
 * with an identity from the built main entry: their import of `src/index.ts`, and any import of
 * the error classes by code they bundle (src/internal and what it reaches), is kept as an import
 * of the main entry of the same format. One copy of each class: `instanceof` holds across entries.
 * The ESM build of the library keeps imports as written (one file per module), so needs none of it.
 */
const sharesMainEntry = (main: string): Plugin => ({
  name: 'shares-main-entry',
  setup(build) {
    build.onResolve({ filter: /(^\.\.\/index|\/errors)\.js$/ }, (args) => {
      const target = resolve(dirname(args.importer), args.path);
      return target === MAIN_SOURCE || target === ERRORS_SOURCE ? { path: main, external: true } : undefined;
    });
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
  external: ['msw', /^msw\//, 'ioredis', /^@tanstack\//, /^@opentelemetry\//, /^node:/],
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
    entry: ['src/**/*.ts', '!src/**/*.d.ts', ...PROGRAM_SOURCES, '!src/file/**', '!src/sandbox/**'],
    format: ['esm'],
    bundle: false,
    outDir: 'dist',
    clean: false,
    dts: false,
  },
  {
    // The sandbox the same way, where `price-catalog/testing` finds it: src/sandbox/x.ts is
    // dist/testing/x.js (at the same depth, so its imports of src/text still resolve).
    ...common,
    entry: ['src/sandbox/**/*.ts', '!src/sandbox/**/*.d.ts'],
    format: ['esm'],
    bundle: false,
    outDir: 'dist/testing',
    clean: false,
    dts: false,
  },
  ...[true, false].map(
    (withMain): Options => ({
      // CommonJS for `require`: one bundled file per entry (Node does not tree-shake); the other
      // entries apart, so that their imports of the main entry's classes stay imports.
      ...common,
      entry: entriesWhere((name) => WITH_MAIN.has(name) === withMain),
      format: ['cjs'],
      bundle: true,
      splitting: false,
      treeshake: true,
      esbuildPlugins: withMain ? [] : [sharesMainEntry('../index.cjs')],
      outDir: 'dist',
      clean: false,
      dts: false,
    }),
  ),
  {
    // The types of every entry, for both formats (`.d.ts` and `.d.cts`) from one declaration
    // build: one type-check of the sources instead of one per format.
    ...common,
    entry: ENTRIES,
    format: ['esm', 'cjs'],
    outDir: 'dist',
    clean: false,
    // `@internal` members and declarations stay out of the published types.
    dts: { entry: ENTRIES, only: true, compilerOptions: { stripInternal: true } },
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
      esbuildPlugins: [sharesMainEntry(format === 'esm' ? '../index.js' : '../index.cjs')],
      banner: format === 'esm' ? NODE_ESM_BANNER : {},
      outDir: 'dist',
      clean: false,
      dts: false,
    }),
  ),
]);
