/**
 * The servers `npm run bench:serve` measures, each in a child process of its own (one core each):
 *   api       two sandboxes over loopback HTTP (max-age 3600, and max-age 0)
 *   handler   `createCatalogHandler` behind `toNodeHandler` on the first, in memory and on the
 *             redis-server the bench started (`redisCoordination`); and a handler on the second,
 *             whose answers are all revalidated (no stale window), for the figure of a miss
 *             answered from a kept entry after a 304
 *   bare      a bare `node:http` server writing the bytes and headers it is sent, by path
 * Each says `{ ports }` on the IPC channel once listening, and `{ cpu }` (µs used) when asked `cpu`.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { redisCoordination } from 'price-catalog/redis';
import { createCatalogHandler, toNodeHandler } from 'price-catalog/server';
import { createSandbox } from 'price-catalog/testing';

export interface Recorded {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const NO_LIMIT = { limit: 1e9, windowMs: 60_000 };

async function listen(listener: RequestListener): Promise<number> {
  const server = createServer(listener);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export interface Api {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret: string;
}

async function apiOn(cacheMaxAge: number): Promise<Api> {
  const sandbox = createSandbox({ dailyLimit: null, rateLimit: NO_LIMIT, cacheMaxAge });
  const api = await sandbox.listen({ port: 0 });
  return {
    baseUrl: api.baseUrl,
    authUrl: api.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
  };
}

async function handlerOn(api: Api, maxStale: number, redisUrl?: string): Promise<number> {
  const handler = createCatalogHandler({
    // On Redis: the shared store of several instances, answered from this one's near cache.
    ...(redisUrl ? { coordination: redisCoordination({ url: redisUrl, prefix: 'bench-serve:' }) } : {}),
    baseUrl: api.baseUrl,
    authUrl: api.authUrl,
    clientId: api.clientId,
    clientSecret: api.clientSecret,
    dailyLimit: null,
    maxStale,
    logLevel: 'off',
  });
  return listen(toNodeHandler(handler));
}

async function bare(recorded: readonly Recorded[]): Promise<number> {
  const answers = new Map(
    recorded.map((answer) => [answer.path, { ...answer, bytes: Buffer.from(answer.body, 'base64') }]),
  );
  return listen((req, res) => {
    const answer = answers.get(req.url ?? '');
    if (!answer) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.bytes);
  });
}

const send = (message: unknown) => process.send?.(message);

// The CPU this process has used: the main process asks before and after each run.
process.on('message', (message: unknown) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ cpu: user + system });
  }
});

if (process.argv[2] === 'api') {
  // The API in a process of its own, as it is in production: the handler's process holds the handler only.
  send({ apis: { hits: await apiOn(3600), revalidating: await apiOn(0) } });
} else if (process.argv[2] === 'handler') {
  process.once('message', async (apis: { hits: Api; revalidating: Api; redisUrl: string }) => {
    const [hits, revalidating, redis] = await Promise.all([
      handlerOn(apis.hits, 86_400_000),
      handlerOn(apis.revalidating, 0),
      handlerOn(apis.hits, 86_400_000, apis.redisUrl),
    ]);
    send({ ports: { hits, revalidating, redis } });
  });
} else {
  process.once('message', async (recorded: Recorded[]) => send({ ports: { bare: await bare(recorded) } }));
  send({ waiting: true });
}
