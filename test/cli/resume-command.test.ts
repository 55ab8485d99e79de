import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { bundleCli, counted, progressPages, run, tempDir, useCli } from './cli-helpers.js';

/**
 * When an export stops before the end, it prints the command that goes on: the words the user
 * typed, quoted for a shell. Pasted into a shell (here `bash -c`, with `price-catalog` on PATH),
 * it finishes the export.
 */
let BIN = '';
beforeAll(async () => {
  BIN = await bundleCli();
});
useCli();

const SMALL_CATEGORY = 1608; // 27 SKUs

/** The indented line after `marker` in the CLI's stderr. */
function printedCommand(stderr: string, marker: string): string {
  const after = stderr.slice(stderr.indexOf(marker));
  const line = /\n {2}(price-catalog .+)\n/.exec(after)?.[1];
  if (!line) throw new Error(`no command after "${marker}" in:\n${stderr}`);
  return line;
}

describe('the command an export prints to go on', () => {
  const sandbox = createSandbox({
    latencyMs: 20,
    dailyLimit: null,
    rateLimit: { limit: 1000, windowMs: 1000 },
  });
  let server: SandboxServer;
  let shim = '';
  beforeAll(async () => {
    server = await sandbox.listen();
    // `price-catalog` on PATH, as an installed package puts it there.
    shim = join(tempDir(), 'bin');
    mkdirSync(shim);
    writeFileSync(join(shim, 'price-catalog'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(shim, 'price-catalog'), 0o755);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Runs a printed command in bash, with the credentials in the environment. */
  function paste(command: string, stateDir: string) {
    return new Promise<{ code: number | null; stderr: string }>((resolve) => {
      import('node:child_process').then(({ spawn }) => {
        const child = spawn('bash', ['-c', command], {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: {
            PATH: `${shim}:${process.env.PATH}`,
            PRICE_CATALOG_BASE_URL: server.baseUrl,
            PRICE_CATALOG_AUTH_URL: server.authUrl,
            PRICE_CATALOG_CLIENT_ID: sandbox.clientId,
            PRICE_CATALOG_CLIENT_SECRET: sandbox.clientSecret,
            PRICE_CATALOG_STATE_DIR: stateDir,
          },
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.on('close', (code) => resolve({ code, stderr }));
      });
    });
  }

  it('Ctrl-C prints the exact command, quoted for a shell, without --restart; pasted, it finishes the export', async () => {
    const dir = tempDir();
    const stateDir = join(dir, 'state');
    // A name a shell would split and a quote it would eat, unless quoted.
    const out = join(dir, "bob's skus.jsonl");
    const reference = join(dir, 'reference.jsonl');
    const whole = await run(
      BIN,
      ['skus', '--category', String(SMALL_CATEGORY), '--per', '3', '--out', reference, '--no-cache'],
      { server, sandbox, stateDir },
    );
    expect(whole.code, whole.stderr).toBe(0);

    const args = [
      'skus',
      '--category',
      String(SMALL_CATEGORY),
      '--per',
      '3',
      '--out',
      out,
      '--no-cache',
      '--restart',
    ];
    let signalled = false;
    const first = await run(BIN, args, { server, sandbox, stateDir }, (text, child) => {
      if (!signalled && progressPages(text) >= 2) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    expect(first.code, first.stderr).toBe(130);
    const command = printedCommand(first.stderr, 'Interrupted:');
    expect(command).toBe(
      `price-catalog export skus --category ${SMALL_CATEGORY} --per 3 --out '${dir}/bob'\\''s skus.jsonl' --no-cache`,
    );

    const pasted = await paste(command, stateDir);
    expect(pasted.code, pasted.stderr).toBe(0);
    expect(pasted.stderr).toContain('Resuming ');
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(reference, 'utf8'));
  }, 60_000);

  it('a secret given as a flag is never printed back: the command takes it from the environment', async () => {
    const dir = tempDir();
    const out = join(dir, 'skus.jsonl');
    const result = await counted(
      BIN,
      sandbox,
      [
        'skus',
        '--category',
        '40',
        '--per',
        '5',
        '--out',
        out,
        '--client-secret',
        sandbox.clientSecret,
        '--max-calls',
        '2',
      ],
      { server, sandbox, stateDir: join(dir, 'state'), extra: { PRICE_CATALOG_CLIENT_SECRET: '' } },
    );
    expect(result.code, result.stderr).toBe(75);
    expect(result.stderr).not.toContain(sandbox.clientSecret);
    const command = printedCommand(result.stderr, 'Stopped: --max-calls 2');
    expect(command).toBe(
      `price-catalog export skus --category 40 --per 5 --out ${out} --max-calls 2  # with the client secret in PRICE_CATALOG_CLIENT_SECRET`,
    );
    const pasted = await paste(command, join(dir, 'state'));
    expect(pasted.code, pasted.stderr).toBe(75);
    expect(pasted.stderr).toMatch(/Resuming .*skus\.jsonl: 10 records in 2 pages written/);
  }, 60_000);

  it('--plan prints the command that exports, without --plan', async () => {
    const dir = tempDir();
    const out = join(dir, 'skus.jsonl');
    const planned = await run(
      BIN,
      ['skus', '--category', String(SMALL_CATEGORY), '--plan', '--per', '10', '--out', out],
      { server, sandbox, stateDir: join(dir, 'state') },
    );
    expect(planned.code, planned.stderr).toBe(0);
    expect(printedCommand(planned.stderr, 'Plan only:')).toBe(
      `price-catalog export skus --category ${SMALL_CATEGORY} --per 10 --out ${out}`,
    );
  }, 60_000);

  it('the plan counts the days it needs in words: "1 more day", "3 more days"', async () => {
    const plan = async (dailyLimit: number) => {
      const dir = tempDir();
      const result = await run(
        BIN,
        [
          'skus',
          '--category',
          '40',
          '--per',
          '5',
          '--plan',
          '--daily-limit',
          String(dailyLimit),
          '--out',
          join(dir, 's.jsonl'),
        ],
        { server, sandbox, stateDir: join(dir, 'state') },
      );
      expect(result.code, result.stderr).toBe(0);
      return result.stderr;
    };
    // Category 40: 340 SKUs, 68 pages of 5; the first page is fetched by --plan.
    const [fifty, twenty] = await Promise.all([plan(50), plan(20)]);
    expect(fifty).toContain('It needs 67 more calls, more than is left today: this run stops after 50 calls');
    expect(fifty).toMatch(/\(about 1 more day\)\./);
    expect(twenty).toMatch(/\(about 3 more days\)\./);
    expect(twenty).not.toContain('(s)');
  }, 60_000);
});
