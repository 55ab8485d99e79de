/**
 * The Redis the week runs on: a redis-server of its own on a free loopback port (no persistence),
 * started as `npm run many-processes` starts one (PRICE_CATALOG_REDIS_URL is used instead when set), or, with
 * `--redis cluster`, a three-node Redis Cluster on loopback ports. Without redis-server: a message
 * saying what to install, and exit 1.
 */
import { spawnSync } from 'node:child_process';
import { Cluster, Redis } from 'ioredis';
import { exampleRedis } from '../../examples/many-processes/redis.js';

export type RedisMode = 'local' | 'cluster';

/** Where a run's instances connect: a URL, or the nodes of a cluster. */
export type RedisTarget = { url: string } | { nodes: { host: string; port: number }[] };

export interface StartedRedis {
  target: RedisTarget;
  stop(): Promise<void>;
}

export async function startRedisFor(mode: RedisMode): Promise<StartedRedis> {
  if (
    !(mode === 'local' && process.env.PRICE_CATALOG_REDIS_URL) &&
    spawnSync('redis-server', ['--version']).error
  ) {
    console.error(
      [
        'bench:week: the week runs its handler instances on a real Redis, and redis-server is not installed.',
        '  Debian/Ubuntu: sudo apt-get install redis-server   macOS: brew install redis',
        '  or point it at a running one: PRICE_CATALOG_REDIS_URL=redis://127.0.0.1:6379 npm run bench:week',
      ].join('\n'),
    );
    process.exit(1);
  }
  if (mode === 'local') {
    const redis = await exampleRedis();
    return { target: { url: redis.url }, stop: () => redis.stop() };
  }
  // The cluster helper of the tests (test/helpers/redis-cluster.ts), imported only for this mode.
  const { startRedisCluster } = await import('../../test/helpers/redis-cluster.js');
  const cluster = await startRedisCluster({ masters: 3 });
  return { target: { nodes: cluster.nodes }, stop: () => cluster.stop() };
}

export type Client = Redis | Cluster;

/** Replies each client still waits for: the simulated clock awaits them rather than polling. */
const outstanding = new WeakMap<Client, Set<Promise<unknown>>>();

/** A client of its own for one handler instance, whose commands' replies are kept track of. */
export function connect(target: RedisTarget): Client {
  const client = 'url' in target ? new Redis(target.url) : new Cluster(target.nodes);
  client.on('error', () => undefined);
  const out = new Set<Promise<unknown>>();
  outstanding.set(client, out);
  const send = client.sendCommand.bind(client) as (...args: unknown[]) => unknown;
  client.sendCommand = ((...args: unknown[]) => {
    const reply = send(...args);
    if (reply instanceof Promise) {
      out.add(reply);
      const done = () => out.delete(reply);
      reply.then(done, done);
    }
    return reply;
  }) as typeof client.sendCommand;
  return client;
}

interface Queues {
  commandQueue?: { length: number };
  offlineQueue?: { length: number };
}

/** Whether a client still waits for a reply (ioredis' queues): the simulated clock must not move then. */
export function waiting(client: Client): boolean {
  const own = client as unknown as Queues;
  if ((own.offlineQueue?.length ?? 0) > 0 || (own.commandQueue?.length ?? 0) > 0) return true;
  if (client instanceof Cluster) return client.nodes().some((node) => waiting(node));
  return false;
}

/**
 * What the clock waits on before it moves: the replies the clients' commands still wait for (a
 * promise: the loop sleeps until they come), `true` when only ioredis' queues say so (polled), or
 * `false` when nothing is due.
 */
export function replies(clients: Iterable<Client>): Promise<unknown> | boolean {
  const due: Promise<unknown>[] = [];
  let queued = false;
  for (const client of clients) {
    const out = outstanding.get(client);
    if (out && out.size > 0) due.push(...out);
    else if (!queued) queued = waiting(client);
  }
  return due.length > 0 ? Promise.allSettled(due) : queued;
}
