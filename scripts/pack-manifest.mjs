#!/usr/bin/env node
// The package.json that goes into the tarball has no `scripts`: they are the repository's tools
// (build, tests, the `prepare` that builds a checkout) and name files the tarball does not ship;
// an installer would warn about `prepare`, or run it. `npm pack` / `npm publish` run
// `strip` before packing (prepack) and `restore` after (postpack): the checkout's package.json
// comes back byte for byte.
//   node scripts/pack-manifest.mjs strip | restore
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const manifest = new URL('../package.json', import.meta.url);
// Beside package.json, so that a pack that died between the two steps is repaired by the next one.
const saved = new URL('../package.json.before-pack', import.meta.url);

function restore() {
  if (!existsSync(saved)) return;
  writeFileSync(manifest, readFileSync(saved));
  rmSync(saved);
}

const step = process.argv[2];
if (step === 'strip') {
  restore();
  const text = readFileSync(manifest, 'utf8');
  writeFileSync(saved, text);
  const { scripts: _, ...packed } = JSON.parse(text);
  writeFileSync(manifest, `${JSON.stringify(packed, null, 2)}\n`);
} else if (step === 'restore') {
  restore();
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip | restore');
  process.exit(2);
}
