#!/usr/bin/env node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { exportLines, sandboxEnvironment } from './environment.js';
import { createSandbox, SANDBOX_USERS } from './index.js';
import type { SandboxOptions } from './types.js';

const USAGE = `Usage: price-catalog-sandbox [options]

Serves the offline sandbox of the Catalog and Price-Comparison API v3 on loopback, and prints
the \`export PRICE_CATALOG_...=\` lines that point the docs' examples, your scripts and the
price-catalog command at it (paste them into the shell that runs your code).

  --port N          port to listen on (default: a free port)
  --host H          interface to bind (default 127.0.0.1)
  --seed N          data and fault seed (default 1)
  --rate-limit N    requests per token and window (default 100)
  --window-ms N     rate-limit window in ms (default 60000)
  --daily-limit N   calls per client and UTC day, or "none" (default 1000)
  --user-token-ttl S  lifetime of user access tokens in seconds (default 86400)
  --latency MS      delay per API request: MS or MIN-MAX
  --cache-max-age S   max-age of cacheable public answers in seconds (default: per endpoint, as recorded)
  --bulk-category ID:N  a load-test leaf category ID under the root listing N generated SKUs
  --help            show this text`;

function integer(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw))
    throw new Error(`--${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function latency(raw: string | undefined): SandboxOptions['latencyMs'] {
  if (raw === undefined) return undefined;
  const range = /^(\d+)-(\d+)$/.exec(raw);
  if (range) return [Number(range[1]), Number(range[2])];
  return integer('latency', raw);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      'rate-limit': { type: 'string' },
      'window-ms': { type: 'string' },
      'daily-limit': { type: 'string' },
      'user-token-ttl': { type: 'string' },
      latency: { type: 'string' },
      'cache-max-age': { type: 'string' },
      'bulk-category': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const daily = values['daily-limit'];
  const options: SandboxOptions = {
    seed: integer('seed', values.seed) ?? 1,
    rateLimit: {
      limit: integer('rate-limit', values['rate-limit']) ?? 100,
      windowMs: integer('window-ms', values['window-ms']) ?? 60_000,
    },
    dailyLimit: daily === 'none' || daily === 'null' ? null : (integer('daily-limit', daily) ?? 1000),
  };
  const userTokenTtl = integer('user-token-ttl', values['user-token-ttl']);
  if (userTokenTtl !== undefined) options.userTokenTtl = userTokenTtl;
  const delay = latency(values.latency);
  if (delay !== undefined) options.latencyMs = delay;
  const maxAge = integer('cache-max-age', values['cache-max-age']);
  if (maxAge !== undefined) options.cacheMaxAge = maxAge;
  const bulk = values['bulk-category'];
  if (bulk !== undefined) {
    const match = /^(\d+):(\d+)$/.exec(bulk);
    if (!match) throw new Error(`--bulk-category must be ID:COUNT, got ${JSON.stringify(bulk)}`);
    options.bulkCategory = { id: Number(match[1]), skus: Number(match[2]) };
  }

  const sandbox = createSandbox(options);
  const listenOptions: { port?: number; host?: string } = {};
  const port = integer('port', values.port);
  if (port !== undefined) listenOptions.port = port;
  if (values.host !== undefined) listenOptions.host = values.host;
  const server = await sandbox.listen(listenOptions);
  // Its own state directory: the sandbox's calls and token never join the real application's.
  const stateDir = mkdtempSync(join(tmpdir(), 'price-catalog-sandbox-'));
  const environment = sandboxEnvironment({
    baseUrl: server.baseUrl,
    authUrl: server.authUrl,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    token: sandbox.issueToken(),
    stateDir,
  });

  // Every line is shell: comments, then the exports to paste.
  console.log(
    `# price-catalog sandbox listening (seed ${options.seed}). Paste into the shell that runs your code:`,
  );
  for (const line of exportLines(environment)) console.log(line);
  // The authorize page signs in alice and approves: a browser app can run the whole user flow.
  console.log(
    `# users: ${Object.entries(SANDBOX_USERS)
      .map(([name, id]) => `${name} ${id}`)
      .join(', ')} (the authorize page signs in alice). Ctrl-C stops the sandbox.`,
  );

  const stop = (signal: string): void => {
    console.log(`\n${signal}: closing`);
    rmSync(stateDir, { recursive: true, force: true });
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(USAGE);
  process.exit(2);
});
