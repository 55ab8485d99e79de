import { execFileSync } from 'node:child_process';
import { distIsCurrent } from '../scripts/dist-stamp.mjs';

/**
 * The package tests import the built files: build them when dist/ is missing or older than the
 * sources (the stamp `npm run build` writes), so a test never passes on an old build.
 */
export default function setup(): void {
  if (!distIsCurrent()) {
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url) });
  }
}
