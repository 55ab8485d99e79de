import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach } from 'vitest';
import type { Sandbox, SandboxServer } from '../../src/sandbox/index.js';
import { COMMONJS_BANNER } from '../helpers/node-bundle.js';

/**
 * Running `price-catalog export` in a child process (as a user runs it) against the sandbox's HTTP
 * server in the test's process, which counts every request it gets. Call `useCli()` at the top of
 * a test file: it registers the clean-up of children and temporary directories.
 */
const SOURCE = fileURLToPath(new URL('../../src/cli/bin.ts', import.meta.url));

const children = new Set<ChildProcess>();
const dirs: string[] = [];

export function useCli(): void {
  afterEach(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    children.clear();
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
}

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'price-catalog-export-'));
  dirs.push(dir);
  return dir;
}

/**
 * The CLI's source, bundled with esbuild (as tsup does) so that each child starts in a fraction of
 * a second instead of transpiling through tsx. `external` modules stay imports of the bundle,
 * which lives in a temporary directory with no node_modules: there they cannot be found (a user
 * without the optional peer ioredis).
 */
export async function bundleCli(external: string[] = []): Promise<string> {
  const { build } = await import('esbuild');
  const bin = join(tempDir(), 'price-catalog.mjs');
  await build({
    entryPoints: [SOURCE],
    outfile: bin,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    external,
    // commander, cli-progress, ioredis, proper-lockfile and write-file-atomic are CommonJS.
    banner: COMMONJS_BANNER,
  });
  return bin;
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface Env {
  server: SandboxServer;
  sandbox: Sandbox;
  stateDir: string;
  extra?: Record<string, string>;
}

/** Runs the CLI `bin`; `onStderr` sees the stderr so far and may signal the child. */
export function run(
  bin: string,
  args: string[],
  env: Env,
  onStderr?: (text: string, child: ChildProcess) => void,
): Promise<Run> {
  const child = spawn(process.execPath, [bin, 'export', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PRICE_CATALOG_BASE_URL: env.server.baseUrl,
      PRICE_CATALOG_AUTH_URL: env.server.authUrl,
      PRICE_CATALOG_CLIENT_ID: env.sandbox.clientId,
      PRICE_CATALOG_CLIENT_SECRET: env.sandbox.clientSecret,
      PRICE_CATALOG_STATE_DIR: env.stateDir,
      ...env.extra,
    },
  });
  children.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    onStderr?.(stderr, child);
  });
  return new Promise((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the CLI and counts the API calls the sandbox received meanwhile. */
export async function counted(
  bin: string,
  sandbox: Sandbox,
  args: string[],
  env: Env,
  onStderr?: (text: string, child: ChildProcess) => void,
): Promise<Run & { calls: number }> {
  const before = sandbox.apiCalls().length;
  const result = await run(bin, args, env, onStderr);
  return { ...result, calls: sandbox.apiCalls().length - before };
}

/** Pages written so far, from the plain progress lines on stderr. */
export function progressPages(stderr: string): number {
  const pages = [...stderr.matchAll(/progress: \d+ items?, (\d+) pages?/g)].map((m) => Number(m[1]));
  return pages.at(-1) ?? 0;
}

/** Calls the job has spent, from the last plain progress line (0 before the first page). */
export function progressCalls(stderr: string): number {
  const calls = [...stderr.matchAll(/pages?, (\d+)\/\d+ calls? spent/g)].map((m) => Number(m[1]));
  return calls.at(-1) ?? 0;
}

/**
 * How many SKUs the sandbox lists in a category (`meta.pagination.total_results`), asked in
 * process: the figures a test expects follow the sandbox's data rather than being typed in.
 */
export async function sandboxSkuCount(sandbox: Sandbox, category: number, query = ''): Promise<number> {
  const response = await sandbox.fetch(`${sandbox.baseUrl}/categories/${category}/skus?per=1${query}`, {
    headers: {
      authorization: `Bearer ${sandbox.issueToken()}`,
      accept: 'application/vnd.skroutz+json; version=3.1',
    },
  });
  const body = (await response.json()) as { meta: { pagination: { total_results: number } } };
  return body.meta.pagination.total_results;
}
