import { rootedParam } from '../http/body.js';
import { invalidParameter } from '../http/http-error.js';
import type { Placement } from '../users/favorite-rules.js';

/** A param that may be blank: blank (or JSON null) counts as not sent. */
function present(params: URLSearchParams, name: string): string | undefined {
  const value = rootedParam(params, 'favorite', name);
  return value === null || value.trim() === '' ? undefined : value.trim();
}

/**
 * `have_it`, `favorite_list_id`, `new_list_name` from the query or the body, under `favorite[...]`
 * or on their own (the spec shows `have_it` both ways). Malformed values are a 400.
 */
export function readPlacement(params: URLSearchParams): Placement {
  const placement: Placement = {};
  const haveIt = present(params, 'have_it');
  if (haveIt !== undefined) {
    if (haveIt !== 'true' && haveIt !== 'false' && haveIt !== '1' && haveIt !== '0')
      throw invalidParameter('have_it', 'must be true or false');
    placement.haveIt = haveIt === 'true' || haveIt === '1';
  }
  const listId = present(params, 'favorite_list_id');
  if (listId !== undefined) {
    if (!/^-?\d+$/.test(listId)) throw invalidParameter('favorite_list_id', 'must be an integer');
    placement.listId = Number(listId);
  }
  const name = present(params, 'new_list_name');
  if (name !== undefined) placement.newListName = name;
  return placement;
}

/** `favorite[sku_id]` (or `sku_id`): required, an integer. */
export function readSkuId(params: URLSearchParams): number {
  const raw = present(params, 'sku_id');
  if (raw === undefined) throw invalidParameter('favorite[sku_id]', 'is required');
  if (!/^\d+$/.test(raw)) throw invalidParameter('favorite[sku_id]', 'must be an integer');
  return Number(raw);
}
