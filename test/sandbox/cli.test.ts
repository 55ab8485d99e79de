import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tokenRequestBody } from './helpers.js';

/** The credentials the CLI prints by default. */
const CLI_CREDENTIALS = { clientId: 'sandbox-client', clientSecret: 'sandbox-secret' };
const CLI = fileURLToPath(new URL('../../src/sandbox/cli.ts', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});

function start(args: string[]): Promise<{ output: string; baseUrl: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let output = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /client secret:\s+\S+/.exec(output);
      const base = /base URL:\s+(\S+)/.exec(output);
      if (match && base?.[1]) resolve({ output, baseUrl: base[1] });
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    proc.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

describe('price-catalog-sandbox command', () => {
  it('prints its URLs and credentials, serves the API and stops on SIGTERM', async () => {
    const { output, baseUrl } = await start([
      '--port',
      '0',
      '--seed',
      '2',
      '--rate-limit',
      '7',
      '--daily-limit',
      'none',
    ]);
    expect(output).toMatch(/auth URL:\s+http:\/\/127\.0\.0\.1:\d+/);
    expect(output).toContain('client id:     sandbox-client');
    expect(output).toContain('client secret: sandbox-secret');
    const tokenResponse = await fetch(`${baseUrl}/oauth2/token`, {
      method: 'POST',
      body: tokenRequestBody(CLI_CREDENTIALS),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const response = await fetch(`${baseUrl}/categories/root`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('7');

    const exited = new Promise<number | null>((resolve) => child?.on('exit', (code) => resolve(code)));
    child?.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('takes the load-test options --cache-max-age and --bulk-category', async () => {
    const { baseUrl } = await start(['--port', '0', '--cache-max-age', '5', '--bulk-category', '9000:250']);
    const tokenResponse = await fetch(`${baseUrl}/oauth2/token`, {
      method: 'POST',
      body: tokenRequestBody(CLI_CREDENTIALS),
    });
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
    const response = await fetch(`${baseUrl}/categories/9000/skus?per=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.headers.get('cache-control')).toBe('private, max-age=5');
    const body = (await response.json()) as {
      skus: unknown[];
      meta: { pagination: { total_results: number } };
    };
    expect(body.skus).toHaveLength(100);
    expect(body.meta.pagination.total_results).toBe(250);
  });

  it('refuses a malformed --bulk-category', async () => {
    await expect(start(['--bulk-category', '9000'])).rejects.toThrow(/--bulk-category must be ID:COUNT/);
  });

  it('refuses a malformed option', async () => {
    await expect(start(['--port', 'abc'])).rejects.toThrow(/--port must be/);
  });
});
