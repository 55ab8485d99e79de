import { fillPath } from './paths.js';
import type { EndpointCall, EndpointRow, StaleRead } from './row.js';

/** A read made stale by a write: its row and the path parameters it is bound to (the rest: any). */
export interface StaleTarget<R extends EndpointCall = EndpointRow> {
  row: R;
  params: Readonly<Record<string, string>>;
  /** Stale only in answers fetched with the user's token (see `StaleRead.asUserSees`). */
  asUserSees: boolean;
}

/**
 * The reads a write makes stale, given the write's path parameters: the one rule the SDK's
 * cache, the query entry and the handler share. `same` binds a read's parameter to the write's
 * (a review of SKU 7 makes SKU 7's reviews stale, not SKU 8's).
 */
export function staleReads<R extends EndpointCall>(
  write: { stale?: readonly StaleRead<R>[] | undefined },
  params: Readonly<Record<string, string>>,
): StaleTarget<R>[] {
  return (write.stale ?? []).map(({ read, same, asUserSees }) => {
    const bound: Record<string, string> = {};
    for (const [readParam, writeParam] of Object.entries(same ?? {})) {
      const value = params[writeParam];
      if (value !== undefined) bound[readParam] = value;
    }
    return { row: read, params: bound, asUserSees: asUserSees === true };
  });
}

/**
 * The paths of the reads a write makes stale, as patterns: `/favorites`,
 * `/categories/:id/favorites` (`:id`: any), `/skus/7/reviews`. `pathMatches(pattern, path)`
 * tells whether a cached read is one of them.
 */
export function stalePaths(write: EndpointCall, params: Readonly<Record<string, string>>): string[] {
  return staleReads(write, params).map((target) => fillPath(target.row, target.params));
}
