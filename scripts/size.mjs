#!/usr/bin/env node
import { pathToFileURL } from 'node:url';
// Size of the client as a browser ESM build, minified and gzipped, measured from the built
// package (dist/): the whole client (every export), and a client made with one module.
// Prints JSON; with --check, fails when a figure is over its budget.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

// The budget is issue 6's goal: 30 KB for the whole client, 22 KB for a client made with one
// module (createClientWith, which leaves the other modules out of the bundle). Never raise it.
export const BUDGET = { whole: 30 * 1024, oneModule: 22 * 1024 };

export const ENTRIES = {
  whole: "export * from 'price-catalog';",
  oneModule: [
    "import { catalogModule, createClientWith } from 'price-catalog';",
    "const api = createClientWith({ catalog: catalogModule }, { baseUrl: 'https://api.example.com', token: 't' });",
    "api.catalog.search({ q: 'phone' }).then(console.log);",
  ].join('\n'),
};

/** The bundle of `contents` (JS importing 'price-catalog'): its text and its gzipped size in bytes. */
export async function bundle(contents) {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
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
  const sizes = {};
  for (const [name, contents] of Object.entries(ENTRIES)) sizes[name] = (await bundle(contents)).gzipped;
  console.log(JSON.stringify(sizes));

  if (process.argv.includes('--check')) {
    const over = Object.keys(BUDGET).filter((name) => sizes[name] > BUDGET[name]);
    for (const name of over) {
      console.error(
        `size budget: ${name} is ${sizes[name]} bytes min+gz, over its budget of ${BUDGET[name]}`,
      );
    }
    if (over.length > 0) process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
