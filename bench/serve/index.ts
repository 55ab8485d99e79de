/**
 * `npm run bench:serve`: a cached answer through `price-catalog/server` (the built package),
 * against a bare `node:http` server writing the same bytes and headers. Each server runs in a
 * child process of its own (one core); autocannon (50 connections) runs here, against each in
 * turns, three rounds, for a SKU answer and a 37 KB listing, with the handler in memory and on a
 * redis-server the bench starts (as bench:week does); then the figure of a miss answered from a
 * kept entry after the API's 304. One line per answer and store, side by side in one run:
 *
 *   serve: GET /skus/:id hit, handler H req/s, bare B req/s, ratio R, p99 P ms (memory)
 *   serve: GET /skus/:id hit, handler H req/s, bare B req/s, ratio R, p99 P ms (redis), redis: C commands per hit
 *
 * Commands per hit: Redis' own count of the commands it ran (INFO stats), every client's, during
 * the Redis runs, over the answers given.
 *
 * and the CPU each server's process spent per answer (bare / handler: the req/s ratio on a core of
 * its own, which holds still while other processes share the machine).
 *
 *   npm run bench:serve                 3 rounds of 5 s per server and answer
 *   npm run bench:serve -- --seconds 10 longer runs
 */
import { type ChildProcess, fork } from 'node:child_process';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { startRedisFor } from '../week/redis.js';
import type { Recorded } from './server.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' } },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const CONNECTIONS = 50;
const MOUNT = '/api/catalog';

const ANSWERS = [
  { name: 'GET /skus/:id', path: `${MOUNT}/skus/2119391` },
  { name: 'GET /categories/40/skus', path: `${MOUNT}/categories/40/skus` },
] as const;

/** Headers each server writes of its own accord: not part of the answer copied. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

function start(mode: 'api' | 'handler' | 'bare'): { child: ChildProcess; message: Promise<unknown> } {
  const child = fork(SERVER, [mode], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TSX_TSCONFIG_PATH: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return { child, message: new Promise((resolve) => child.once('message', resolve)) };
}

function record(port: number, path: string): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!OWN_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
        }
        resolve({
          path,
          status: res.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    }).on('error', reject);
  });
}

/** The CPU time, in µs, a server's process has used so far. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('cpu' in message)) return;
      child.off('message', listen);
      resolve((message as { cpu: number }).cpu);
    };
    child.on('message', listen);
    child.send('cpu');
  });
}

/** Goals of issue 50, side by side in one run. */
const GOALS = { memoryRatio: 0.75, redisRatio: 0.6, commandsPerHit: 0.05, p99Ms: 5 };

/** The commands Redis has run so far, every client's (INFO stats; the INFO itself counted out). */
async function commandsRun(redis: Redis): Promise<number> {
  const info = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? Number.NaN);
}

async function load(child: ChildProcess, port: number, path: string, seconds = SECONDS) {
  const before = await cpuOf(child);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpu = (await cpuOf(child)) - before;
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `bench:serve: ${path} on port ${port}: ${result.errors} errors, ${result.non2xx} answers not 2xx`,
    );
  }
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuPerAnswer: cpu / result.requests.total,
    answers: result.requests.total,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const redisServer = await startRedisFor('local');
const redisUrl = 'url' in redisServer.target ? redisServer.target.url : '';
const counter = new Redis(redisUrl);
const apiServer = start('api');
const handlerServer = start('handler');
const bareServer = start('bare');
try {
  const { apis } = (await apiServer.message) as { apis: object };
  handlerServer.child.send({ ...apis, redisUrl });
  const { ports } = (await new Promise((resolve) => handlerServer.child.once('message', resolve))) as {
    ports: { hits: number; revalidating: number; redis: number };
  };
  await bareServer.message;
  // Fetched once (the miss), then kept: what the bare server writes is the handler's hit.
  const recorded: Recorded[] = [];
  for (const answer of ANSWERS) {
    await record(ports.hits, answer.path);
    const hit = await record(ports.hits, answer.path);
    await record(ports.redis, answer.path);
    const onRedis = await record(ports.redis, answer.path);
    for (const got of [hit, onRedis]) {
      if (got.status !== 200 || got.headers['x-catalog-cache'] !== 'hit') {
        throw new Error(
          `bench:serve: ${answer.path} is not a hit (${got.status} ${got.headers['x-catalog-cache']})`,
        );
      }
    }
    recorded.push(hit);
  }
  bareServer.child.send(recorded);
  const { ports: bare } = (await new Promise((resolve) => bareServer.child.once('message', resolve))) as {
    ports: { bare: number };
  };
  const H = handlerServer.child;
  const B = bareServer.child;
  for (const answer of ANSWERS) {
    await load(H, ports.hits, answer.path, 2);
    await load(H, ports.redis, answer.path, 2);
    await load(B, bare.bare, answer.path, 2);
  }
  await record(ports.revalidating, ANSWERS[1].path);
  const handler = ANSWERS.map(() => ({ rps: [] as number[], p99: [] as number[], cpu: [] as number[] }));
  const onRedis = ANSWERS.map(() => ({ rps: [] as number[], p99: [] as number[], commands: 0, answers: 0 }));
  const bareRuns = ANSWERS.map(() => ({ rps: [] as number[], p99: [] as number[], cpu: [] as number[] }));
  const revalidated = { rps: [] as number[], p99: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, answer] of ANSWERS.entries()) {
      const measured = await load(H, ports.hits, answer.path);
      handler[i]?.rps.push(measured.rps);
      handler[i]?.p99.push(measured.p99);
      handler[i]?.cpu.push(measured.cpuPerAnswer);
      const before = await commandsRun(counter);
      const shared = await load(H, ports.redis, answer.path);
      const run = onRedis[i] as (typeof onRedis)[number];
      run.commands += (await commandsRun(counter)) - before - 1;
      run.answers += shared.answers;
      run.rps.push(shared.rps);
      run.p99.push(shared.p99);
      const plain = await load(B, bare.bare, answer.path);
      bareRuns[i]?.rps.push(plain.rps);
      bareRuns[i]?.p99.push(plain.p99);
      bareRuns[i]?.cpu.push(plain.cpuPerAnswer);
    }
    const miss = await load(H, ports.revalidating, ANSWERS[1].path);
    revalidated.rps.push(miss.rps);
    revalidated.p99.push(miss.p99);
  }
  const verdict = (ok: boolean) => (ok ? 'pass' : 'short');
  for (const [i, answer] of ANSWERS.entries()) {
    const b = median(bareRuns[i]?.rps ?? []);
    const h = median(handler[i]?.rps ?? []);
    const p99 = median(handler[i]?.p99 ?? []);
    console.log(
      `serve: ${answer.name} hit, handler ${Math.round(h)} req/s, bare ${Math.round(b)} req/s, ratio ${(h / b).toFixed(2)}, p99 ${p99} ms (memory) ${verdict(h / b >= GOALS.memoryRatio && p99 < GOALS.p99Ms)} (goal ratio >= ${GOALS.memoryRatio}, p99 < ${GOALS.p99Ms} ms)`,
    );
    // Bare Node's own p99 and mean wait (Little's law: N connections at X answers/s wait N / X on
    // average): what this machine allows any server writing these bytes.
    console.log(
      `serve: ${answer.name} hit, bare p99 ${median(bareRuns[i]?.p99 ?? [])} ms, mean wait at bare's rate ${((1000 * CONNECTIONS) / b).toFixed(1)} ms (${CONNECTIONS} connections / ${Math.round(b)} req/s)`,
    );
    const run = onRedis[i] as (typeof onRedis)[number];
    const r = median(run.rps);
    const rp99 = median(run.p99);
    const perHit = run.commands / run.answers;
    console.log(
      `serve: ${answer.name} hit, handler ${Math.round(r)} req/s, bare ${Math.round(b)} req/s, ratio ${(r / b).toFixed(2)}, p99 ${rp99} ms (redis), redis: ${perHit.toFixed(4)} commands per hit ${verdict(r / b >= GOALS.redisRatio && rp99 < GOALS.p99Ms && perHit <= GOALS.commandsPerHit)} (goal ratio >= ${GOALS.redisRatio}, p99 < ${GOALS.p99Ms} ms, <= ${GOALS.commandsPerHit} commands per hit)`,
    );
  }
  // CPU per answer holds still on a shared machine where req/s follow what other processes leave.
  for (const [i, answer] of ANSWERS.entries()) {
    const h = median(handler[i]?.cpu ?? []);
    const b = median(bareRuns[i]?.cpu ?? []);
    console.log(
      `serve: ${answer.name} hit, cpu per answer: handler ${Math.round(h)} us, bare ${Math.round(b)} us, ratio ${(b / h).toFixed(2)}`,
    );
  }
  console.log(
    `serve: ${ANSWERS[1].name} miss revalidated (304 upstream), handler ${Math.round(median(revalidated.rps))} req/s, p99 ${median(revalidated.p99)} ms`,
  );
} finally {
  apiServer.child.kill();
  handlerServer.child.kill();
  bareServer.child.kill();
  counter.disconnect();
  await redisServer.stop();
}
