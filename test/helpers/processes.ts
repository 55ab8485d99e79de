import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { RecordedRequest } from '../../src/sandbox/index.js';
import { nodeBundle } from './node-bundle.js';
import type { WorkerConfig, WorkerResult } from './redis-worker.js';
import { go, whenReady } from './start-together.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// ioredis is left out: the bundle finds it in node_modules, as the sources do.
const workerBundle = () =>
  nodeBundle(new URL('./redis-worker.ts', import.meta.url), 'redis-worker', { external: ['ioredis'] });

/**
 * Runs `configs.length` worker processes at once (the bundled sources), starts their calls
 * together once all are loaded, and returns what each printed. A worker that fails or prints no
 * result rejects, with its stderr.
 */
export async function runWorkers(configs: WorkerConfig[], timeoutMs = 60_000): Promise<WorkerResult[]> {
  const bundle = await workerBundle();
  const children: ChildProcess[] = [];
  const results = configs.map(
    (config) =>
      new Promise<WorkerResult>((resolve, reject) => {
        const child = spawn(process.execPath, [bundle, JSON.stringify(config)], {
          cwd: root,
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        children.push(child);
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString();
        });
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('exit', (code) => {
          clearTimeout(timer);
          try {
            resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as WorkerResult);
          } catch {
            reject(new Error(`worker exited with ${code}: ${err.slice(-2000)}`));
          }
        });
      }),
  );
  for (const result of results) result.catch(() => undefined);
  await Promise.all(children.map(whenReady));
  go(children);
  return Promise.all(results);
}

/** Starting time for processes that take a while to load: `ms` from now. */
export function startIn(ms: number): number {
  return Date.now() + ms;
}

/**
 * The sandbox's rate windows as it counts them for one token: each starts at the first request
 * after the previous one ended. Returns the requests per window, in order.
 */
export function windows(requests: readonly RecordedRequest[], windowMs: number): number[] {
  const times = requests.map((r) => r.time).sort((a, b) => a - b);
  const counts: number[] = [];
  let start = Number.NEGATIVE_INFINITY;
  for (const time of times) {
    if (time >= start + windowMs) {
      start = time;
      counts.push(0);
    }
    counts[counts.length - 1] = (counts.at(-1) ?? 0) + 1;
  }
  return counts;
}
