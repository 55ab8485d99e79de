import { matchEndpoint } from './match.js';
import { stalePaths } from './stale.js';

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The read paths (patterns, as `stalePaths` gives them) that a write to `path` makes stale, for
 * caches outside the SDK: `staleAfterWrite('/favorites')` names the favorites, the lists, a
 * category's and a SKU's favorites, not a category or a SKU. Without `method`, any write the
 * path has; a path that is no endpoint's gives itself.
 */
export function staleAfterWrite(path: string, method?: string): readonly string[] {
  const pathname = path.split('?')[0] ?? path;
  const methods = method === undefined ? WRITE_METHODS : [method];
  const out = new Set<string>();
  let known = false;
  for (const verb of methods) {
    const match = matchEndpoint(verb, pathname);
    if (!match || match.row.method === 'GET') continue;
    known = true;
    for (const stale of stalePaths(match.row, match.params)) out.add(stale);
  }
  return known ? [...out] : [pathname];
}
