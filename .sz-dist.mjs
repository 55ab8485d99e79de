// Emulates the ESM per-file dist of `root` and bundles size.mjs's ENTRIES from it as installed.
import { transform } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ENTRIES, bundle } from './scripts/size.mjs';
const [root, out] = process.argv.slice(2);
rmSync(out, { recursive: true, force: true });
const pkg = join(out, 'node_modules', 'price-catalog');
for (const file of readdirSync(join(root, 'src'), { recursive: true })) {
  if (!file.endsWith('.ts') || file.endsWith('.d.ts') || file.startsWith('file/') || file.startsWith('sandbox/')) continue;
  const code = readFileSync(join(root, 'src', file), 'utf8');
  const { code: js } = await transform(code, { loader: 'ts', format: 'esm', target: 'es2022' });
  const target = join(pkg, 'dist', file.replace(/\.ts$/, '.js'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, js);
}
writeFileSync(join(pkg, 'package.json'), readFileSync(join(root, 'package.json')));
symlinkSync('/work/wt/h52a/node_modules/zod', join(out, 'node_modules', 'zod'));
const sizes = {};
for (const name of ['whole', 'oneModule']) sizes[name] = (await bundle(ENTRIES[name], out)).gzipped;
console.log(JSON.stringify(sizes));
