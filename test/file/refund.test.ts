import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import { ConnectionError, type Coordination, createClient, memoryCoordination } from '../../src/index.js';
import { redisCoordination } from '../../src/redis/index.js';
import { newSandbox } from '../helpers/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { newStateDir, removeStateDir } from './state-dirs.js';

// A call counts once it may have reached the server: a refused connection or a name that did not
// resolve spends nothing of the daily budget, in every store; a connection cut after the request
// was sent still counts. Real sockets on loopback.

let redis: RedisServer;
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  redis = await startRedis();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(async () => {
  await redis.stop();
});

/** A loopback port nothing listens on (its server was closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A server that reads each request, then cuts the connection without answering. */
async function cuttingServer(): Promise<number> {
  const server = createServer((socket) => socket.once('data', () => socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as { port: number }).port;
}

const stores: [string, () => Coordination][] = [
  ['memory', () => memoryCoordination()],
  [
    'file',
    () => {
      const dir = newStateDir('pc-refund-');
      cleanups.push(() => removeStateDir(dir));
      return fileCoordination({ dir });
    },
  ],
  [
    'redis',
    () => {
      const c = redisCoordination({ url: redis.url, prefix: `refund${Math.random()}:` });
      cleanups.push(() => c.close());
      return c;
    },
  ],
];

/** A client whose token comes from the sandbox and whose API calls go to `baseUrl`. */
function clientTo(baseUrl: string, coordination: Coordination) {
  const sandbox = newSandbox();
  return createClient({
    baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      return url.startsWith(sandbox.authUrl) ? sandbox.fetch(input, init) : fetch(input, init);
    },
    coordination,
    cache: false,
    maxRetries: 2,
    dailyLimit: 10,
  });
}

/** The count once the refunds sent without waiting have landed. */
async function callsCounted(api: ReturnType<typeof clientTo>): Promise<number> {
  await new Promise((r) => setTimeout(r, 100));
  api.usage();
  await new Promise((r) => setTimeout(r, 50));
  return api.usage().calls;
}

describe.each(stores)('the budget of the %s store', (_name, make) => {
  it('gives back every attempt of a call whose connection was refused (3 attempts, 0 counted)', async () => {
    const api = clientTo(`http://127.0.0.1:${await closedPort()}`, make());
    const error = await api.catalog.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(await callsCounted(api)).toBe(0);
  });

  it('gives back a call whose host name did not resolve', async () => {
    const api = clientTo('http://price-catalog-test.invalid', make());
    const error = await api.catalog.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(await callsCounted(api)).toBe(0);
  });

  it('keeps counting calls that reached the server, even with no answer (3 attempts, 3 counted)', async () => {
    const api = clientTo(`http://127.0.0.1:${await cuttingServer()}`, make());
    const error = await api.catalog.categories.root().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(await callsCounted(api)).toBe(3);
  });
});
