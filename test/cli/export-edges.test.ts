import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { bundleCli, counted, progressPages, run, sandboxSkuCount, tempDir, useCli } from './cli-helpers.js';

/** The exporter's rough edges, each as a user meets it: the CLI in a child process. */
let BIN = '';
beforeAll(async () => {
  BIN = await bundleCli();
});
useCli();

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SMALL_CATEGORY = 1608; // 37 SKUs (8 pages at --per 5)

describe('price-catalog export: rough edges', () => {
  const sandbox = createSandbox({ dailyLimit: null, rateLimit: { limit: 1000, windowMs: 1000 } });
  let server: SandboxServer;
  let reference: string;
  let skus: number;
  beforeAll(async () => {
    server = await sandbox.listen();
    skus = await sandboxSkuCount(sandbox, SMALL_CATEGORY);
    const out = join(tempDir(), 'reference.jsonl');
    const made = await run(
      BIN,
      ['skus', '--category', String(SMALL_CATEGORY), '--per', '5', '--out', out, '--no-cache'],
      { server, sandbox, stateDir: join(tempDir(), 'state') },
    );
    expect(made.code, made.stderr).toBe(0);
    reference = readFileSync(out, 'utf8');
  });
  afterAll(async () => {
    await server.close();
  });
  const env = () => ({ server, sandbox, stateDir: join(tempDir(), 'state') });

  it('Ctrl-C while a call waits for the rate window ends the process within 2 s; the resume loses nothing', async () => {
    // Three calls a window of 10 s: the fourth page waits for the window, and the resume (the
    // pages left) waits for the window once or more.
    const limited = createSandbox({ dailyLimit: null, rateLimit: { limit: 3, windowMs: 10_000 } });
    const limitedServer = await limited.listen();
    try {
      const dir = tempDir();
      const out = join(dir, 'skus.jsonl');
      const e = { server: limitedServer, sandbox: limited, stateDir: join(dir, 'state') };
      const args = ['skus', '--category', String(SMALL_CATEGORY), '--per', '5', '--out', out, '--no-cache'];
      let signalledAt = 0;
      const first = await run(BIN, args, e, (text, child) => {
        if (!signalledAt && progressPages(text) >= 3) {
          signalledAt = Date.now();
          // Well inside the wait for the window.
          setTimeout(() => child.kill('SIGINT'), 300);
        }
      });
      const endedIn = Date.now() - signalledAt - 300;
      expect(first.code, first.stderr).toBe(130);
      expect(endedIn).toBeLessThan(2000);
      expect(first.stderr).toMatch(
        /Interrupted: 15 records in .*skus\.jsonl, checkpoint saved after page 3 \(3 calls in this run\)\. To resume from page 4, run the same command:\n {2}price-catalog export skus --category 1608 --per 5 --out \S+skus\.jsonl --no-cache\n/,
      );
      // The call that waited was never sent.
      expect(limited.apiCalls()).toHaveLength(3);
      const resumed = await run(BIN, args, e);
      expect(resumed.code, resumed.stderr).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(reference);
      // Every page once: ceil(SKUs / 5) calls in all.
      expect(limited.apiCalls()).toHaveLength(Math.ceil(skus / 5));
      expect(limited.stats.overLimit).toBe(0);
    } finally {
      await limitedServer.close();
    }
  }, 60_000);

  it('a refusal names the exact command of the export on --out, every defining option included', async () => {
    const dir = tempDir();
    const out = join(dir, 'skus.jsonl');
    const e = { server, sandbox, stateDir: join(dir, 'state') };
    const started = await run(
      BIN,
      [
        'skus',
        '--category',
        String(SMALL_CATEGORY),
        '--per',
        '5',
        '--order-by',
        'pricevat',
        '--max-calls',
        '1',
        '--out',
        out,
        '--no-cache',
      ],
      e,
    );
    expect(started.code, started.stderr).toBe(75);
    const refused = await counted(
      BIN,
      sandbox,
      ['skus', '--category', String(SMALL_CATEGORY), '--out', out],
      e,
    );
    expect(refused.code).toBe(2);
    expect(refused.calls).toBe(0);
    const command = `price-catalog export skus --category ${SMALL_CATEGORY} --order-by pricevat --format jsonl --per 5 --out ${out}`;
    expect(refused.stderr).toContain(`To finish that one, run:\n  ${command}\n`);
    // Running it as given finishes that export.
    const finished = await run(BIN, [...command.split(' ').slice(2), '--no-cache'], e);
    expect(finished.code, finished.stderr).toBe(0);
    expect(finished.stderr).toContain('Resuming');
  }, 60_000);

  it('a first page that fails (404) leaves nothing that blocks the corrected command on the same --out', async () => {
    const dir = tempDir();
    const out = join(dir, 'skus.jsonl');
    const e = { server, sandbox, stateDir: join(dir, 'state') };
    const wrong = await run(BIN, ['skus', '--category', '999999', '--out', out], e);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/not found|NotFound|404/i);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(`${out}.checkpoint.json`)).toBe(false);
    expect(existsSync(`${out}.lock`)).toBe(false);
    const right = await run(
      BIN,
      ['skus', '--category', String(SMALL_CATEGORY), '--per', '5', '--out', out],
      e,
    );
    expect(right.code, right.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
  }, 60_000);

  it('--out - writes the records to stdout, progress and messages to stderr, and no file named -', async () => {
    const result = await run(
      BIN,
      ['skus', '--category', String(SMALL_CATEGORY), '--per', '5', '--out', '-', '--no-cache'],
      env(),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(reference);
    expect(result.stderr).toContain('progress: ');
    expect(result.stderr).toContain(`Done: ${skus} records written to stdout (${Math.ceil(skus / 5)} pages;`);
    expect(existsSync(join(ROOT, '-'))).toBe(false);
  }, 60_000);

  it('missing credentials name both the flag and the environment variable, before any call', async () => {
    const result = await counted(
      BIN,
      sandbox,
      ['skus', '--category', '40', '--out', join(tempDir(), 'x.jsonl')],
      {
        ...env(),
        extra: { PRICE_CATALOG_CLIENT_SECRET: '', PRICE_CATALOG_CLIENT_ID: '' },
      },
    );
    expect(result.code).toBe(2);
    expect(result.calls).toBe(0);
    expect(result.stderr).toContain(
      'price-catalog: --client-id (or the PRICE_CATALOG_CLIENT_ID environment variable), --client-secret (or the PRICE_CATALOG_CLIENT_SECRET environment variable) are required',
    );
  }, 60_000);

  it('a missing output directory is named as such', async () => {
    const missing = join(tempDir(), 'no', 'such');
    const result = await counted(
      BIN,
      sandbox,
      ['skus', '--category', '40', '--out', join(missing, 'x.jsonl')],
      env(),
    );
    expect(result.code).toBe(2);
    expect(result.calls).toBe(0);
    expect(result.stderr).toContain(`the directory of --out does not exist: ${missing}`);
    expect(result.stderr).not.toContain('ENOENT');
  }, 60_000);

  it("a base URL without a scheme gets the SDK's own message, not 'could not be reached'", async () => {
    const result = await counted(
      BIN,
      sandbox,
      ['skus', '--category', '40', '--out', join(tempDir(), 'x.jsonl')],
      {
        ...env(),
        extra: { PRICE_CATALOG_BASE_URL: 'localhost:8080' },
      },
    );
    expect(result.code).toBe(2);
    expect(result.calls).toBe(0);
    expect(result.stderr).toContain(
      'createClient: baseUrl must be an http(s) URL such as https://api.example.com (--base-url / PRICE_CATALOG_BASE_URL)',
    );
    expect(result.stderr).not.toContain('could not be reached');
  }, 60_000);

  it('says "1 page", "1 call", "1 record" in the singular', async () => {
    const result = await run(
      BIN,
      ['skus', '--category', String(SMALL_CATEGORY), '--out', join(tempDir(), 'one.jsonl'), '--no-cache'],
      env(),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('pages of 100: 1 call (1 spent on the first page)');
    expect(result.stderr).toContain(`Done: ${skus} records in`);
    expect(result.stderr).toContain('(1 page; 1 call over all runs, 1 in this run)');
    expect(result.stderr).not.toMatch(/\b1 (pages|calls|records|items)\b/);
  }, 60_000);

  it('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/bin.ts', '--version'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toBe(version);
  }, 60_000);
});
