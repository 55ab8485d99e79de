#!/usr/bin/env node
// Whether dist/ is the build of the repository as it is now, so that `npm pack` (prepack) builds
// only when something changed: `npm run build` ends with `--write`, which records a hash of the
// build's inputs and one of dist/; `--check` exits 0 when both still match, 1 otherwise (no
// record, an edited source, config or lockfile, a dist/ changed or removed by hand).
// The record lives in node_modules/.cache, never in dist/ (dist/ is published).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What the build reads: the sources, its configuration and the versions of its tools. */
const INPUTS = ['src', 'tsup.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** Every file at or under `path` (a file or a directory), relative to the repository, sorted. */
function files(path) {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    .sort();
}

/** One hash over the names and contents of the files under `paths`. */
function hashOf(paths) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap(files)) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The record's file: one per checkout (a copy of the repository may share node_modules). */
function recordFile() {
  const key = createHash('sha256').update(ROOT).digest('hex').slice(0, 16);
  return join(ROOT, 'node_modules', '.cache', 'price-catalog-dist', `${key}.json`);
}

function current() {
  return { inputs: hashOf(INPUTS), dist: hashOf(['dist']) };
}

/** True when dist/ was built by `npm run build` from the inputs as they are now. */
export function distIsCurrent() {
  const file = recordFile();
  if (!existsSync(file) || !existsSync(join(ROOT, 'dist'))) return false;
  const recorded = JSON.parse(readFileSync(file, 'utf8'));
  const now = current();
  return recorded.inputs === now.inputs && recorded.dist === now.dist;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--write')) {
    const file = recordFile();
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify(current()));
  } else if (process.argv.includes('--check')) {
    const fresh = distIsCurrent();
    if (!fresh) console.error('[dist-stamp] dist/ is missing or older than the sources: building');
    process.exit(fresh ? 0 : 1);
  } else {
    console.error('usage: node scripts/dist-stamp.mjs --write | --check');
    process.exit(2);
  }
}
