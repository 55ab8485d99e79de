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

describe('docs/endpoints.md agrees with the endpoint table', () => {
  it('lists every row once, with its method, path and client method, and nothing else', () => {
    const rows = ENDPOINT_ROWS.map((row) => `${row.method} ${shape(row.path)} ${row.name}`).sort();
    expect(documented()).toEqual(rows);
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
