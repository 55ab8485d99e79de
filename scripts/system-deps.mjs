#!/usr/bin/env node
// Makes sure the system programs the tests need are installed: `node scripts/system-deps.mjs
// [name ...]` (default: all of them). A missing one is installed with apt-get where this runs as
// root with apt (as on CI); otherwise it stops with a message naming what to install. Never a
// silent skip: a test that needs a real server must run against one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** What the tests run, and the Debian package that brings it. */
export const SYSTEM_DEPS = {
  'redis-server': { binary: 'redis-server', debian: 'redis-server', why: 'the price-catalog/redis tests' },
  'redis-cli': {
    binary: 'redis-cli',
    debian: 'redis-tools',
    why: 'the Redis Cluster tests (redis-cli --cluster create)',
  },
  chromium: { binary: 'chromium', debian: 'chromium', why: 'the browser test' },
  // Debian puts it in /usr/sbin, which a user's PATH may leave out.
  nginx: { binary: 'nginx', debian: 'nginx', why: 'the CDN test (proxy_cache)', paths: ['/usr/sbin/nginx'] },
};

/** Where a dependency's program is: on PATH, or at one of its known paths; undefined when missing. */
export function locate(dep) {
  return which(dep.binary) ?? (dep.paths ?? []).find((path) => existsSync(path));
}

/** The path of `binary` on PATH, or undefined. */
export function which(binary) {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

function canApt() {
  return typeof process.getuid === 'function' && process.getuid() === 0 && which('apt-get') !== undefined;
}

export function ensureSystemDeps(names = Object.keys(SYSTEM_DEPS)) {
  const unknown = names.filter((name) => !(name in SYSTEM_DEPS));
  if (unknown.length > 0) throw new Error(`unknown system dependency: ${unknown.join(', ')}`);
  const missing = names.map((name) => SYSTEM_DEPS[name]).filter((dep) => !locate(dep));
  if (missing.length === 0) return;
  const packages = missing.map((dep) => dep.debian);
  if (!canApt()) {
    const lines = missing.map(
      (dep) => `  ${dep.binary} (Debian/Ubuntu package ${dep.debian}) for ${dep.why}`,
    );
    console.error(
      `These programs are needed by the tests and are not installed:\n${lines.join('\n')}\n` +
        `Install them, e.g. sudo apt-get install -y ${packages.join(' ')}, and run the tests again.`,
    );
    process.exit(1);
  }
  console.error(`[system-deps] installing ${packages.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const still = missing.filter((dep) => !locate(dep));
  if (still.length > 0) {
    console.error(`[system-deps] still missing after apt-get: ${still.map((dep) => dep.binary).join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureSystemDeps(process.argv.length > 2 ? process.argv.slice(2) : undefined);
}
