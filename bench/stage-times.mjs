// Profiling aid for goal 2 (not a goal, not shipped): where one SDK call's time goes, timed inside
// real calls. It copies the built `dist/` to a temporary directory, writes `performance.now()` at
// each stage boundary into the copy (the build itself is left alone), and makes sequential calls
// through the copy against a loopback node:http server (in a child process) serving the sandbox's
// 25-SKU page.
//
//   npm run build && node bench/stage-times.mjs [calls]
//
// Fails loudly when a boundary is not found in the build (the code moved: update MARKS).
//
// The last line is the SDK's own time: every stage but fetch and body, less the answer's
// JSON.parse (timed on its own, as a bare fetch pays it too), and that time as a multiple of the
// same run's JSON.parse. The multiple moves much less than the microseconds from run to run on a
// shared machine (both slow down together), so it compares builds measured at different times.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientOptions, pageServerProcess } from './page-server.mjs';

const calls = Number(process.argv[2] ?? 3000);
const at = (i) => `globalThis.__stage[${i}] = performance.now();`;
/** [file, text in the build, mark number, before (true) or after the text]. */
const MARKS = [
  ['core/http.js', '  request(spec) {', 1, false],
  [
    'core/http.js',
    'const token = this.config.tokens.peek?.() ?? await this.config.tokens.get(signal);',
    2,
    true,
  ],
  [
    'core/http.js',
    'const token = this.config.tokens.peek?.() ?? await this.config.tokens.get(signal);',
    3,
    false,
  ],
  ['core/retry.js', 'const acquired = config.limits.acquire(', 4, true],
  ['core/transport.js', 'const limit = isTimeLimit(timeout) ? new TimeLimit(', 5, true],
  ['core/transport.js', 'response = await fetchImpl(', 6, true],
  ['core/transport.js', 'const text = await response.text();', 7, false],
  ['core/http.js', 'const valid = validate(spec.schema, body, mode, endpoint, this.config.logger);', 8, true],
  [
    'core/http.js',
    'const valid = validate(spec.schema, body, mode, endpoint, this.config.logger);',
    9,
    false,
  ],
];
const NAMES = [
  'resource and list',
  'request: input, path, query',
  'token',
  'single flight, loop, authorize',
  'window and budget',
  'attempt timer and signal',
  'fetch and body',
  'parse, headers, window update, to finish',
  'validation',
  'Page, to the caller',
];

const dir = mkdtempSync(join(tmpdir(), 'price-catalog-stages-'));
try {
  cpSync(new URL('../dist/', import.meta.url), dir, { recursive: true });
  for (const [file, text, mark, before] of MARKS) {
    const path = join(dir, file);
    const source = readFileSync(path, 'utf8');
    const index = source.indexOf(text);
    if (index < 0) throw new Error(`stage mark ${mark}: "${text}" not found in dist/${file}`);
    const cut = before ? index : index + text.length;
    writeFileSync(
      path,
      `${source.slice(0, cut)}${before ? `${at(mark)}\n` : `\n${at(mark)}`}${source.slice(cut)}`,
    );
  }
  const transport = join(dir, 'core/transport.js');
  const parse = 'return JSON.parse(text);';
  const source = readFileSync(transport, 'utf8');
  if (!source.includes(parse)) throw new Error(`"${parse}" not found in dist/core/transport.js`);
  writeFileSync(
    transport,
    source.replace(
      parse,
      'const start = performance.now(); const body = JSON.parse(text); globalThis.__parse += performance.now() - start; return body;',
    ),
  );
  globalThis.__parse = 0;
  globalThis.__stage = new Float64Array(11);
  // The entry Node loads through the package's exports (dist/node.js: compiled answer checks).
  const { createClient } = await import(pathToFileURL(join(dir, 'node.js')).href);
  const served = await pageServerProcess(1_000_000);
  const client = createClient(clientOptions(served.baseUrl));
  const marks = globalThis.__stage;
  const sums = new Float64Array(10);
  for (let i = 0; i < 500; i++) await client.catalog.categories.skus(40, { per: 25 });
  globalThis.__parse = 0;
  for (let i = 0; i < calls; i++) {
    marks[0] = performance.now();
    await client.catalog.categories.skus(40, { per: 25 });
    marks[10] = performance.now();
    for (let k = 0; k < 10; k++) sums[k] += marks[k + 1] - marks[k];
  }
  for (let k = 0; k < 10; k++)
    console.log(`${((sums[k] / calls) * 1000).toFixed(1).padStart(7)} us  ${NAMES[k]}`);
  const parsed = globalThis.__parse / calls;
  let own = -parsed;
  for (let k = 0; k < 10; k++) if (NAMES[k] !== 'fetch and body') own += sums[k] / calls;
  console.log(
    `JSON.parse of the answer ${(parsed * 1000).toFixed(1)} us; the SDK's own time (all but fetch and body, less JSON.parse) ${(own * 1000).toFixed(1)} us = ${(own / parsed).toFixed(2)}x JSON.parse`,
  );
  await served.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
