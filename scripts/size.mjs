#!/usr/bin/env node
// Size of the client as a user's browser bundle, measured from the package AS PUBLISHED: the
// built dist/ is packed (`npm pack`), the tarball installed in a directory outside the repository
// (under os.tmpdir()), and esbuild bundles from there through the package's `exports`
// (browser platform, ESM, minified), gzipped: the whole client (`createClient` + one call) and a
// client made with one module (`createClientWith({ catalog: catalogModule })` + one call).
// Prints JSON (bytes); with --check, fails when a figure is over its budget. Needs a built dist/
// (`npm run size` builds first).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Bounds, from the packed tarball: the whole client within openai-node's whole client (35.1 KB
// min+gz, which validates nothing), a client of one module within 26 KB.
export const GOAL = { whole: 35 * 1024, oneModule: 26 * 1024 };
// What --check and the tests hold the bundles to: the goals themselves.
export const BUDGET = GOAL;

export const ENTRIES = {
  whole: [
    "import { createClient } from 'price-catalog';",
    "const api = createClient({ baseUrl: 'https://api.example.com', token: 't' });",
    "api.catalog.search({ q: 'phone' }).then(console.log);",
  ].join('\n'),
  oneModule: [
    "import { catalogModule, createClientWith } from 'price-catalog';",
    "const api = createClientWith({ catalog: catalogModule }, { baseUrl: 'https://api.example.com', token: 't' });",
    "api.catalog.search({ q: 'phone' }).then(console.log);",
  ].join('\n'),
};

// `price-catalog/query` (issue 27) adds at most 2 KB min+gz to a bundle of the whole client.
ENTRIES.withQuery = [
  ENTRIES.whole,
  "import { catalogQueries } from 'price-catalog/query';",
  'const q = catalogQueries(api);',
  'console.log(q.catalog.categories.get(40), q.favorites.create.mutation());',
].join('\n');
export const QUERY_ADDS_BUDGET = 2 * 1024;

// `price-catalog/watch` (issue 53), for Node backends: what it adds over the whole client.
ENTRIES.withWatch = [
  ENTRIES.whole,
  "import { createPriceWatch } from 'price-catalog/watch';",
  'createPriceWatch({ client: api, share: { calls: 10 } }).start();',
].join('\n');
export const WATCH_ADDS_BUDGET = 5 * 1024;

/** Runs npm with the repository's npm (npm_execpath when run by npm, else `npm` on PATH). */
function npm(args, cwd) {
  const execPath = process.env.npm_execpath;
  const [command, prefix] =
    execPath && /npm-cli\.js$/.test(execPath) ? [process.execPath, [execPath]] : ['npm', []];
  return execFileSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
  });
}

/**
 * Packs the repository's dist/ (as `npm publish` would) and installs the tarball, with its
 * dependencies, into a directory under os.tmpdir(); returns that directory and the tarball's size.
 * The directory is named after the tarball's hash, so callers in one run (the size check, the
 * browser test, the modules test) share one install; a changed build gets a new one.
 */
export function installPacked() {
  if (!existsSync(join(ROOT, 'dist', 'index.js')))
    throw new Error('dist/ is not built: run `npx tsup` first');
  const work = mkdtempSync(join(tmpdir(), 'price-catalog-pack-'));
  try {
    const [packed] = JSON.parse(
      npm(['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT),
    );
    const tarball = join(work, packed.filename);
    const hash = createHash('sha256').update(readFileSync(tarball)).digest('hex').slice(0, 16);
    const dir = join(tmpdir(), `price-catalog-packed-${hash}`);
    const info = {
      dir,
      packedBytes: packed.size,
      unpackedBytes: packed.unpackedSize,
      files: packed.entryCount,
    };
    if (existsSync(join(dir, 'node_modules', 'price-catalog', 'package.json'))) return info;
    const staging = join(work, 'app');
    mkdirSync(staging);
    writeFileSync(
      join(staging, 'package.json'),
      JSON.stringify({ name: 'size-app', private: true, type: 'module' }),
    );
    npm(
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--prefer-offline',
        '--no-package-lock',
        tarball,
      ],
      staging,
    );
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another process installed the same tarball first: use its directory.
      if (!existsSync(join(dir, 'node_modules', 'price-catalog', 'package.json'))) throw error;
    }
    return info;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The browser bundle of `contents` (JS importing 'price-catalog'), resolved from `resolveDir` (a
 * directory where the package is installed, e.g. `installPacked().dir`): its text and its
 * gzipped size in bytes.
 */
export async function bundle(contents, resolveDir) {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'error',
  });
  const output = result.outputFiles[0];
  return { text: output.text, gzipped: gzipSync(output.contents, { level: 9 }).length };
}

async function main() {
  const { dir, packedBytes, unpackedBytes, files } = installPacked();
  const sizes = {};
  for (const [name, contents] of Object.entries(ENTRIES)) sizes[name] = (await bundle(contents, dir)).gzipped;
  sizes.queryAdds = sizes.withQuery - sizes.whole;
  sizes.watchAdds = sizes.withWatch - sizes.whole;
  console.log(JSON.stringify({ ...sizes, packed: packedBytes, unpacked: unpackedBytes, files }));

  if (process.argv.includes('--check')) {
    const over = Object.keys(BUDGET).filter((name) => sizes[name] > BUDGET[name]);
    for (const name of over) {
      console.error(
        `size budget: ${name} is ${sizes[name]} bytes min+gz, over its budget of ${BUDGET[name]}`,
      );
    }
    if (sizes.queryAdds > QUERY_ADDS_BUDGET) {
      over.push('queryAdds');
      console.error(
        `size budget: price-catalog/query adds ${sizes.queryAdds} bytes min+gz, over ${QUERY_ADDS_BUDGET}`,
      );
    }
    if (sizes.watchAdds > WATCH_ADDS_BUDGET) {
      over.push('watchAdds');
      console.error(
        `size budget: price-catalog/watch adds ${sizes.watchAdds} bytes min+gz, over ${WATCH_ADDS_BUDGET}`,
      );
    }
    if (over.length > 0) process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
