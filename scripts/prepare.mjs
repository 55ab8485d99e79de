#!/usr/bin/env node
// `npm ci` / `npm install` in a checkout, a git dependency's install and `npm pack` run this:
// builds dist/ unless it is already the build of the sources as they are, and says so in one
// line. The build's own log (hundreds of lines) is shown only when the build fails.
import { spawnSync } from 'node:child_process';
import { distIsCurrent } from './dist-stamp.mjs';

if (distIsCurrent()) process.exit(0);
const started = Date.now();
// npm runs this with npm_execpath set to its own CLI: use the same npm for the build.
const npm = process.env.npm_execpath;
const [command, args] = npm?.endsWith('.js')
  ? [process.execPath, [npm, 'run', 'build']]
  : [process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']];
const build = spawnSync(command, args, {
  cwd: new URL('..', import.meta.url),
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
  maxBuffer: 1 << 26,
  shell: process.platform === 'win32',
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
  console.error(
    `price-catalog: the build of dist/ failed (exit ${build.status ?? build.signal}): its log is above`,
  );
  process.exit(build.status || 1);
}
console.error(`price-catalog: built dist/ in ${Math.round((Date.now() - started) / 1000)} s`);
