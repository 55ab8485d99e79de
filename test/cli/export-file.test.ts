import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileCoordination } from '../../src/file/index.js';
import { createClient } from '../../src/index.js';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { bundleCli, counted, run, sandboxSkuCount, tempDir, useCli } from './cli-helpers.js';

/**
 * The exporter counts the day's budget in the state directory (`price-catalog/file`), the same
 * count a script's `fileCoordination()` on that directory reads and adds to.
 */
let BIN = '';
beforeAll(async () => {
  BIN = await bundleCli();
});
useCli();

const SMALL_CATEGORY = 1608; // 37 SKUs

describe('price-catalog export on the state directory', () => {
  const sandbox = createSandbox({ dailyLimit: 50, rateLimit: { limit: 1000, windowMs: 1000 } });
  let server: SandboxServer;
  beforeAll(async () => {
    server = await sandbox.listen();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A script's client on the same directory, as docs/scripts.md shows it. */
  const script = (dir: string) =>
    createClient({
      baseUrl: server.baseUrl,
      authUrl: server.authUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      dailyLimit: 50,
      coordination: fileCoordination({ dir }),
    });

  it("a script's usage() includes the exporter's calls, and the exporter's plan the script's", async () => {
    const dir = tempDir();
    const stateDir = join(dir, 'state');
    const env = { server, sandbox, stateDir, extra: { PRICE_CATALOG_DAILY_LIMIT: '50' } };
    const args = ['skus', '--category', String(SMALL_CATEGORY), '--per', '10', '--no-cache'];
    // One call a page of 10 (asked in process, before the counts start).
    const pages = Math.ceil((await sandboxSkuCount(sandbox, SMALL_CATEGORY)) / 10);
    const first = await counted(BIN, sandbox, [...args, '--out', join(dir, 'a.jsonl')], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.calls).toBe(pages);
    const tokens = sandbox.stats.tokenRequests;
    const api = script(stateDir);
    expect(api.usage()).toMatchObject({ calls: pages, remaining: 50 - pages });
    await api.catalog.categories.root();
    await api.catalog.categories.get(40);
    expect(api.usage()).toMatchObject({ calls: pages + 2, remaining: 48 - pages });
    // The token the exporter obtained was read from the directory: no second token request.
    expect(sandbox.stats.tokenRequests).toBe(tokens);
    const second = await run(BIN, [...args, '--out', join(dir, 'b.jsonl')], env);
    expect(second.code, second.stderr).toBe(0);
    // After the first page of this run: the first run's pages, the script's 2 and this page.
    expect(second.stderr).toMatch(
      new RegExp(`Today \\(server day \\S+\\): ${50 - (pages + 2 + 1)} of 50 calls left\\.`),
    );
    expect(script(stateDir).usage()).toMatchObject({ calls: 2 * pages + 2 });
  }, 60_000);

  it('a base URL whose port refuses the connection spends nothing of the budget', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as { port: number };
    await new Promise((resolve) => probe.close(resolve));
    const dir = tempDir();
    const stateDir = join(dir, 'state');
    const result = await run(
      BIN,
      ['skus', '--category', String(SMALL_CATEGORY), '--out', join(dir, 'x.jsonl'), '--no-cache'],
      { server, sandbox, stateDir, extra: { PRICE_CATALOG_BASE_URL: `http://127.0.0.1:${port}` } },
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/could not be reached|ECONNREFUSED|failed/i);
    expect(script(stateDir).usage().calls).toBe(0);
  }, 60_000);
});
