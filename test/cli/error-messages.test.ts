import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { bundleCli, counted, tempDir, useCli } from './cli-helpers.js';

/** Every error of `price-catalog`, whoever finds it (the flags' parser, the exporter, the SDK), reads the same way. */
let BIN = '';
beforeAll(async () => {
  BIN = await bundleCli();
});
useCli();

describe('price-catalog error messages', () => {
  const sandbox = createSandbox({ dailyLimit: null });
  let server: SandboxServer;
  beforeAll(async () => {
    server = await sandbox.listen();
  });
  afterAll(async () => {
    await server.close();
  });
  const env = (extra: Record<string, string> = {}) => ({
    server,
    sandbox,
    stateDir: join(tempDir(), 'state'),
    extra,
  });

  it.each([
    [
      'an unknown flag',
      ['skus', '--category', '40', '--out', 'x.jsonl', '--colour'],
      {},
      "unknown option '--colour'",
    ],
    ['no --out', ['skus', '--category', '40'], {}, "required option '--out <file>' not specified"],
    ['a bad number', ['skus', '--category', 'forty', '--out', 'x.jsonl'], {}, 'must be a whole number >= 1'],
    ['no source', ['skus', '--out', 'x.jsonl'], {}, 'give --category ID, --manufacturer ID or --search Q'],
    [
      'a filter without a category',
      ['skus', '--manufacturer', '28', '--shop-ids', '1', '--out', 'x.jsonl'],
      {},
      '--shop-ids filters a category listing: give --category',
    ],
    [
      'no credentials',
      ['skus', '--category', '40', '--out', 'x.jsonl'],
      { PRICE_CATALOG_CLIENT_ID: '' },
      '--client-id (or the PRICE_CATALOG_CLIENT_ID environment variable) is required',
    ],
    [
      'an output directory that does not exist',
      ['skus', '--category', '40', '--out', '/no/such/dir/x.jsonl'],
      {},
      'the directory of --out does not exist: /no/such/dir',
    ],
    [
      'a base URL without a scheme',
      ['skus', '--category', '40', '--out', 'x.jsonl'],
      { PRICE_CATALOG_BASE_URL: 'localhost:8080' },
      'baseUrl must be an http(s) URL',
    ],
  ] as const)(
    '%s: one line, "price-catalog: " and the message, exit 2, no call',
    async (_, args, extra, message) => {
      const out = args.map((arg) => (arg === 'x.jsonl' ? join(tempDir(), 'x.jsonl') : arg));
      const result = await counted(BIN, sandbox, out, env(extra));
      expect(result.code).toBe(2);
      expect(result.calls).toBe(0);
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines, result.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^price-catalog: /);
      expect(lines[0]).toContain(message);
      expect(result.stderr).not.toMatch(/\berror: |\[price-catalog\]|export: /);
    },
    60_000,
  );

  it('a failure the exporter did not foresee (a category that does not exist) also reads "price-catalog: ", with no stack', async () => {
    const result = await counted(
      BIN,
      sandbox,
      ['skus', '--category', '999999999', '--out', join(tempDir(), 'x.jsonl'), '--no-cache'],
      env(),
    );
    expect(result.code).toBe(1);
    const errors = result.stderr.split('\n').filter((line) => line.startsWith('price-catalog: '));
    expect(errors, result.stderr).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n {4}at |\[price-catalog\] error/);
  }, 60_000);
});
