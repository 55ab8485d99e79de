import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const root = process.argv[2];
const plugin = { name: 'b', setup(b) { b.onResolve({ filter: /(network-failure|diagnostics|log-env|near-meanings)\.js$/ }, (a) => ({ path: (a.resolveDir + '/' + a.path).replace(/\.js$/, '-off.ts').replace('near-meanings-off', 'near-names-browser') })); } };
const out = [];
for (const [name, contents] of Object.entries({
  whole: "import { createClient } from './src/index.ts'; const api = createClient({ baseUrl: 'https://api.example.com', token: 't' }); api.catalog.search({ q: 'phone' }).then(console.log);",
  one: "import { createClientWith, catalogModule } from './src/index.ts'; const api = createClientWith({ catalog: catalogModule }, { baseUrl: 'https://api.example.com', token: 't' }); api.catalog.search({ q: 'phone' }).then(console.log);",
})) {
  const r = await build({ stdin: { contents, resolveDir: root, loader: 'ts' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'error', nodePaths: ['/work/wt/h52a/node_modules'], plugins: [plugin] });
  out.push(name + ' ' + gzipSync(r.outputFiles[0].contents, { level: 9 }).length);
}
console.log(out.join('  '));
