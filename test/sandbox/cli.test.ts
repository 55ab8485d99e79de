import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_ENVIRONMENT_NAMES } from '../../src/sandbox/environment.js';
import { tokenRequestBody } from './helpers.js';

/** The credentials the CLI prints by default. */
const CLI_CREDENTIALS = { clientId: 'sandbox-client', clientSecret: 'sandbox-secret' };
const CLI = fileURLToPath(new URL('../../src/sandbox/cli.ts', import.meta.url));
let child: ChildProcess | undefined;

afterEach(async () => {
  const running = child;
  if (!running || running.exitCode !== null || running.signalCode !== null) return;
  // SIGTERM, so that the command removes its state directory; SIGKILL if it does not stop.
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
});

/** The variables of the `export NAME=value` lines the command printed, in their order. */
function exported(output: string): Map<string, string> {
  const lines = [...output.matchAll(/^export (\w+)=(.*)$/gm)];
  return new Map(
    lines.map(([, name, value]) => [name as string, (value as string).replace(/^'(.*)'$/, '$1')]),
  );
}

function start(args: string[]): Promise<{ output: string; baseUrl: string }> {
  const proc = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  return new Promise((resolve, reject) => {
    let output = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The users' line comes after the exports.
      const base = exported(output).get('PRICE_CATALOG_BASE_URL');
      if (/^# users:/m.test(output) && base) resolve({ output, baseUrl: base });
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    proc.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}

describe('price-catalog-sandbox command', () => {
  it('prints the export lines of the CLI variables, serves the API and stops on SIGTERM', async () => {
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
    // Every line can be pasted into a shell: comments and exports.
    expect(
      output
        .trim()
        .split('\n')
        .every((line) => /^(#|export \w+=)/.test(line)),
    ).toBe(true);
    const environment = exported(output);
    expect([...environment.keys()]).toEqual([...SANDBOX_ENVIRONMENT_NAMES]);
    expect(environment.get('PRICE_CATALOG_AUTH_URL')).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(environment.get('PRICE_CATALOG_CLIENT_ID')).toBe('sandbox-client');
    expect(environment.get('PRICE_CATALOG_CLIENT_SECRET')).toBe('sandbox-secret');
    const stateDir = environment.get('PRICE_CATALOG_STATE_DIR') as string;
    expect(existsSync(stateDir)).toBe(true);
    // The printed token is one the sandbox takes as it is.
    const printed = await fetch(`${baseUrl}/categories/root`, {
      headers: { Authorization: `Bearer ${environment.get('PRICE_CATALOG_TOKEN')}` },
    });
    expect(printed.status).toBe(200);
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
    expect(existsSync(stateDir)).toBe(false);
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
