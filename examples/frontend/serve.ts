/**
 * `npm run frontend-demo`: the sandbox, price-catalog/server and a small page, on localhost.
 * Open the printed URL: browse categories and SKUs, sign in (the sandbox approves at once),
 * favorite a SKU, sign out. The browser never gets the secret or a token.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createSandbox } from '../../src/sandbox/index.js';
import { startSite } from './site.js';

const sandbox = createSandbox();
const api = await sandbox.listen();
const bundled = await build({
  entryPoints: [fileURLToPath(new URL('./page.js', import.meta.url))],
  // The SDK from this repository's source, as a bundler would take it from the package.
  alias: { 'price-catalog': fileURLToPath(new URL('../../src/index.ts', import.meta.url)) },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'error',
});
const port = Number(process.env.PORT ?? 0) || undefined;
const site = await startSite({
  api,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret,
  script: bundled.outputFiles[0]?.text ?? '',
  ...(port && { port }),
});
console.log(`price-catalog frontend demo: open ${site.url}/ (Ctrl-C stops it)`);
const stop = async () => {
  await site.close();
  await api.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
