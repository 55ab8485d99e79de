// Profiling aid for goal 2 (not a goal, not shipped): two builds of the SDK against each other in
// one process, so that a change's effect on the per-call cost is not lost in the machine's drift
// (a bare fetch's time moves by 2x between runs on a shared machine; within one process, A and
// B see the same drift).
//
//   node bench/ab-builds.mjs <dist of A> <dist of B> [rounds]
//
// e.g. the committed build against the working tree's:
//   git worktree add /tmp/base HEAD && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npx tsup)
//   npm run build && node bench/ab-builds.mjs /tmp/base/dist dist
//
// Sequential `categories.skus(40, { per: 25 })` calls (validation on, cache off, as goal 2) against
// the loopback page server in a process of its own; rounds of ABBA / BAAB blocks of 100 calls.
// Prints the median of the rounds' B/A ratios in wall time and in this process's CPU time (which
// leaves out the server and time the machine gave to others), and every round.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientOptions, pageServerProcess } from './page-server.mjs';

const [distA, distB, roundsArg = '40'] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/ab-builds.mjs <dist of A> <dist of B> [rounds]');
  process.exit(2);
}
// The entry Node loads through the package's exports: dist/node.js (compiled answer checks), or
// index.js in builds older than it.
const load = (dist) =>
  import(pathToFileURL(resolve(dist, existsSync(resolve(dist, 'node.js')) ? 'node.js' : 'index.js')).href);
const [a, b] = [await load(distA), await load(distB)];
if (a === b) throw new Error('A and B are the same module: give two different directories');

const served = await pageServerProcess(1_000_000);
const options = clientOptions(served.baseUrl);
const [clientA, clientB] = [a.createClient(options), b.createClient(options)];
const callA = () => clientA.catalog.categories.skus(40, { per: 25 });
const callB = () => clientB.catalog.categories.skus(40, { per: 25 });

const HALF = 100;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** [wall ms, CPU ms] of HALF sequential calls. */
async function block(call) {
  const wall = performance.now();
  const cpu = cpuMs();
  for (let i = 0; i < HALF; i++) await call();
  return [performance.now() - wall, cpuMs() - cpu];
}

for (let i = 0; i < 400; i++) {
  await callA();
  await callB();
}
const wall = [];
const cpu = [];
const timesA = [];
const timesB = [];
for (let round = 0; round < Number(roundsArg); round++) {
  const [first, second] = round % 2 === 0 ? [callA, callB] : [callB, callA];
  const f1 = await block(first);
  const s1 = await block(second);
  const s2 = await block(second);
  const f2 = await block(first);
  const firstSum = [f1[0] + f2[0], f1[1] + f2[1]];
  const secondSum = [s1[0] + s2[0], s1[1] + s2[1]];
  const [sumA, sumB] = first === callA ? [firstSum, secondSum] : [secondSum, firstSum];
  wall.push(sumB[0] / sumA[0]);
  cpu.push(sumB[1] / sumA[1]);
  timesA.push((sumA[0] / (2 * HALF)) * 1000);
  timesB.push((sumB[0] / (2 * HALF)) * 1000);
}
const median = (values) => [...values].sort((x, y) => x - y)[values.length >> 1];
console.log(
  `B/A: wall ${median(wall).toFixed(3)}, CPU ${median(cpu).toFixed(3)} (one call: A ${median(timesA).toFixed(0)} us, B ${median(timesB).toFixed(0)} us; ${wall.length} rounds of ${2 * HALF} calls a side)`,
);
console.log(`every round, wall: ${wall.map((r) => r.toFixed(2)).join(' ')}`);
await served.close();
