import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The package tests import the built files: build once when `npm test` has not already. */
export default function setup(): void {
  if (!existsSync(new URL('../dist/index.js', import.meta.url))) {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
  }
}
