// Run by test/package/exports.test.ts inside a directory where the packed package is installed:
// the names each entry (argv) exports at run time, loaded by `import` and by `require`.
import { createRequire } from 'node:module';

const require = createRequire(`${process.cwd()}/x.js`);
const out = {};
for (const specifier of process.argv.slice(2)) {
  const esm = Object.keys(await import(specifier)).sort();
  const cjs = Object.keys(require(specifier))
    .filter((name) => name !== '__esModule')
    .sort();
  out[specifier] = { esm, cjs };
}
console.log(JSON.stringify(out));
