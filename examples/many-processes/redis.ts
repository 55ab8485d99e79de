/**
 * The Redis the example runs on: PRICE_CATALOG_REDIS_URL when it is set (it must answer), else a redis-server of
 * its own on a free loopback port (no persistence, stopped at the end) when one is installed.
 * Without either it says what it needs and how to get it, and exits 1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { delimiter, join } from 'node:path';

export interface ExampleRedis {
  url: string;
  stop(): Promise<void>;
}

const HOW_TO_START = [
  'Start one and point the example at it:',
  '  redis-server --port 6379 --save "" --appendonly no     (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis)',
  '  PRICE_CATALOG_REDIS_URL=redis://127.0.0.1:6379 npm run many-processes',
  'or, with docker: docker run --rm -p 6379:6379 redis, then the same PRICE_CATALOG_REDIS_URL.',
  'With redis-server on PATH and no PRICE_CATALOG_REDIS_URL, the example starts its own.',
].join('\n');

export async function exampleRedis(): Promise<ExampleRedis> {
  const given = process.env.PRICE_CATALOG_REDIS_URL;
  if (given) {
    const { hostname, port } = new URL(given);
    if (!(await answers(hostname || '127.0.0.1', Number(port || 6379), 2000)))
      fail(
        `many-processes: no Redis answers at ${redacted(given)} (PRICE_CATALOG_REDIS_URL).\n${HOW_TO_START}`,
      );
    return { url: given, stop: async () => {} };
  }
  const server = findOnPath('redis-server');
  if (!server)
    fail(
      `many-processes: this example needs a Redis, and no PRICE_CATALOG_REDIS_URL is set nor redis-server installed.\n${HOW_TO_START}`,
    );
  const port = await freePort();
  const child = spawn(
    server,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  // Never left behind, however the example ends.
  process.on('exit', () => child.kill('SIGKILL'));
  if (!(await answers('127.0.0.1', port, 5000))) {
    child.kill('SIGKILL');
    fail(`many-processes: ${server} did not answer on port ${port} within 5 s.\n${HOW_TO_START}`);
  }
  console.error(
    `many-processes: started ${server} on 127.0.0.1:${port} (no persistence; stopped at the end)`,
  );
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopped(child) };
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The URL without its password, for messages. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {}
  }
  return undefined;
}

/** Whether something speaking Redis answers a PING (any answer: a Redis asking for a password answers too). */
async function answers(host: string, port: number, withinMs: number): Promise<boolean> {
  const giveUpAt = Date.now() + withinMs;
  while (Date.now() < giveUpAt) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.setTimeout(500, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(/^[+-]/.test(data.toString()));
      });
      socket.once('error', () => {
        socket.destroy();
        resolve(false);
      });
      socket.connect(port, host);
    });
    if (ok) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

function freePort(): Promise<number> {
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

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
