// Profiling aid for goal 2 (not a goal, not shipped): sequential calls of one kind against a
// loopback node:http server of its own (in a child process) serving the sandbox's 25-SKU page,
// through the built SDK.
//
//   npm run build
//   node bench/profile-overhead.mjs sdk|sdk-off|bare [calls]            time per call
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-overhead.mjs sdk   CPU profile
//   node bench/profile-overhead.mjs sdk 1000 --alloc                     KB allocated per call
//
// `sdk`: validation on, cache off, limiter on (as goal 2); `sdk-off`: the same with validation
// off; `bare`: fetch + JSON.parse. `--alloc` samples every allocation (collected ones included)
// with the inspector's heap profiler and prints the total and the largest sites per call.
import inspector from 'node:inspector/promises';
import { createClient } from 'price-catalog';
import { ACCEPT, clientOptions, pageServerProcess } from './page-server.mjs';

const [mode = 'sdk', count = '3000'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const calls = Number(count);
const alloc = process.argv.includes('--alloc');

const served = await pageServerProcess(1_000_000);
const baseUrl = served.baseUrl;
const client = createClient({
  ...clientOptions(baseUrl),
  validation: mode === 'sdk-off' ? 'off' : 'strict',
});
const url = `${baseUrl}/categories/40/skus?per=25`;
const headers = { authorization: 'Bearer bench-token', accept: ACCEPT };
const call =
  mode === 'bare'
    ? async () => JSON.parse(await (await fetch(url, { headers })).text()).skus.length
    : async () => (await client.catalog.categories.skus(40, { per: 25 })).items.length;

for (let i = 0; i < 500; i++) await call();
const session = alloc ? new inspector.Session() : undefined;
if (session) {
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}
const start = performance.now();
for (let i = 0; i < calls; i++) await call();
console.log(`${mode}: ${(((performance.now() - start) / calls) * 1000).toFixed(0)} us a call`);
if (session) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const sites = new Map();
  const walk = (node) => {
    const { functionName, url: file, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${file.replace(/.*\/(node_modules|dist)\//, '$1/')}:${lineNumber}`;
    sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  const kb = (bytes) => (bytes / calls / 1024).toFixed(1);
  const total = [...sites.values()].reduce((a, b) => a + b, 0);
  console.log(`${kb(total)} KB allocated a call; largest sites:`);
  for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`${kb(bytes).padStart(7)} KB  ${site}`);
}
await served.close();
