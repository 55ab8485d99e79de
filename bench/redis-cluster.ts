/**
 * Redis round trips per call on a Redis Cluster: a throwaway cluster (3 masters, one replica each:
 * test/helpers/redis-cluster.ts), one client of the in-process sandbox on
 * `redisCoordination({ client: new Cluster(nodes) })`, N calls one after another. For each call,
 * the commands the ioredis client sent before the request left and how many of those it had
 * awaited (each awaited command is one round trip: the next is sent only after its answer), the
 * commands per call in all, and the median time of a call.
 *
 *   npx tsx bench/redis-cluster.ts [calls] [replicaAcks]     (defaults 500, 0)
 *
 * With replicaAcks, each admission goes with a WAIT in one pipeline: two commands in one write and
 * one round trip, counted here as two awaited commands.
 */
import { Cluster } from 'ioredis';
import { createClient } from '../src/index.js';
import { redisCoordination } from '../src/redis/index.js';
import { createSandbox } from '../src/sandbox/index.js';
import { redisClusterAvailable, startRedisCluster } from '../test/helpers/redis-cluster.js';

const calls = Number(process.argv[2] ?? 500);
const replicaAcks = Number(process.argv[3] ?? 0);
if (!(await redisClusterAvailable())) {
  console.error('redis-server and redis-cli are needed (Debian: apt-get install redis-server)');
  process.exit(1);
}
const cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 1 });
const client = new Cluster(cluster.nodes);
client.on('error', () => undefined);
try {
  const log: { done: boolean }[] = [];
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command, stream, node) => {
    const entry = { done: false };
    log.push(entry);
    const done = () => {
      entry.done = true;
    };
    command.promise.then(done, done);
    return send(command, stream, node);
  }) as typeof client.sendCommand;

  const sandbox = createSandbox({ dailyLimit: null, rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  const coordination = redisCoordination({
    client,
    prefix: `bench-${Date.now()}:`,
    ...(replicaAcks > 0 ? { replicaAcks } : {}),
  });
  let mark = 0;
  const before: { sent: number; awaited: number }[] = [];
  const api = createClient({
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    coordination,
    cache: false,
    maxRetries: 0,
    dailyLimit: 1_000_000,
    fetch: (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith(sandbox.baseUrl)) {
        const mine = log.slice(mark);
        before.push({ sent: mine.length, awaited: mine.filter((c) => c.done).length });
      }
      return sandbox.fetch(input, init);
    },
  });
  const call = (i: number | string) =>
    api.request({ method: 'GET', path: '/categories/40', query: { n: i } });
  // Warm: the application token, the scripts loaded on their node.
  for (let i = 0; i < 5; i++) await call(`warm${i}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  before.length = 0;
  const start = log.length;
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    mark = log.length;
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const awaited = before.map((b) => b.awaited);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      calls,
      replicaAcks,
      awaitedBeforeEachRequest: { min: Math.min(...awaited), max: Math.max(...awaited) },
      commandsPerCall: (log.length - start) / calls,
      medianCallMs: Number((sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(3)),
    }),
  );
  await coordination.close();
} finally {
  await client.quit().catch(() => undefined);
  await cluster.stop();
}
