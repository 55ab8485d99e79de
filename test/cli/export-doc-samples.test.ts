import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { bundleCli, tempDir, useCli } from './cli-helpers.js';

/**
 * docs/export.md's session "when the day's budget runs out", replayed: the commands of the sample,
 * in a shell in a new directory against a sandbox with a daily limit of 5, print the lines the
 * sample shows (dates, ETAs and the lines the sample elides aside).
 */
let BIN = '';
beforeAll(async () => {
  BIN = await bundleCli();
});
useCli();

/** The shell session of docs/export.md that holds `marker`: its commands and the lines it shows. */
function session(marker: string): { commands: string[]; shown: string[] } {
  const text = readFileSync(new URL('../../docs/export.md', import.meta.url), 'utf8');
  const block = text
    .split(/^```/m)
    .find((part) => part.includes(marker))
    ?.split('\n')
    .slice(1);
  if (!block) throw new Error(`docs/export.md has no sample with ${marker}`);
  return {
    commands: block.filter((line) => line.startsWith('$ ')).map((line) => line.slice(2)),
    shown: block.filter((line) => !line.startsWith('$ ') && line !== '...' && line.trim() !== ''),
  };
}

/** What may differ from run to run: the day, the ETA. */
function normal(line: string): string {
  return line
    .replace(/\d{4}-\d\d-\d\dT00:00:00\.000Z/g, 'NEXT-DAY')
    .replace(/\d{4}-\d\d-\d\d/g, 'DAY')
    .replace(/ETA \S+/, 'ETA …');
}

describe('docs/export.md samples', () => {
  const sandbox = createSandbox({ dailyLimit: 5 });
  let server: SandboxServer;
  beforeAll(async () => {
    server = await sandbox.listen();
  });
  afterAll(async () => {
    await server.close();
  });

  it('the budget runs out: the sample shows what the program prints, line for line', async () => {
    const { commands, shown } = session('--category 1608 --per 5 --out tablets.jsonl');
    const dir = tempDir();
    const shim = `price-catalog() { "${process.execPath}" "${BIN}" "$@"; }`;
    const script = [shim, ...commands.map((command) => `${command} 2>&1`)].join('\n');
    const output = await new Promise<string>((resolve) => {
      const child = spawn('bash', ['-c', script], {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          PRICE_CATALOG_BASE_URL: server.baseUrl,
          PRICE_CATALOG_AUTH_URL: server.authUrl,
          PRICE_CATALOG_CLIENT_ID: sandbox.clientId,
          PRICE_CATALOG_CLIENT_SECRET: sandbox.clientSecret,
          PRICE_CATALOG_STATE_DIR: join(dir, 'state'),
          PRICE_CATALOG_DAILY_LIMIT: '5',
        },
      });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      child.on('close', () => resolve(text));
    });
    const printed = output.split('\n').map(normal);
    // Each line the sample shows is printed, in the sample's order.
    let at = 0;
    for (const line of shown.map(normal)) {
      const found = printed.indexOf(line, at);
      expect(
        found,
        `not printed (in order): ${line}\n--- printed:\n${printed.join('\n')}`,
      ).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  }, 60_000);
});
