import { PLAIN_SEGMENT } from '../internal/path-text.js';
import { segmentsOf } from './paths.js';
import { type EndpointRow, FIELDSETS, type QueryParam } from './row.js';
import { ENDPOINT_ROWS } from './table.js';

/** A request's row and the values of its path parameters. */
export interface EndpointMatch {
  row: EndpointRow;
  /** By the template's names: `{ sku_id: '3443837', review_id: '12' }`. */
  params: Record<string, string>;
}

/** The rows a path's segments fit, among the most literal templates that fit them, in table order. */
export type EndpointTable = (segments: readonly string[]) => readonly EndpointMatch[];

interface Compiled {
  row: EndpointRow;
  /** The template's segments: a literal, or null for a `:param`. */
  literals: readonly (string | null)[];
  names: readonly string[];
  literalCount: number;
}

/**
 * The one route-precedence rule, compiled once (templates split once, grouped by segment count):
 * among the templates a path fits, the most literal win (`/categories/root` over
 * `/categories/:id`), every method of them in table order; a parameter is one plain segment.
 */
export function compileEndpoints(rows: readonly EndpointRow[] = ENDPOINT_ROWS): EndpointTable {
  const byLength = new Map<number, Compiled[]>();
  for (const row of rows) {
    const parts = segmentsOf(row.path);
    const literals = parts.map((part) => (part.startsWith(':') ? null : part));
    const list = byLength.get(parts.length) ?? [];
    list.push({
      row,
      literals,
      names: parts.map((part) => (part.startsWith(':') ? part.slice(1) : '')),
      literalCount: literals.filter((part) => part !== null).length,
    });
    byLength.set(parts.length, list);
  }
  // Most literal first; among equals, table order (a stable sort keeps it).
  for (const list of byLength.values()) list.sort((a, b) => b.literalCount - a.literalCount);
  return (segments) => {
    const found: EndpointMatch[] = [];
    let best = -1;
    for (const candidate of byLength.get(segments.length) ?? []) {
      if (candidate.literalCount < best) break;
      if (fits(candidate, segments)) {
        best = candidate.literalCount;
        found.push({ row: candidate.row, params: paramsOf(candidate, segments) });
      }
    }
    return found;
  };
}

function fits(candidate: Compiled, segments: readonly string[]): boolean {
  const { literals } = candidate;
  for (let i = 0; i < literals.length; i++) {
    const literal = literals[i];
    const segment = segments[i] as string;
    if (literal === null ? !PLAIN_SEGMENT.test(segment) : literal !== segment) return false;
  }
  return true;
}

function paramsOf(candidate: Compiled, segments: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  candidate.names.forEach((name, i) => {
    if (name !== '') params[name] = segments[i] as string;
  });
  return params;
}

let table: EndpointTable | undefined;

/**
 * The row of a method and path (relative to the API's base: `/skus/3443837`), or undefined: the
 * most literal templates the path fits (`compileEndpoints`), then the method must match, so a
 * known path with another method is undefined too.
 */
export function matchEndpoint(method: string, pathname: string): EndpointMatch | undefined {
  table ??= compileEndpoints();
  const upper = method.toUpperCase();
  return table(segmentsOf(pathname)).find((match) => match.row.method === upper);
}

/** Every query name a request of the row may carry: its own, and the sparse fieldsets on a read. */
export function queryNamesOf(row: EndpointRow): readonly QueryParam[] {
  if (row.method !== 'GET' || row.query.some((param) => param.kind === 'fieldset')) return row.query;
  return [...row.query, ...FIELDSETS];
}
