import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import { createClient } from '../../src/index.js';
import { redisCoordination } from '../../src/redis/index.js';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { type RedisServer, startRedis } from '../helpers/redis-server.js';
import { bundleCli, tempDir, useCli } from './cli-helpers.js';

/**
 * `price-catalog usage` reads the day's budget where the exporter and scripts count it (the state
 * directory, or Redis) and sends no request.
 */
let BIN = '';
let redis: RedisServer;
beforeAll(async () => {
  [BIN, redis] = await Promise.all([bundleCli(), startRedis()]);
}, 120_000);
afterAll(async () => {
  await redis?.stop();
});
useCli();

const sandbox = createSandbox();
let server: SandboxServer;
beforeAll(async () => {
  server = await sandbox.listen();
});
afterAll(async () => {
  await server.close();
});

function usage(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [BIN, 'usage', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      PRICE_CATALOG_BASE_URL: server.baseUrl,
      PRICE_CATALOG_AUTH_URL: server.authUrl,
      PRICE_CATALOG_CLIENT_ID: sandbox.clientId,
      PRICE_CATALOG_CLIENT_SECRET: sandbox.clientSecret,
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const today = () => new Date().toISOString().slice(0, 10);
const midnight = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};

describe('price-catalog usage', () => {
  it("the state directory: a script's calls today, what is left, the reset; no request sent", async () => {
    const stateDir = join(tempDir(), 'state');
    const script = createClient({
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      dailyLimit: 40,
      cache: false,
      coordination: fileCoordination({ dir: stateDir }),
    });
    const id = sandbox.data.skus[0]?.id as number;
    for (let i = 0; i < 3; i++) await script.skus.get(id);
    const before = sandbox.requests.length;

    const json = await usage(['--json', '--daily-limit', '40', '--state-dir', stateDir]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      day: today(),
      calls: 3,
      limit: 40,
      remaining: 37,
      resetsAt: midnight(),
    });

    const text = await usage([], { PRICE_CATALOG_STATE_DIR: stateDir, PRICE_CATALOG_DAILY_LIMIT: '40' });
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.split('\n');
    expect(lines[0]).toBe(`${today()} (UTC): 3 of 40 calls used, 37 left`);
    // 3 of 40 is 7.5%: 2 of the bar's 30 places.
    expect(lines[1]).toBe(`[##${'.'.repeat(28)}] 8%`);
    expect(lines[2]).toMatch(
      new RegExp(`^resets at ${midnight().replace(/\./g, '\\.')} \\(in \\d+ h \\d+ min\\)$`),
    );
    expect(sandbox.requests.length).toBe(before);
  });

  it('--redis URL: the count every process of the application shares', async () => {
    const prefix = `usage-${Date.now()}:`;
    const coordination = redisCoordination({ url: redis.url, prefix });
    try {
      const script = createClient({
        baseUrl: server.baseUrl,
        authUrl: server.authUrl,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
        cache: false,
        coordination,
      });
      const id = sandbox.data.skus[1]?.id as number;
      for (let i = 0; i < 2; i++) await script.skus.get(id);
    } finally {
      await coordination.close();
    }
    const result = await usage(['--json', '--redis', redis.url, '--redis-prefix', prefix]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ calls: 2, limit: 1000, remaining: 998 });
  });

  it('without the application: exit 2, naming what is missing', async () => {
    const result = await usage([], { PRICE_CATALOG_CLIENT_ID: '', PRICE_CATALOG_CLIENT_SECRET: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--client-id (or PRICE_CATALOG_CLIENT_ID), --client-secret');
    expect(result.stdout).toBe('');
  });

  it('a Redis that does not answer: exit 1 and why, never a made-up count', async () => {
    const result = await usage(['--redis', 'redis://127.0.0.1:1', '--redis-timeout', '300']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^price-catalog: usage: cannot read the day's budget from redis:\/\/127\.0\.0\.1:1/,
    );
    expect(result.stdout).toBe('');
  });
});
