import type { CategoryRecord, SkuRecord } from '../data/types.js';
import type { FavoriteRecord } from '../data/user-types.js';
import { recordInvalid } from '../reviews/review-input.js';
import { customListFor, ensureAutoList, listAssignmentFailed, listForSku } from './favorite-lists.js';
import type { Account, UserBook } from './user-book.js';

/** Where a create or update asks a favorite to go; an absent field was not sent. */
export interface Placement {
  haveIt?: boolean;
  listId?: number;
  newListName?: string;
}

/** The SKU a favorite is about and its leaf category, which owns the auto list. */
export interface FavoriteSubject {
  sku: SkuRecord;
  category: CategoryRecord;
}

/**
 * `POST /favorites`. One favorite per user and SKU (a second is a 422). Then, first match wins:
 * `have_it: true` → owned, in no list; `new_list_name` → that custom list (created if absent),
 * `have_it` null; `favorite_list_id` → that list; nothing → the auto list of the SKU's category
 * (created if needed).
 */
export function createFavorite(
  book: UserBook,
  account: Account,
  subject: FavoriteSubject,
  placement: Placement,
  now: string,
): FavoriteRecord {
  if (account.favorites.some((favorite) => favorite.sku_id === subject.sku.id))
    throw recordInvalid('Sku has already been taken');
  let haveIt: boolean | null = false;
  let listId: number | null;
  if (placement.haveIt === true) {
    haveIt = true;
    listId = null;
  } else if (placement.newListName !== undefined) {
    haveIt = null;
    listId = customListFor(book, account, placement.newListName).id;
  } else if (placement.listId !== undefined) {
    listId = listForSku(account, placement.listId, subject.sku, subject.category).id;
  } else {
    listId = ensureAutoList(account, subject.category).id;
  }
  const favorite: FavoriteRecord = {
    id: book.newFavoriteId(),
    have_it: haveIt,
    user_id: account.profile.id,
    user_notes: null,
    sku_id: subject.sku.id,
    created_at: now,
    updated_at: now,
    get_absolute_threshold: null,
    favorite_list_id: listId,
  };
  account.favorites.push(favorite);
  return favorite;
}

/**
 * `PUT /favorites/:id`, the spec's transitions, first match wins:
 * - `have_it: true` → owned, in no list; a list id or name sent with it is ignored;
 * - `new_list_name` (any state) → that custom list (created if absent), `have_it` null;
 * - `favorite_list_id` (not owned) → moved to that list; an owned favorite needs `have_it: false`
 *   with it, else 400 (it belongs to no list);
 * - `have_it: false` alone → no longer owned, back in the auto list of its category; on a
 *   favorite in a list it only sets the flag.
 * Nothing recognised leaves it as it was. `updated_at` moves only on a change.
 */
export function updateFavorite(
  book: UserBook,
  account: Account,
  favorite: FavoriteRecord,
  subject: FavoriteSubject,
  placement: Placement,
  now: string,
): FavoriteRecord {
  const before = { haveIt: favorite.have_it, listId: favorite.favorite_list_id };
  const owned = favorite.have_it === true;
  if (placement.haveIt === true) {
    favorite.have_it = true;
    favorite.favorite_list_id = null;
  } else if (placement.newListName !== undefined) {
    favorite.favorite_list_id = customListFor(book, account, placement.newListName).id;
    favorite.have_it = null;
  } else if (placement.listId !== undefined) {
    if (owned && placement.haveIt !== false) {
      throw listAssignmentFailed(
        'An owned favorite belongs to no list: send have_it=false with favorite_list_id to move it',
      );
    }
    favorite.favorite_list_id = listForSku(account, placement.listId, subject.sku, subject.category).id;
    if (owned) favorite.have_it = false;
  } else if (placement.haveIt === false) {
    if (owned) favorite.favorite_list_id = ensureAutoList(account, subject.category).id;
    favorite.have_it = false;
  }
  if (before.haveIt !== favorite.have_it || before.listId !== favorite.favorite_list_id)
    favorite.updated_at = now;
  return favorite;
}
