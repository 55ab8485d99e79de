import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox, type SandboxServer } from '../../src/sandbox/index.js';
import { sandboxClient } from '../helpers/index.js';
import {
  bundleCli,
  counted as countedCli,
  type Env,
  progressPages,
  type Run,
  run as runCli,
  sandboxSkuCount,
  tempDir,
  useCli,
} from './cli-helpers.js';

/**
 * `price-catalog export` end to end: the CLI runs in a child process (as a user runs it) against
 * the sandbox's HTTP server in this process, which counts every request it gets.
 */
let BIN = '';
beforeAll(async () => {
  BIN = await bundleCli();
});
useCli();

const SMALL_CATEGORY = 1608; // 37 SKUs; some names hold quotes and commas
const LARGEST_CATEGORY = 40; // 340 SKUs

function run(args: string[], env: Env, onStderr?: (text: string, child: ChildProcess) => void): Promise<Run> {
  return runCli(BIN, args, env, onStderr);
}

function counted(
  sandbox: Sandbox,
  args: string[],
  env: Env,
  onStderr?: (text: string, child: ChildProcess) => void,
): Promise<Run & { calls: number }> {
  return countedCli(BIN, sandbox, args, env, onStderr);
}

describe('price-catalog export (child process against the sandbox server)', () => {
  // A little latency per request, so that a SIGINT lands mid-way; short rate windows.
  const sandbox = createSandbox({
    latencyMs: 15,
    dailyLimit: null,
    rateLimit: { limit: 1000, windowMs: 1000 },
  });
  let server: SandboxServer;
  let reference: string;
  let referenceCalls: number;

  beforeAll(async () => {
    server = await sandbox.listen();
    const out = join(tempDir(), 'reference.jsonl');
    const result = await counted(
      sandbox,
      ['offers', '--category', String(SMALL_CATEGORY), '--per', '10', '--out', out, '--no-cache'],
      { server, sandbox, stateDir: tempDir() },
    );
    expect(result.code, result.stderr).toBe(0);
    reference = readFileSync(out, 'utf8');
    referenceCalls = result.calls;
  }, 60_000);

  afterAll(async () => {
    await server.close();
  });

  it('interrupted with SIGINT mid-way and resumed: the same bytes as an uninterrupted export, no call spent twice', async () => {
    const dir = tempDir();
    const out = join(dir, 'offers.jsonl');
    const env = { server, sandbox, stateDir: join(dir, 'state') };
    const args = ['offers', '--category', String(SMALL_CATEGORY), '--per', '10', '--out', out, '--no-cache'];
    let signalled = false;
    const first = await counted(sandbox, args, env, (text, child) => {
      if (!signalled && progressPages(text) >= 8) {
        signalled = true;
        child.kill('SIGINT');
      }
    });
    expect(first.code, first.stderr).toBe(130);
    expect(first.stderr).toContain('SIGINT: stopping; the page in flight has 1 s to finish');
    expect(first.stderr).toMatch(
      /Interrupted: \d+ records in .*offers\.jsonl, checkpoint saved after page \d+/,
    );
    const partial = readFileSync(out, 'utf8');
    // Mid-way, and on a complete record: a prefix of the whole export, ending with a newline.
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(reference.length);
    expect(reference.startsWith(partial)).toBe(true);
    expect(partial.endsWith('\n')).toBe(true);
    expect(existsSync(`${out}.checkpoint.json`)).toBe(true);

    const resumed = await counted(sandbox, args, env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/Resuming .*offers\.jsonl: \d+ records in \d+ pages written/);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    // Every call the interrupted run made served the file: together they made exactly the
    // calls of one uninterrupted export (the resume re-spent 0).
    expect(first.calls).toBeGreaterThan(0);
    expect(first.calls + resumed.calls).toBe(referenceCalls);
    expect(existsSync(`${out}.checkpoint.json`)).toBe(false);
  }, 60_000);

  it('killed mid-way (a crash): the file is cut back to its last complete page and the resume finishes it', async () => {
    const dir = tempDir();
    const out = join(dir, 'offers.jsonl');
    const env = { server, sandbox, stateDir: join(dir, 'state') };
    // With the disk cache: a page answered just before the crash is fresh there on resume.
    const args = ['offers', '--category', String(SMALL_CATEGORY), '--per', '10', '--out', out];
    let killed = false;
    const crashed = await counted(sandbox, args, env, (text, child) => {
      if (!killed && progressPages(text) >= 6) {
        killed = true;
        child.kill('SIGKILL');
      }
    });
    expect(crashed.code).toBe(null);
    expect(reference.startsWith(readFileSync(out, 'utf8').split('\n').slice(0, -1).join('\n'))).toBe(true);
    const resumed = await counted(sandbox, args, env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(reference);
    // At most the one call in flight when the process died is made again.
    expect(crashed.calls + resumed.calls).toBeGreaterThanOrEqual(referenceCalls);
    expect(crashed.calls + resumed.calls).toBeLessThanOrEqual(referenceCalls + 1);
  }, 60_000);

  it('refuses a second run on the same output while the first is running', async () => {
    // A slower server (100 ms a request), so the first run is surely still going.
    const slow = createSandbox({
      latencyMs: 100,
      dailyLimit: null,
      rateLimit: { limit: 1000, windowMs: 1000 },
    });
    const slowServer = await slow.listen();
    try {
      const dir = tempDir();
      const out = join(dir, 'offers.jsonl');
      const env = { server: slowServer, sandbox: slow, stateDir: join(dir, 'state') };
      const args = [
        'offers',
        '--category',
        String(SMALL_CATEGORY),
        '--per',
        '10',
        '--out',
        out,
        '--no-cache',
      ];
      let second: Promise<Run> | undefined;
      const first = await run(args, env, (text) => {
        if (!second && progressPages(text) >= 2) second = run(args, env);
      });
      const refused = await (second as Promise<Run>);
      expect(first.code, first.stderr).toBe(0);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/another export \(pid \d+\) is writing .*offers\.jsonl/);
      expect(readFileSync(out, 'utf8')).toBe(reference);
      expect(existsSync(`${out}.lock`)).toBe(false);
    } finally {
      await slowServer.close();
    }
  }, 60_000);

  it('plans from the first page, honours --plan and --max-calls, and resumes from there', async () => {
    const dir = tempDir();
    const out = join(dir, 'skus.jsonl');
    const env = {
      server,
      sandbox,
      stateDir: join(dir, 'state'),
      extra: { PRICE_CATALOG_DAILY_LIMIT: '500' },
    };
    const args = ['skus', '--category', String(LARGEST_CATEGORY), '--per', '50', '--out', out, '--no-cache'];

    const planned = await counted(sandbox, [...args, '--plan'], env);
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.calls).toBe(1);
    expect(planned.stderr).toContain(
      `Plan: skus of category ${LARGEST_CATEGORY}, 340 records, pages of 50: 7 calls (1 spent on the first page).`,
    );
    expect(planned.stderr).toMatch(/Today \(server day \d{4}-\d\d-\d\d\): 499 of 500 calls left\./);
    expect(planned.stderr).toContain('The export fits: 6 more calls.');
    expect(planned.stderr).toContain('Plan only: 50 records in');

    const capped = await counted(sandbox, [...args, '--max-calls', '2'], env);
    expect(capped.code, capped.stderr).toBe(75);
    expect(capped.calls).toBe(2);
    expect(capped.stderr).toContain('Stopped: --max-calls 2 reached (2 calls in this run). 150 records in');
    // Plain progress lines when stderr is not a terminal: items, pages, calls, left today, ETA.
    expect(capped.stderr).toMatch(/progress: 100 items, 2 pages, 2\/7 calls spent, 498 left today, ETA \d+s/);
    expect(capped.stderr).toMatch(/progress: 150 items, 3 pages, 3\/7 calls spent, 497 left today, ETA \d+s/);

    const replanned = await counted(sandbox, [...args, '--plan'], env);
    expect(replanned.code, replanned.stderr).toBe(0);
    expect(replanned.calls).toBe(0);
    expect(replanned.stderr).toContain(
      'Plan only: the plan was made on the first run (7 planned); nothing fetched.',
    );

    const rest = await counted(sandbox, args, env);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.calls).toBe(4);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    const ids = lines.map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toHaveLength(340);
    expect(new Set(ids).size).toBe(340);
    expect(ids).toEqual(
      (await sandboxListing(sandbox, `/categories/${LARGEST_CATEGORY}/skus`, 340)).map((sku) => sku.id),
    );
  }, 60_000);

  it('writes CSV that parses back to the API values, quotes and commas included', async () => {
    const dir = tempDir();
    const env = { server, sandbox, stateDir: join(dir, 'state') };
    const csvOut = join(dir, 'skus.csv');
    const jsonOut = join(dir, 'skus.jsonl');
    const category = ['skus', '--category', String(SMALL_CATEGORY), '--no-cache'];
    expect((await run([...category, '--format', 'csv', '--out', csvOut], env)).code).toBe(0);
    expect((await run([...category, '--out', jsonOut], env)).code).toBe(0);
    const skus = readFileSync(jsonOut, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const text = readFileSync(csvOut, 'utf8');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(await sandboxSkuCount(sandbox, SMALL_CATEGORY));
    expect(skus.some((sku) => /[",]/.test(String(sku.display_name)))).toBe(true);
    rows.forEach((row, i) => {
      const sku = skus[i] as Record<string, unknown>;
      expect(row.id).toBe(String(sku.id));
      expect(row.display_name).toBe(sku.display_name);
      expect(row.name).toBe(sku.name);
      expect(row.price_min).toBe(String(sku.price_min));
      expect(row.future).toBe(String(sku.future));
    });
    expect(text.split('\n')[0]).toBe(
      'id,name,display_name,category_id,manufacturer_id,price_min,price_max,shop_count,reviewscore,reviews_count,ean,pn,future,web_uri',
    );
  }, 60_000);

  it('with PRICE_CATALOG_LOG=debug shows each request on stderr and no secret anywhere', async () => {
    const dir = tempDir();
    const out = join(dir, 'offers.csv');
    const before = sandbox.requests.length;
    const result = await counted(
      sandbox,
      ['offers', '--category', String(SMALL_CATEGORY), '--per', '50', '--format', 'csv', '--out', out],
      { server, sandbox, stateDir: join(dir, 'state'), extra: { PRICE_CATALOG_LOG: 'debug' } },
    );
    expect(result.code, result.stderr).toBe(0);
    const shown = result.stderr.match(/debug: <-- 200 GET http:\/\/127\.0\.0\.1:\d+\/\S+ \d+ ms/g) ?? [];
    expect(shown).toHaveLength(result.calls);
    expect(result.stderr).toMatch(
      /debug: <-- 200 POST http:\/\/127\.0\.0\.1:\d+\/oauth2\/token \d+ ms \(token request\)/,
    );
    const tokens = new Set(
      sandbox.requests
        .slice(before)
        .map((r) => r.token)
        .filter((t): t is string => t !== undefined),
    );
    expect(tokens.size).toBeGreaterThan(0);
    const everything = result.stdout + result.stderr + readFileSync(out, 'utf8');
    expect(everything).not.toContain(sandbox.clientSecret);
    for (const token of tokens) expect(everything).not.toContain(token);
    // The CSV of offers: sku, shop, price, shipping, final price.
    const rows = parse(readFileSync(out, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(reference.trimEnd().split('\n').length);
    const first = JSON.parse(reference.split('\n')[0] as string) as {
      sku_id: number;
      shop_id: number;
      price: number;
      blp: { shipping_cost: number; final_price: number | null };
    };
    expect(rows[0]).toMatchObject({
      sku_id: String(first.sku_id),
      shop_id: String(first.shop_id),
      price: String(first.price),
      shipping_cost: String(first.blp.shipping_cost),
      final_price: first.blp.final_price === null ? '' : String(first.blp.final_price),
    });
  }, 60_000);

  it('keeps its ETag cache on disk: a second export revalidates each page and gets only 304s', async () => {
    // Category SKU lists are `max-age=0, must-revalidate`, as the real service sends them: the
    // cache cannot spare the calls, but every page comes back as an empty 304.
    const dir = tempDir();
    const env = { server, sandbox, stateDir: join(dir, 'state') };
    const args = ['skus', '--category', String(SMALL_CATEGORY), '--per', '10'];
    const pages = Math.ceil((await sandboxSkuCount(sandbox, SMALL_CATEGORY)) / 10);
    expect(pages).toBeGreaterThan(1);
    const first = await counted(sandbox, [...args, '--out', join(dir, 'a.jsonl')], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.calls).toBe(pages);
    const before = sandbox.apiCalls().length;
    const second = await counted(sandbox, [...args, '--out', join(dir, 'b.jsonl')], env);
    expect(second.code, second.stderr).toBe(0);
    expect(second.calls).toBe(pages);
    expect(
      sandbox
        .apiCalls()
        .slice(before)
        .map((call) => call.status),
    ).toEqual(Array.from({ length: pages }, () => 304));
    expect(readFileSync(join(dir, 'b.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'a.jsonl'), 'utf8'));
  }, 60_000);

  it('exports the SKUs of a search (its leaf categories, with the query) and of a manufacturer', async () => {
    const dir = tempDir();
    const env = { server, sandbox, stateDir: join(dir, 'state') };

    // What each category matching "case" lists with the query, asked in process.
    const phones = await sandboxSkuCount(sandbox, 579, '&q=case');
    const tablets = await sandboxSkuCount(sandbox, 1608, '&q=case');
    const start = sandbox.apiCalls().length;
    const searched = await counted(
      sandbox,
      ['skus', '--search', 'case', '--out', join(dir, 's.jsonl'), '--no-cache'],
      env,
    );
    expect(searched.code, searched.stderr).toBe(0);
    // The plan of a search is an estimate, and says so and why.
    expect(searched.stderr).toContain(
      `Plan: skus of the search "case", ≈${phones + tablets} records, pages of 100: ≈3 calls (1 spent on the first page).`,
    );
    expect(searched.stderr).toContain(
      "Estimate: the search answer counts the matching categories (2, on 1 search page) and each listed category's match_count, but how many pages (calls) each category's SKU listing with the query takes is known only once it is listed.",
    );
    // GET /search finds categories 579 and 1608 (match_count 26 and 2 today): one search page and
    // one SKU page for each.
    expect(searched.calls).toBe(3);
    // No category here is named after the query: each is listed with it as keyword.
    expect(
      sandbox
        .apiCalls()
        .slice(start)
        .map((call) => [call.path, call.query.get('q')]),
    ).toEqual([
      ['/search', 'case'],
      ['/categories/579/skus', 'case'],
      ['/categories/1608/skus', 'case'],
    ]);
    expect(searched.stderr).toContain(`Done: ${phones + tablets} records in`);
    const expected = [
      ...(await sandboxListing(sandbox, '/categories/579/skus', 1000, '&q=case')),
      ...(await sandboxListing(sandbox, '/categories/1608/skus', 1000, '&q=case')),
    ].map((sku) => sku.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(ids(join(dir, 's.jsonl'))).toEqual(expected);

    // Over several search pages (7 categories, 5 a page) with offers: still an estimate, saying
    // the later pages are extrapolated and offers are counted once listed.
    const planned = await counted(
      sandbox,
      ['offers', '--search', 'samsung', '--per', '5', '--plan', '--out', join(dir, 'o.jsonl'), '--no-cache'],
      env,
    );
    expect(planned.code, planned.stderr).toBe(0);
    expect(planned.calls).toBe(1);
    expect(planned.stderr).toMatch(/Plan: offers of the search "samsung", pages of 5: ≈\d+ calls \(1 spent/);
    expect(planned.stderr).toContain(
      'Estimate: the search answer counts the matching categories (7, on 2 search pages)',
    );
    expect(planned.stderr).toContain(
      'and the 2 categories on later search pages are taken to look like the first, and the offers of each SKU once its products are listed.',
    );

    const byMaker = await sandboxListing(sandbox, '/manufacturers/356/skus', 1000, '&order_by=price');
    expect(byMaker.length).toBeLessThanOrEqual(100);
    const made = await counted(
      sandbox,
      ['skus', '--manufacturer', '356', '--order-by', 'price', '--out', join(dir, 'm.jsonl'), '--no-cache'],
      env,
    );
    expect(made.code, made.stderr).toBe(0);
    expect(made.calls).toBe(1);
    expect(made.stderr).toContain(
      `Plan: skus of manufacturer 356, ${byMaker.length} records, pages of 100: 1 call (1 spent on the first page)`,
    );
    expect(ids(join(dir, 'm.jsonl'))).toEqual(byMaker.map((sku) => sku.id));
  }, 60_000);

  it('exports whole a leaf category the search matched by its name: --search tablet gives its SKUs, in the planned calls', async () => {
    const dir = tempDir();
    const env = { server, sandbox, stateDir: join(dir, 'state') };
    const api = sandboxClient(sandbox).catalog;
    // GET /search?q=tablet finds "Tablets & Αξεσουάρ" (1612, not a leaf) and its leaves "Tablets"
    // (1105) and "Θήκες Tablet" (1608), all by their name: match_count counts all their SKUs,
    // though few SKU names hold "tablet".
    const found = await api.search({ q: 'tablet', per: 100 });
    const leaves = found.items.filter((c) => c.children_count === 0);
    expect(leaves.map((c) => c.id)).toEqual([1105, 1608]);
    expect(found.items.map((c) => c.id)).toEqual([1612, 1105, 1608]);
    // What a user searching "tablet" expects: every SKU of those leaves, listed through the SDK.
    const expected: number[] = [];
    for (const c of leaves)
      for await (const sku of api.categories.skus(c.id, { per: 100 })) expected.push(sku.id);
    const [tablets = 0, cases = 0] = leaves.map((c) => c.match_count ?? 0);
    expect(expected.length).toBe(tablets + cases);

    const out = join(dir, 'tablets.jsonl');
    const before = sandbox.apiCalls().length;
    const result = await counted(
      sandbox,
      ['skus', '--search', 'tablet', '--per', '20', '--out', out, '--no-cache'],
      env,
    );
    expect(result.code, result.stderr).toBe(0);
    const exported = ids(out);
    expect(exported).toEqual(expected);
    expect(new Set(exported).size).toBe(exported.length);
    expect(result.stderr).toContain(`Done: ${expected.length} records in`);

    // One search page, then each leaf whole (no keyword) in ceil(match_count / 20) pages.
    const sent = sandbox
      .apiCalls()
      .slice(before)
      .map(
        (call) =>
          `${call.path} q=${call.query.get('q')} per=${call.query.get('per')} page=${call.query.get('page')}`,
      );
    const pagesOf = (n: number): number => Math.ceil(n / 20);
    expect(sent).toEqual([
      '/search q=tablet per=20 page=1',
      ...Array.from(
        { length: pagesOf(tablets) },
        (_, i) => `/categories/1105/skus q=null per=20 page=${i + 1}`,
      ),
      ...Array.from(
        { length: pagesOf(cases) },
        (_, i) => `/categories/1608/skus q=null per=20 page=${i + 1}`,
      ),
    ]);
    // The plan (still marked as an estimate) is what was spent, and says why.
    const planned = result.stderr.match(
      /Plan: skus of the search "tablet", ≈(\d+) records, pages of 20: ≈(\d+) calls/,
    );
    expect(planned, result.stderr).not.toBeNull();
    expect(Number(planned?.[1])).toBe(expected.length);
    expect(Number(planned?.[2])).toBe(result.calls);
    expect(result.calls).toBe(1 + pagesOf(tablets) + pagesOf(cases));
    expect(result.stderr).toContain(
      "Estimate: the search answer counts the matching categories (3, on 1 search page) and each listed category's match_count, the 2 leaf categories whose name holds the query (1105, 1608) are exported whole, in ceil(match_count / per) pages each as far as the listing holds the SKUs the search counts, and the category with subcategories (1612) is not listed (only leaf categories are).",
    );
  }, 60_000);

  it('refuses bad usage before any call', async () => {
    const dir = tempDir();
    const env = { server, sandbox, stateDir: join(dir, 'state') };
    const none = await counted(sandbox, ['skus', '--out', join(dir, 'x.jsonl')], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give --category ID, --manufacturer ID or --search Q');
    const badFormat = await counted(
      sandbox,
      ['skus', '--category', '40', '--format', 'xml', '--out', 'x'],
      env,
    );
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/--format.*xml/);
    expect(none.calls + badFormat.calls).toBe(0);
  }, 60_000);
});

describe('price-catalog export under a daily budget', () => {
  it('stops cleanly when the day is spent, says when, and resumes the next (simulated) day', async () => {
    const limited = createSandbox({ dailyLimit: 4, rateLimit: { limit: 1000, windowMs: 1000 } });
    const server = await limited.listen();
    const free = createSandbox({ dailyLimit: null });
    const freeServer = await free.listen();
    try {
      const dir = tempDir();
      const out = join(dir, 'skus.jsonl');
      const env = {
        server,
        sandbox: limited,
        stateDir: join(dir, 'state'),
        extra: { PRICE_CATALOG_DAILY_LIMIT: '4' },
      };
      const args = ['skus', '--category', String(SMALL_CATEGORY), '--per', '5', '--out', out, '--no-cache'];
      // Pages of 5: more than one day's 4 calls, and within two days (asked of the unlimited
      // sandbox, which serves the same data, so as not to spend the limited one's day).
      const pages = Math.ceil((await sandboxSkuCount(free, SMALL_CATEGORY)) / 5);
      expect(pages).toBeGreaterThan(4);
      expect(pages).toBeLessThanOrEqual(8);

      const day1 = await counted(limited, args, env);
      expect(day1.code, day1.stderr).toBe(75);
      expect(day1.calls).toBe(4);
      expect(day1.stderr).toContain(
        `It needs ${pages - 1} more calls, more than is left today: this run stops after 4 calls`,
      );
      expect(day1.stderr).toMatch(
        /Stopped: the daily budget is spent \(4 of 4 calls counted on the server's day (\d{4}-\d\d-\d\d)\)\. 20 records in .*, checkpoint saved\. Resume after \d{4}-\d\d-\d\dT00:00:00\.000Z \(the server's next UTC day\)/,
      );
      // The CLI stopped before the server's limit: it never got the lockout.
      expect(limited.apiCalls({ status: 401 })).toHaveLength(0);

      const again = await counted(limited, args, env);
      expect(again.code).toBe(75);
      expect(again.calls).toBe(0);
      expect(again.stderr).toContain('Stopped: the daily budget is spent (4 of 4 calls');

      limited.startNextDay();
      const day2 = await counted(limited, args, env);
      expect(day2.code, day2.stderr).toBe(0);
      expect(day2.calls).toBe(pages - 4);
      expect(day2.stderr).toMatch(
        new RegExp(
          `Resuming .*: 20 records in 4 pages written, 4 calls spent of ${pages} planned; 4 of 4 calls left today`,
        ),
      );

      const whole = join(dir, 'whole.jsonl');
      const reference = await run(
        ['skus', '--category', String(SMALL_CATEGORY), '--per', '5', '--out', whole, '--no-cache'],
        {
          server: freeServer,
          sandbox: free,
          stateDir: join(dir, 'free-state'),
        },
      );
      expect(reference.code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(whole, 'utf8'));
    } finally {
      await server.close();
      await freeServer.close();
    }
  }, 60_000);

  it('stops cleanly when the server locks the client out before its own count says so', async () => {
    const limited = createSandbox({ dailyLimit: 2, rateLimit: { limit: 1000, windowMs: 1000 } });
    const server = await limited.listen();
    try {
      const dir = tempDir();
      const out = join(dir, 'skus.jsonl');
      // The CLI believes in 1000 calls a day; the server allows 2.
      const env = { server, sandbox: limited, stateDir: join(dir, 'state') };
      const args = ['skus', '--category', String(SMALL_CATEGORY), '--per', '5', '--out', out, '--no-cache'];
      const day1 = await counted(limited, args, env);
      expect(day1.code, day1.stderr).toBe(75);
      expect(day1.stderr).toMatch(
        /Stopped: the daily budget is spent \(the server refuses this application for its day \d{4}-\d\d-\d\d; this machine counted 3 calls\)/,
      );
      expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(10);
      // Refused at the token endpoint (no call) from then on, until the next day.
      const again = await counted(limited, args, env);
      expect(again.code).toBe(75);
      expect(again.calls).toBe(0);
      limited.startNextDay();
      const day2 = await counted(limited, args, env);
      expect(day2.code, day2.stderr).toBe(75);
      expect(readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(20);
    } finally {
      await server.close();
    }
  }, 60_000);
});

/** The listing as the API serves it, straight from the sandbox (in process, not counted by the CLI). */
/** The ids of a JSON Lines export, in order. */
function ids(file: string): number[] {
  return readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => (JSON.parse(line) as { id: number }).id);
}

async function sandboxListing(
  sandbox: Sandbox,
  path: string,
  total: number,
  query = '',
): Promise<{ id: number }[]> {
  const token = sandbox.issueToken();
  const out: { id: number }[] = [];
  for (let page = 1; out.length < total; page++) {
    const response = await sandbox.fetch(`${sandbox.baseUrl}${path}?per=100&page=${page}${query}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.skroutz+json; version=3.1' },
    });
    const body = (await response.json()) as { skus: { id: number }[] };
    if (body.skus.length === 0) break;
    out.push(...body.skus);
  }
  return out;
}
