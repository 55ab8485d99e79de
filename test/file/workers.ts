import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { nodeBundle } from '../helpers/node-bundle.js';
import { go, whenReady } from '../helpers/start-together.js';
import type { FileWorkerConfig, FileWorkerResult } from './worker.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// proper-lockfile and write-file-atomic are CommonJS, bundled in as the package's build does.
const workerBundle = () =>
  nodeBundle(new URL('./worker.ts', import.meta.url), 'file-worker', { commonJsDeps: true });

/**
 * Starts one worker; `result` resolves with what it printed last, `holding` once it holds a lock,
 * `ready` once it is loaded and waits for `startTogether` (holders never are).
 */
export async function startWorker(config: FileWorkerConfig, timeoutMs = 60_000) {
  const bundle = await workerBundle();
  const child: ChildProcess = spawn(process.execPath, [bundle, JSON.stringify(config)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let held: (at: number) => void = () => undefined;
  /** Resolves with the epoch ms the worker took its lock. */
  const holding = new Promise<number>((resolve) => {
    held = resolve;
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const at = /holding (\d+)\n/.exec(out);
    if (at) held(Number(at[1]));
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const result = new Promise<FileWorkerResult>((resolve, reject) => {
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as FileWorkerResult);
      } catch {
        reject(new Error(`worker exited with ${code ?? signal}: ${err.slice(-2000)}`));
      }
    });
  });
  result.catch(() => undefined);
  /** Resolves with the exit code (null when killed). */
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, result, holding, exited, ready: whenReady(child) };
}

/** Once every worker is loaded, starts them all at once. */
export async function startTogether(workers: readonly { child: ChildProcess; ready: Promise<void> }[]) {
  await Promise.all(workers.map((w) => w.ready));
  go(workers.map((w) => w.child));
}

export async function runWorkers(configs: FileWorkerConfig[]): Promise<FileWorkerResult[]> {
  const started = await Promise.all(configs.map((config) => startWorker(config)));
  await startTogether(started);
  return Promise.all(started.map((s) => s.result));
}
