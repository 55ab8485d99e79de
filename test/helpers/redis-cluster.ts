import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './redis-server.js';

const run = promisify(execFile);

export interface RedisCluster {
  nodes: { host: string; port: number }[];
  stop(): Promise<void>;
}

/**
 * A throwaway Redis Cluster on loopback: `masters` x (1 + `replicasPerMaster`) redis-server
 * processes with `--cluster-enabled yes`, joined by `redis-cli --cluster create`, no persistence.
 */
export async function startRedisCluster(
  options: { masters?: number; replicasPerMaster?: number } = {},
): Promise<RedisCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'));
  const children: ChildProcess[] = [];
  const nodes: { host: string; port: number }[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < masters * (1 + replicas); i++) {
      const port = await freePort();
      children.push(
        spawn(
          'redis-server',
          [
            '--port',
            String(port),
            '--bind',
            '127.0.0.1',
            '--cluster-enabled',
            'yes',
            '--cluster-config-file',
            join(dir, `nodes-${port}.conf`),
            '--cluster-node-timeout',
            '2000',
            '--save',
            '',
            '--appendonly',
            'no',
            '--dir',
            dir,
            '--loglevel',
            'warning',
          ],
          { stdio: 'ignore' },
        ),
      );
      nodes.push({ host: '127.0.0.1', port });
    }
    for (const node of nodes) await answering(node.port);
    await run('redis-cli', [
      '--cluster',
      'create',
      ...nodes.map((n) => `${n.host}:${n.port}`),
      '--cluster-replicas',
      String(replicas),
      '--cluster-yes',
    ]);
    for (const node of nodes) await clusterOk(node.port);
    return { nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function answering(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      const { stdout } = await run('redis-cli', ['-p', String(port), 'ping']);
      if (stdout.trim() === 'PONG') return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis-server did not answer on port ${port}`);
}

async function clusterOk(port: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    const { stdout } = await run('redis-cli', ['-p', String(port), 'cluster', 'info']);
    if (/cluster_state:ok/.test(stdout)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the Redis Cluster did not reach cluster_state:ok on port ${port}`);
}
