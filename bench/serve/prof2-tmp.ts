import { createServer } from 'node:http';
import { fork } from 'node:child_process';
import { createCatalogHandler, toNodeHandler } from 'price-catalog/server';
import { createSandbox } from 'price-catalog/testing';
const sandbox = createSandbox({ dailyLimit: null, rateLimit: { limit: 1e9, windowMs: 60000 }, cacheMaxAge: 3600 });
const handler = createCatalogHandler({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, clientId: sandbox.clientId, clientSecret: sandbox.clientSecret, fetch: sandbox.fetch, dailyLimit: process.argv[3] === 'limit' ? 1000 : null, logLevel: 'off' });
const server = createServer(toNodeHandler(handler));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as any).port;
const path = process.argv[2] ?? '/api/catalog/skus/2119391';
await (await fetch(`http://127.0.0.1:${port}${path}`)).text();
const hit = await fetch(`http://127.0.0.1:${port}${path}`);
const body = Buffer.from(await hit.arrayBuffer());
const headers: Record<string, string> = {};
hit.headers.forEach((v, k) => { if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) headers[k] = v; });
const bare = createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bport = (bare.address() as any).port;
async function run(p: number) {
  const before = process.cpuUsage();
  const ac = fork('/work/wt/h41/node_modules/autocannon/autocannon.js', ['-c', '50', '-d', '5', '-j', `http://127.0.0.1:${p}${path}`], { stdio: ['ignore', 'pipe', 'ignore', 'ipc'] });
  let out = ''; ac.stdout!.on('data', (d) => (out += d));
  await new Promise((r) => ac.on('exit', r));
  const cpu = process.cpuUsage(before);
  const total = JSON.parse(out).requests.total;
  return { rps: Math.round(total / 5), usPer: ((cpu.user + cpu.system) / total).toFixed(1), user: (cpu.user / total).toFixed(1), sys: (cpu.system / total).toFixed(1) };
}
for (let i = 0; i < 2; i++) { console.log('handler', await run(port)); console.log('bare   ', await run(bport)); }
process.exit(0);
