import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_ROWS } from '../../src/index.js';

const DOC = readFileSync(new URL('../../docs/endpoints.md', import.meta.url), 'utf8');

/** `/skus/:sku_id/reviews/:id` and `/skus/:id/reviews/:review_id` are one path. */
const shape = (path: string) => path.replace(/:[a-z_]+/g, ':');

/** The doc's endpoint table lines: `| GET | /skus/:id | `api.skus.get(id)` | … |`. */
function documented(): string[] {
  const out: string[] = [];
  for (const line of DOC.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const [, method, path, sdk] = cells;
    if (!method || !/^(GET|POST|PUT|PATCH|DELETE)$/.test(method) || !path?.startsWith('/')) continue;
    const name = /`api\.([A-Za-z.]+)\(/.exec(sdk ?? '')?.[1];
    out.push(`${method} ${shape(path)} ${name}`);
  }
  return out.sort();
}

/** The doc's "What a write makes stale" lines: `| `favorites.create` | `favorites.list`, … |`. */
function documentedStale(): Record<string, string[]> {
  const section = DOC.split('## What a write makes stale')[1]?.split('\n## ')[0] ?? '';
  const out: Record<string, string[]> = {};
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const write = /^`([A-Za-z.]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!write) continue;
    // Client methods (`favorites.list`), not the fields named beside them (`favorited`).
    out[write] = [...(cells[2] ?? '').matchAll(/`([A-Za-z]+(?:\.[A-Za-z]+)+)`/g)]
      .map((m) => m[1] as string)
      .sort();
  }
  return out;
}

/**
 * The doc's "Query parameters and their values" table, by `method parameter`: the value list a
 * cell starts with (`` `name`, `popularity` ``), or null when it starts with words (`string: ...`)
 * for a parameter that takes any value of its kind. An empty method cell continues the one above.
 */
function documentedValues(): Map<string, readonly string[] | null> {
  const section = DOC.split('## Query parameters and their values')[1]?.split('\n## ')[0] ?? '';
  const out = new Map<string, readonly string[] | null>();
  let method = '';
  for (const line of section.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const param = /^`(.+)`$/.exec(cells[2] ?? '')?.[1]?.replace(/\\\|/g, '|');
    if (!param || cells[1] === 'Client method') continue;
    method = /^`([A-Za-z.]+)`$/.exec(cells[1] ?? '')?.[1] ?? (cells[1] === '' ? method : `?${cells[1]}`);
    const list = /^`[^`]+`(?:, `[^`]+`)*/.exec(cells[3] ?? '')?.[0];
    const key = `${method} ${param}`;
    if (out.has(key)) throw new Error(`docs/endpoints.md lists ${key} twice`);
    out.set(key, list ? [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string) : null);
  }
  return out;
}

describe('docs/endpoints.md agrees with the endpoint table', () => {
  it('lists every row once, with its method, path and client method, and nothing else', () => {
    const rows = ENDPOINT_ROWS.map((row) => `${row.method} ${shape(row.path)} ${row.name}`).sort();
    expect(documented()).toEqual(rows);
  });

  it('lists every query parameter (but page and per) with the values the table allows, or none when any goes', () => {
    const rows = new Map(
      ENDPOINT_ROWS.flatMap((row) =>
        row.query
          .filter((param) => param.name !== 'page' && param.name !== 'per')
          .map((param) => [`${row.name} ${param.name}`, param.values ?? null] as const),
      ),
    );
    const doc = documentedValues();
    expect([...doc.keys()].sort()).toEqual([...rows.keys()].sort());
    const wrong = [...rows]
      .filter(([key, values]) => JSON.stringify(doc.get(key)) !== JSON.stringify(values))
      .map(
        ([key, values]) =>
          `${key}: the doc says ${JSON.stringify(doc.get(key))}, the table ${JSON.stringify(values)}`,
      );
    expect(wrong).toEqual([]);
    // The dynamic order_by of a category's SKUs: its values come with the answer.
    expect(DOC).toMatch(
      /`catalog\.categories\.skus` \| `order_by` \| string: a method of the answer's `meta\.order_by_methods`/,
    );
  });

  it('says every list takes page and per', () => {
    expect(ENDPOINT_ROWS.some((row) => row.query.some((param) => param.name === 'page'))).toBe(true);
    expect(DOC).toContain('Every list takes `page`');
  });

  it('says what each write makes stale, as the rows do', () => {
    const rows = Object.fromEntries(
      ENDPOINT_ROWS.filter((row) => row.method !== 'GET' && !row.signsOut).map((row) => [
        row.name,
        [...new Set(row.stale.map((stale) => stale.read.name))].sort(),
      ]),
    );
    expect(documentedStale()).toEqual(rows);
  });
});
