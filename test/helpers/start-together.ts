import type { ChildProcess } from 'node:child_process';

/**
 * Worker processes of the many-processes tests start their calls together: each, once loaded,
 * prints `ready` and waits for one line on stdin; the test writes it to all of them once every one
 * is ready (no fixed delay that is too long at rest and may be too short on a loaded machine).
 */

/** In a worker: say ready, then wait for the test's go. */
export async function readyThenWait(): Promise<void> {
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  process.stdin.destroy();
}

/** In the test: resolves when the worker printed `ready` (or ended without it). */
export function whenReady(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/^ready$/m.test(out)) resolve();
    });
    child.on('exit', () => resolve());
  });
}

/** In the test: tells every worker to start (those that ended already are skipped). */
export function go(children: readonly ChildProcess[]): void {
  for (const child of children) {
    child.stdin?.on('error', () => undefined);
    if (child.exitCode === null && child.signalCode === null) child.stdin?.write('go\n');
  }
}
