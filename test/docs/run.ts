/**
 * Runs one block in its fresh project as the page says a reader runs it: a ```ts block as
 * `npx tsx <file>.ts`, a ```js block as `node <file>.mjs`, with the environment a shell has after
 * pasting the sandbox's `export` lines, and no other variable of the test's own.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Block } from './blocks.js';

export interface Outcome {
  /** The process's exit code; null when it was killed. */
  code: number | null;
  output: string;
  timedOut: boolean;
}

/** The file a block is written to in its project: `docs-pagination-md-6.ts`. */
export const fileOf = (block: Block): string =>
  `${block.file.replace(/[/.]/g, '-')}-${block.line}.${block.language === 'ts' ? 'ts' : 'mjs'}`;

const GUARD = pathToFileURL(new URL('./fetch-guard.mjs', import.meta.url).pathname).href;

export function runBlock(
  project: string,
  block: Block,
  environment: Record<string, string>,
  options: { origin: string; timeoutMs: number },
): Promise<Outcome> {
  const file = fileOf(block);
  writeFileSync(join(project, file), `${block.code}\n`);
  const tsx = join(project, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  if (block.language === 'ts' && !existsSync(tsx))
    return Promise.resolve({
      code: 127,
      output: 'npx tsx: tsx is not installed in the project (the page does not say `npm install -D tsx`)',
      timedOut: false,
    });
  const [command, args] = block.language === 'ts' ? [tsx, [file]] : [process.execPath, [file]];
  const shell = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SYSTEMROOT'].flatMap((name) =>
      process.env[name] === undefined ? [] : [[name, process.env[name] as string]],
    ),
  );
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: project,
      env: {
        ...shell,
        ...environment,
        NODE_OPTIONS: `--import=${GUARD}`,
        DOCS_BLOCK_ORIGIN: options.origin,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: tsx runs the block in a child, which a timeout kills too.
      detached: process.platform !== 'win32',
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (process.platform === 'win32' || child.pid === undefined) child.kill('SIGKILL');
      else process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output, timedOut });
    });
  });
}
