/**
 * The served routes compiled once, when the handler is created: by segment count, then the most
 * literal templates first, each template's segments split once. A path is matched by one walk
 * over the templates of its length; no template is split again per request.
 */
import { ENDPOINT_ROWS, type EndpointRow, type QueryParam, queryNamesOf } from '../../index.js';
import type { HttpMethod } from '../../internal/http-method.js';
import type { RouteLookup } from './routes.js';

/** A path parameter's value as a URL segment (as the endpoint table takes it). */
const PARAM_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

interface Compiled {
  row: EndpointRow;
  /** The template's segments: a literal, or null for a `:param`. */
  literals: readonly (string | null)[];
  names: readonly string[];
  literalCount: number;
  query: readonly QueryParam[];
}

/** Every route a path fits among the most literal templates that fit it, by method. */
export interface PathMatch {
  /** The methods the path takes, in table order of first appearance. */
  readonly methods: readonly HttpMethod[];
  lookup(method: string): RouteLookup | undefined;
}

export type RouteTable = (segments: readonly string[]) => PathMatch | undefined;

export function compileRoutes(rows: readonly EndpointRow[] = ENDPOINT_ROWS): RouteTable {
  const byLength = new Map<number, Compiled[]>();
  for (const row of rows) {
    const parts = row.path.split('/').filter((segment) => segment !== '');
    const literals = parts.map((part) => (part.startsWith(':') ? null : part));
    const compiled: Compiled = {
      row,
      literals,
      names: parts.map((part) => (part.startsWith(':') ? part.slice(1) : '')),
      literalCount: literals.filter((part) => part !== null).length,
      query: queryNamesOf(row),
    };
    const list = byLength.get(parts.length) ?? [];
    list.push(compiled);
    byLength.set(parts.length, list);
  }
  // Most literal first; among equals, table order (a stable sort keeps it).
  for (const list of byLength.values()) list.sort((a, b) => b.literalCount - a.literalCount);

  return (segments) => {
    const candidates = byLength.get(segments.length);
    if (!candidates) return undefined;
    let best = -1;
    const found: Compiled[] = [];
    for (const candidate of candidates) {
      if (candidate.literalCount < best) break;
      if (fits(candidate, segments)) {
        best = candidate.literalCount;
        found.push(candidate);
      }
    }
    if (found.length === 0) return undefined;
    const methods: HttpMethod[] = [];
    for (const { row } of found) if (!methods.includes(row.method)) methods.push(row.method);
    return {
      methods,
      lookup(method) {
        const hit = found.find((candidate) => candidate.row.method === method);
        return hit ? lookupOf(hit, segments) : undefined;
      },
    };
  };
}

function fits(candidate: Compiled, segments: readonly string[]): boolean {
  const { literals } = candidate;
  for (let i = 0; i < literals.length; i++) {
    const literal = literals[i];
    const segment = segments[i] as string;
    if (literal === null ? !PARAM_SEGMENT.test(segment) : literal !== segment) return false;
  }
  return true;
}

function lookupOf(candidate: Compiled, segments: readonly string[]): RouteLookup {
  const { row } = candidate;
  const params: Record<string, string> = {};
  candidate.names.forEach((name, i) => {
    if (name !== '') params[name] = segments[i] as string;
  });
  return {
    route: { method: row.method, path: row.path, user: row.user },
    name: row.name,
    params,
    query: candidate.query,
    row,
  };
}
