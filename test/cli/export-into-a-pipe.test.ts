import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { bundleCli, tempDir, useCli } from './cli-helpers.js';

/** `price-catalog export --out - | head`: the reader leaves early, and that is not an error. */
let BIN = '';
beforeAll(async () => {
  BIN = await bundleCli();
});
useCli();

describe('price-catalog export --out - into a pipe', () => {
  const sandbox = createSandbox({ dailyLimit: null, rateLimit: { limit: 1000, windowMs: 1000 } });
  let server: SandboxServer;
  beforeAll(async () => {
    server = await sandbox.listen();
  });
  afterAll(async () => {
    await server.close();
  });

  it('piped into head: exit 0, no EPIPE or stack on stderr, and the export stops there', async () => {
    // The shell's pipeline as a user types it; PIPESTATUS gives the exporter's own exit code.
    const script = `"${process.execPath}" "${BIN}" export skus --category 40 --per 5 --out - --no-cache | head -n 3; echo "exporter=\${PIPESTATUS[0]}" >&2`;
    const before = sandbox.apiCalls().length;
    const child = spawn('bash', ['-c', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        PRICE_CATALOG_BASE_URL: server.baseUrl,
        PRICE_CATALOG_AUTH_URL: server.authUrl,
        PRICE_CATALOG_CLIENT_ID: sandbox.clientId,
        PRICE_CATALOG_CLIENT_SECRET: sandbox.clientSecret,
        PRICE_CATALOG_STATE_DIR: tempDir(),
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
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toContain('exporter=0');
    expect(stderr).not.toMatch(/EPIPE|Unhandled|Error|\n {4}at /);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ category_id: 40 });
    // 68 pages of 5 make the whole category: the exporter stopped within a page or two of the
    // reader leaving, rather than spending the rest of the budget on a closed pipe.
    expect(sandbox.apiCalls().length - before).toBeLessThanOrEqual(3);
  }, 60_000);
});
