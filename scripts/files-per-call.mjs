/**
 * How many files of src/ one call passes through: `npx tsx scripts/files-per-call.mjs`.
 *
 * V8 precise coverage (function call counts) around one uncached GET against the in-process
 * sandbox (`api.catalog.categories.get(40)`), after a first call has loaded every module and
 * obtained the application token. Counted: files of src/ (the sandbox excluded: it plays the
 * server) with at least one function run during the call; module loading is not counted.
 * `--list` prints the files, `--functions` the functions run in each.
 */
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';

const root = new URL('../src/', import.meta.url).href;
const session = new Session();
session.connect();
await session.post('Profiler.enable');
// Before the SDK loads, so that every function of it counts its calls.
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

const { createClient } = await import('../src/index.ts');
const { createSandbox } = await import('../src/sandbox/index.ts');

const sandbox = createSandbox();
const api = createClient({
  baseUrl: sandbox.baseUrl,
  authUrl: sandbox.authUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  fetch: sandbox.fetch,
});
// Warm-up: the token, and every lazily made part of the client.
await api.catalog.categories.root();

// Taking the coverage resets the counts: what the next take reports is the call alone.
await session.post('Profiler.takePreciseCoverage');
await api.catalog.categories.get(40);
const { result } = await session.post('Profiler.takePreciseCoverage');
await session.post('Profiler.stopPreciseCoverage');
session.disconnect();

const ran = (fn) => fn.ranges[0] !== undefined && fn.ranges[0].count > 0;
const files = result
  .filter((script) => script.url.startsWith(root) && !script.url.startsWith(`${root}sandbox/`))
  .filter((script) => script.functions.some(ran))
  .map((script) => ({
    file: fileURLToPath(script.url).slice(fileURLToPath(root).length - 'src/'.length),
    functions: [...new Set(script.functions.filter(ran).map((fn) => fn.functionName || '(anonymous)'))],
  }))
  .sort((a, b) => a.file.localeCompare(b.file));

console.log(`files of src/ (without src/sandbox) one uncached GET runs code in: ${files.length}`);
const functions = process.argv.includes('--functions');
if (functions || process.argv.includes('--list'))
  for (const { file, functions: names } of files)
    console.log(`  ${file}${functions ? `: ${names.join(', ')}` : ''}`);
