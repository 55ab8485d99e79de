import type { HttpMethod as Method } from '../internal/http-method.js';
import type { TokenRecord } from './auth/tokens.js';
import type { Catalog } from './data/catalog-cache.js';
import type { JsonObject } from './http/json.js';
import type { Pagination } from './http/pagination.js';
import type { SandboxState } from './state.js';
import type { Version } from './versions/version.js';

export type { Method };

export interface RouteContext {
  request: Request;
  url: URL;
  params: Record<string, string>;
  query: URLSearchParams;
  version: Version;
  token: TokenRecord;
  catalog: Catalog;
  state: SandboxState;
}

export interface RouteResult {
  /** Default 200. */
  status?: number;
  /** null for an empty body (204). */
  body: JsonObject | null;
  /**
   * As the real service varies it per endpoint: 'long': max-age=300, private (the recorded
   * catalog records: categories, products, reviews, specifications, filter groups, flags,
   * locations); 'fresh': max-age=0, private, must-revalidate (the recorded public lists: category
   * and manufacturer SKUs, manufacturers, search, shop product search); 'short': private,
   * max-age=60, the spec's value, for endpoints no recording shows (default for GET); all three
   * take `cacheMaxAge` when set. 'revalidate': max-age=0, private, must-revalidate whatever the
   * option (a user's own records, as recorded); 'none': no-cache.
   */
  cache?: 'short' | 'long' | 'fresh' | 'revalidate' | 'none';
  /** Set by lists: drives the Link header. */
  pagination?: Pagination;
  /** false: no Link header under `linkHeaders: 'auto'` (the real API sends none on this list). */
  autoLink?: boolean;
  headers?: Record<string, string>;
}

export interface RouteDef {
  /** A stable name for the contract tables (`category_skus`). */
  id: string;
  method: Method;
  /** `/categories/:id/skus`; a literal segment wins over a `:param` one. */
  path: string;
  /** The version that introduced the endpoint; older versions get a 404 RoutingError. */
  since?: string;
  /**
   * The scope a token needs; default `public`, null for none (the `/user` endpoints). Without it:
   * 403 `InsufficientScope`.
   */
  scope?: string | null;
  /** Only a user token may call it (favorites, notifications, `/user`); else 403 `UserTokenRequired`. */
  userToken?: boolean;
  handler(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

export type RouteMatch =
  | { kind: 'found'; route: RouteDef; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: Method[] }
  | { kind: 'none' };

interface Compiled {
  route: RouteDef;
  segments: string[];
  literals: number;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

export class Router {
  private readonly routes: Compiled[] = [];

  constructor(routes: readonly RouteDef[] = []) {
    for (const route of routes) this.add(route);
  }

  add(route: RouteDef): void {
    const segments = splitPath(route.path);
    this.routes.push({ route, segments, literals: segments.filter((s) => !s.startsWith(':')).length });
  }

  match(method: string, path: string): RouteMatch {
    const parts = splitPath(path).map((part) => {
      try {
        return decodeURIComponent(part);
      } catch {
        return part;
      }
    });
    const candidates: { compiled: Compiled; params: Record<string, string> }[] = [];
    for (const compiled of this.routes) {
      const params = matchSegments(compiled.segments, parts);
      if (params) candidates.push({ compiled, params });
    }
    if (candidates.length === 0) return { kind: 'none' };
    // `/categories/root` must beat `/categories/:id`.
    const best = Math.max(...candidates.map((c) => c.compiled.literals));
    const preferred = candidates.filter((c) => c.compiled.literals === best);
    const hit = preferred.find((c) => c.compiled.route.method === method);
    if (hit) return { kind: 'found', route: hit.compiled.route, params: hit.params };
    return { kind: 'wrong-method', allowed: [...new Set(preferred.map((c) => c.compiled.route.method))] };
  }
}

function matchSegments(pattern: readonly string[], parts: readonly string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    const actual = parts[i] as string;
    if (expected.startsWith(':')) params[expected.slice(1)] = actual;
    else if (expected !== actual) return null;
  }
  return params;
}
