import { execFile } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { installPacked } from '../../scripts/size.mjs';

/**
 * The packed package in the server runtimes the SDK makes choices for (src/client.ts: `redirect:
 * 'manual'` and the log on stderr in Node, Deno and Bun). Bun and Deno come from the npm registry at
 * pinned versions, as CI's Node 22 and 24 do. Run by `.ci/run` (and `npm run test:runtimes`), not
 * by `npm test`, which stays within its time.
 */
const run = promisify(execFile);
const RUNTIMES: [name: string, command: string, args: string[]][] = [
  ['Node', process.execPath, []],
  ['Bun 1.4.4', 'npx', ['-y', 'bun@1.4.4']],
  // The permissions the SDK and its sandbox need in Deno: the network, PRICE_CATALOG_LOG, and
  // reading the installed package.
  ['Deno 2.9.6', 'npx', ['-y', 'deno@2.9.6', 'run', '--allow-net', '--allow-env', '--allow-read']],
];

const EXPECTED = {
  get: 40,
  // 340 SKUs: the largest page the sandbox serves (100), so 4 calls.
  crawl: 340,
  crawlCalls: 4,
  singleFlightCalls: 1,
  timeout: 'TimeoutError',
  deadline: 'TimeoutError',
  noLimit: 40,
  abort: 'AbortError',
  overBudget: 'DailyLimitError',
  budgetCalls: 1,
  loopback: 40,
  redirected: 40,
  again: 40,
  // The SDK followed the 301 itself and remembered it: the second call went straight to the target.
  redirectPaths: ['301 /categories/42', '200 /categories/40', '200 /categories/40'],
  warned: 'not a number',
  entry: 'index.js',
  strict: 'ResponseValidationError at skus.2.name',
};

let dir = '';
beforeAll(() => {
  dir = installPacked().dir;
  copyFileSync(new URL('./smoke.mjs', import.meta.url), join(dir, 'smoke.mjs'));
}, 180_000);

describe('the packed package in each server runtime', () => {
  it.each(RUNTIMES)(
    '%s: calls, crawls, limits, aborts, redirects, checks answers and logs as in Node',
    async (_, command, args) => {
      const { stdout, stderr } = await run(command, [...args, 'smoke.mjs'], {
        cwd: dir,
        env: { ...process.env, PRICE_CATALOG_LOG: 'warn' },
        timeout: 120_000,
      });
      expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '')).toEqual(EXPECTED);
      // The default logger's warning went to stderr (never stdout, which a script's output may be).
      expect(stderr).toMatch(/\[price-catalog\] Response of GET \/categories\/40 did not match its schema/);
      expect(stdout).not.toContain('[price-catalog]');
    },
    150_000,
  );
});
