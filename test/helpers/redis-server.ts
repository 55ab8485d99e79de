import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createServer, Socket } from 'node:net';

/** A throwaway redis-server on a free loopback port, with no persistence. */
export interface RedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (as a crash would); `start()` brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Hangs the server (SIGSTOP to its PID): connections stay open and nothing is answered. */
  pause(): void;
  /** Lets a paused server run again (SIGCONT). */
  resume(): void;
}

let checked = false;

/**
 * Starts redis-server (installing it first where `scripts/system-deps.mjs` can, or failing with a
 * message naming the package to install: never a silent skip).
 */
export async function startRedis(): Promise<RedisServer> {
  if (!checked) {
    execFileSync(process.execPath, ['scripts/system-deps.mjs', 'redis-server'], { stdio: 'inherit' });
    checked = true;
  }
  const port = await freePort();
  const redis = redisProcess(port);
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    start: redis.start,
    stop: redis.stop,
    pause: () => redis.signal('SIGSTOP'),
    resume: () => redis.signal('SIGCONT'),
  };
  await server.start();
  return server;
}

/**
 * One redis-server process on a loopback `port` with no persistence, `args` added (a cluster
 * member's): `start()` returns once it answers PING; `stop()` kills it (SIGKILL, as a crash).
 */
export function redisProcess(port: number, args: readonly string[] = []) {
  let child: ChildProcess | undefined;
  return {
    get running(): boolean {
      return child !== undefined && child.exitCode === null;
    },
    async start(): Promise<void> {
      const base = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
      child = spawn('redis-server', [...base, '--loglevel', 'warning', ...args], { stdio: 'ignore' });
      await waitForPort(port, 5000);
    },
    /** Sends `signal` to the running server's PID (SIGSTOP hangs it, SIGCONT resumes it). */
    signal(signal: NodeJS.Signals): void {
      if (child?.pid === undefined || child.exitCode !== null) throw new Error('redis-server is not running');
      process.kill(child.pid, signal);
    },
    async stop(): Promise<void> {
      const running = child;
      // A hung server is woken first, so that it dies now rather than when it is resumed.
      if (running?.pid !== undefined && running.exitCode === null) process.kill(running.pid, 'SIGCONT');
      child = undefined;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, withinMs: number): Promise<void> {
  const giveUpAt = Date.now() + withinMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.write('PING\r\n');
      });
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => {
        socket.destroy();
        resolve(false);
      });
      socket.connect(port, '127.0.0.1');
    });
    if (ok) return;
    if (Date.now() > giveUpAt)
      throw new Error(`redis-server did not answer on port ${port} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
