/**
 * A throwaway Redis Cluster on loopback: `masters` redis-server processes with
 * `--cluster-enabled yes` (and `replicasPerMaster` replicas each) in a temporary directory, joined
 * with `redis-cli --cluster create`, ready once every node says `cluster_state:ok`. For the
 * cluster tests and `npm run bench:week -- --redis cluster`.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, redisProcess } from './redis-server.js';

const run = promisify(execFile);

/** One redis-server of the cluster. */
export interface ClusterMember {
  readonly port: number;
  /** Whether its process is running. */
  readonly running: boolean;
  /** Kills the process (SIGKILL, as a crash); its data in memory is lost. */
  kill(): Promise<void>;
  /** Starts it again on the same port with its cluster configuration: it rejoins the cluster. */
  start(): Promise<void>;
}

export interface RedisCluster {
  /** The masters' and replicas' addresses, for `new Cluster(nodes)`. */
  nodes: { host: string; port: number }[];
  /** Stops every node and removes its files. */
  stop(): Promise<void>;
  /** Every redis-server, in the order of `nodes`. */
  members: ClusterMember[];
  /** The member serving `key`'s slot as master now. */
  masterOf(key: string): Promise<ClusterMember>;
  /** The members that are replicas of `master` now. */
  replicasOf(master: ClusterMember): Promise<ClusterMember[]>;
  /**
   * Waits until every running node says `cluster_state:ok`, every slot has a running master and
   * every running replica is in sync with its master.
   */
  ready(withinMs?: number): Promise<void>;
  /** Runs `redis-cli -p <port> args...` against a member; its output. */
  cli(port: number, ...args: string[]): Promise<string>;
}

/** Whether redis-server and redis-cli are installed (the cluster tests skip, saying so, without them). */
export async function redisClusterAvailable(): Promise<boolean> {
  try {
    await run('redis-server', ['--version']);
    await run('redis-cli', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** A member takes this long without answering before the others fail it over (ms). */
const NODE_TIMEOUT_MS = 1000;

export async function startRedisCluster(
  options: { masters?: number; replicasPerMaster?: number } = {},
): Promise<RedisCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 0;
  if (masters < 3) throw new Error('startRedisCluster: redis-cli --cluster create needs at least 3 masters');
  const dir = await mkdtemp(join(tmpdir(), 'price-catalog-cluster-'));
  const cli = async (port: number, ...args: string[]): Promise<string> =>
    (await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { timeout: 10_000 })).stdout;

  const ports: number[] = [];
  while (ports.length < masters * (1 + replicas)) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const members = ports.map((port) => member(port, dir));
  const cluster: RedisCluster = {
    nodes: ports.map((port) => ({ host: '127.0.0.1', port })),
    members,
    cli,
    async stop() {
      await Promise.all(members.map((m) => m.kill()));
      await rm(dir, { recursive: true, force: true });
    },
    async masterOf(key) {
      const slot = Number((await cli(running(members).port, 'cluster', 'keyslot', key)).trim());
      for (const line of await nodeLines(cli, members)) {
        if (!line.flags.includes('master') || line.flags.includes('fail')) continue;
        if (line.slots.some(([from, to]) => slot >= from && slot <= to)) return byPort(members, line.port);
      }
      throw new Error(`no master serves slot ${slot}`);
    },
    async replicasOf(master) {
      const lines = await nodeLines(cli, members);
      const id = lines.find((line) => line.port === master.port)?.id;
      return lines
        .filter((line) => line.masterId === id && line.flags.includes('slave'))
        .map((line) => byPort(members, line.port));
    },
    ready: (withinMs = 20_000) => ready(cli, members, withinMs),
  };
  try {
    await Promise.all(members.map((m) => m.start()));
    await run(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((port) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        String(replicas),
        '--cluster-yes',
      ],
      { timeout: 30_000 },
    );
    await cluster.ready();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}

function member(port: number, dir: string): ClusterMember {
  const server = redisProcess(port, [
    '--cluster-enabled',
    'yes',
    '--cluster-config-file',
    join(dir, `nodes-${port}.conf`),
    '--cluster-node-timeout',
    String(NODE_TIMEOUT_MS),
    '--dir',
    dir,
    '--dbfilename',
    `dump-${port}.rdb`,
  ]);
  return {
    port,
    get running() {
      return server.running;
    },
    start: server.start,
    kill: server.stop,
  };
}

interface NodeLine {
  id: string;
  port: number;
  flags: string[];
  masterId: string;
  slots: [number, number][];
}

/** `CLUSTER NODES` as a running member sees it. */
async function nodeLines(cli: RedisCluster['cli'], members: ClusterMember[]): Promise<NodeLine[]> {
  const text = await cli(running(members).port, 'cluster', 'nodes');
  return text
    .trim()
    .split('\n')
    .map((raw) => {
      const [id = '', address = '', flags = '', masterId = '', , , , , ...slots] = raw.trim().split(' ');
      return {
        id,
        port: Number(address.split('@')[0]?.split(':')[1]),
        flags: flags.split(','),
        masterId,
        slots: slots
          .filter((s) => !s.startsWith('['))
          .map((s) => {
            const [from, to = from] = s.split('-');
            return [Number(from), Number(to)] as [number, number];
          }),
      };
    });
}

async function ready(cli: RedisCluster['cli'], members: ClusterMember[], withinMs: number): Promise<void> {
  const giveUpAt = Date.now() + withinMs;
  for (;;) {
    const states = await Promise.all(
      members.filter((m) => m.running).map((m) => cli(m.port, 'cluster', 'info').catch(() => '')),
    );
    if (states.every((info) => info.includes('cluster_state:ok'))) {
      // Every slot served by a master that is up (not only believed up by the others).
      const lines = await nodeLines(cli, members);
      const served = lines
        .filter((line) => line.flags.includes('master') && !line.flags.some((f) => f.startsWith('fail')))
        .filter((line) => byPort(members, line.port).running)
        .reduce((sum, line) => sum + line.slots.reduce((n, [from, to]) => n + to - from + 1, 0), 0);
      // And every running replica in sync with its master (a failover needs one).
      const links = await Promise.all(
        lines
          .filter((line) => line.flags.includes('slave') && byPort(members, line.port).running)
          .map((line) => cli(line.port, 'info', 'replication').catch(() => '')),
      );
      if (served === 16384 && links.every((info) => info.includes('master_link_status:up'))) return;
    }
    if (Date.now() > giveUpAt) throw new Error(`the Redis Cluster was not ready within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function running(members: ClusterMember[]): ClusterMember {
  const found = members.find((m) => m.running);
  if (!found) throw new Error('no member of the cluster is running');
  return found;
}

function byPort(members: ClusterMember[], port: number): ClusterMember {
  const found = members.find((m) => m.port === port);
  if (!found) throw new Error(`no member on port ${port}`);
  return found;
}
