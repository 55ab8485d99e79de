import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './redis-server.js';

/** A throwaway nginx on a free loopback port, in front of `upstreamPort`, with its files in a temp dir. */
export interface Nginx {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

let checked = false;

/**
 * The `proxy_cache` configuration docs/frontend.md shows ("nginx `proxy_cache`"), as the docs
 * write it: only the cache path, the upstream's port and the listen address are this test's.
 */
export function documentedConfig(cacheDir: string, upstreamPort: number, port: number): string {
  const docs = readFileSync(new URL('../../docs/frontend.md', import.meta.url), 'utf8');
  const block = [...docs.matchAll(/^```nginx\n([\s\S]*?)^```$/gm)]
    .map((match) => match[1] as string)
    .find((text) => text.includes('proxy_cache_path'));
  if (!block) throw new Error('docs/frontend.md shows no nginx block with proxy_cache_path');
  const swaps: [string, string][] = [
    ['/var/cache/nginx/catalog', cacheDir],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${upstreamPort};`],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ];
  let config = block;
  for (const [from, to] of swaps) {
    if (!config.includes(from)) throw new Error(`the documented nginx block no longer holds ${from}`);
    config = config.replace(from, to);
  }
  return config;
}

/**
 * Starts Debian's nginx (installed by `scripts/system-deps.mjs` where it can, else a failure
 * naming the package: never a silent skip) as an unprivileged instance: its own prefix, pid,
 * logs and temp paths, in the foreground, one process (no worker switching user).
 */
export async function startNginx(upstreamPort: number): Promise<Nginx> {
  if (!checked) {
    execFileSync(process.execPath, ['scripts/system-deps.mjs', 'nginx'], { stdio: 'inherit' });
    checked = true;
  }
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path)) ?? 'nginx';
  const dir = mkdtempSync(join(tmpdir(), 'catalog-nginx-'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${dir}/client_body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      documentedConfig(join(dir, 'cache'), upstreamPort, port),
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-p', `${dir}/`, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const giveUpAt = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors || readLog(dir)}`);
    const up = await fetch(`${url}/nginx-probe`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > giveUpAt) throw new Error(`nginx did not listen: ${errors || readLog(dir)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    url,
    async stop() {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGQUIT');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
