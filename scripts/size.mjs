#!/usr/bin/env node
// Size of the client as a browser ESM build, minified and gzipped, measured from the built
// package (dist/): the whole client (every export), and a client made with one module.
// Prints JSON; with --check, fails when a figure is over its budget.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

// The budget is issue 6's goal: 30 KB for the whole client, 22 KB for a client made with one
// module (createClientWith, which leaves the other modules out of the bundle). Never raise it.
export const BUDGET = { whole: 30 * 1024, oneModule: 22 * 1024 };

const entries = {
  whole: "export * from 'price-catalog';",
  oneModule: [
    "import { catalogModule, createClientWith } from 'price-catalog';",
    "const api = createClientWith({ catalog: catalogModule }, { baseUrl: 'https://api.example.com', token: 't' });",
    "api.catalog.search({ q: 'phone' }).then(console.log);",
  ].join('\n'),
};

async function gzippedSize(contents) {
  const result = await build({
    stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'error',
  });
  return gzipSync(result.outputFiles[0].contents, { level: 9 }).length;
}

const sizes = {};
for (const [name, contents] of Object.entries(entries)) sizes[name] = await gzippedSize(contents);
console.log(JSON.stringify(sizes));

if (process.argv.includes('--check')) {
  const over = Object.keys(BUDGET).filter((name) => sizes[name] > BUDGET[name]);
  for (const name of over) {
    console.error(`size budget: ${name} is ${sizes[name]} bytes min+gz, over its budget of ${BUDGET[name]}`);
  }
  if (over.length > 0) process.exit(1);
}
